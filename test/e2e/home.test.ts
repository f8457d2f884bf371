import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason } from './helpers/browser.js';
import { useLocalShipwatch } from './helpers/local-shipwatch.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

describe.skipIf(skipReason !== null)('App Home in the local workspace', () => {
  const local = useLocalShipwatch({ name: 'home', viewport: { width: 1280, height: 1000 } });
  let page: Page;
  beforeAll(() => {
    page = local.page;
  });
  const send = local.send;
  const watchedCard = (bl: string): Locator =>
    page
      .locator('#timeline > .entry > article[data-testid="message"]')
      .filter({ hasText: bl })
      .filter({ hasText: 'Watching' })
      .last();
  const attention = () => page.locator('#home-view [data-block-id="home_table_attention"]');

  it('lists the watched containers most urgent first in a table that sorts and filters', async () => {
    for (const bl of [DEMO.shipments.arrived.bl, DEMO.shipments.appointment.bl, DEMO.shipments.onWater.bl]) {
      await send(`/shipwatch watch ${bl}`);
      await watchedCard(bl).waitFor();
    }
    await page.getByTestId('open-home').click();
    await page.getByTestId('home-tab').getByText('Your shipments').waitFor();
    await attention().waitFor();
    await expect.poll(() => page.getByTestId('home-tab').textContent()).toContain('Welcome to Shipwatch');

    const rows = attention().locator('tbody tr:not([hidden])');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    // Overdue first, then LFD today: the order of the attention tiers.
    expect(await rows.nth(0).textContent()).toContain(DEMO.containers.lfdOverdue);
    expect(await rows.nth(1).textContent()).toContain(DEMO.containers.lfdToday);
    // Each row names its channel and links to its card.
    expect(await rows.nth(0).locator('.mention--channel').textContent()).toMatch(/^#/);
    expect(await rows.nth(0).locator('a').getAttribute('href')).toMatch(/\/archives\/.+\/p\d+$/);

    // Filtering in place keeps only the matching rows.
    await attention().getByRole('searchbox').fill(DEMO.containers.lfdToday);
    await expect.poll(() => rows.count()).toBe(1);
    await attention().getByRole('searchbox').fill('');
    // Sorting by container number, then back.
    await attention().getByRole('button', { name: 'Container' }).click();
    await expect.poll(() => attention().getAttribute('data-sort-dir')).toBe('asc');

    await page.getByTestId('home-tab').getByText('Arriving in the next 7 days').first().waitFor();
    expect(await page.locator('#home-view').textContent()).toContain(DEMO.shipments.onWater.bl);

    const dir = process.env.SHIPWATCH_SCREENSHOT_DIR;
    if (dir) {
      await page.mouse.move(0, 0);
      await page.screenshot({ path: resolve(dir, 'home-tab.png') });
    }
  });

  it('hands the list on as a CSV file in the person’s direct message', async () => {
    await page
      .locator('#home-view [data-block-id="home_list_attention"]')
      .getByRole('button', { name: 'Download CSV' })
      .click();
    await page.getByTestId('open-channel').click();
    const file = page
      .locator('#timeline article[data-testid="message"]')
      .filter({ hasText: /shipwatch-attention-\d{4}-\d{2}-\d{2}\.csv/ })
      .last();
    await file.waitFor();
    const href = await file.getByRole('link', { name: 'Download' }).getAttribute('href');
    const csv = await (await fetch(href ?? '')).text();
    expect(csv.split('\r\n')[0]).toBe('Container,Status,LFD,ETA,Terminal,Customer,Shipment,Channel,Owner');
    expect(csv).toContain(DEMO.containers.lfdOverdue);
  });
});
