/**
 * App Home in the local workspace, as `npm start` runs it with nothing configured: a person watches two shipments in
 * the channel, opens Shipwatch's Home tab and sees the containers whose last free day has passed or is today first,
 * in a table they can sort and filter, then hands the list on with "Download CSV" and finds the file in their direct
 * message (shown in the one channel, to them alone). With SHIPWATCH_SCREENSHOT_DIR set, the Home tab is saved there
 * as home-tab.png (the README's picture).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../src/main.js';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason, launchBrowser } from './helpers/browser.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const WAIT_MS = 30_000;

describe.skipIf(skipReason !== null)('App Home in the local workspace', () => {
  let running: RunningShipwatch;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-e2e-home-'));
    running = await startShipwatch({
      env: { PORT: '0', SHIPWATCH_DATA_DIR: dataDir },
      out: () => {},
      logger: createLogger({ level: 'info', write: (line) => logs.push(line) }),
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(WAIT_MS);
    await page.goto(running.url ?? '');
    await page.locator('#connection[data-state="live"]').waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    onTestFailed(() => {
      console.error(`last log lines:\n${logs.slice(-40).join('\n')}`);
    });
  });

  const composer = () => page.getByRole('combobox', { name: 'Message' });
  async function send(text: string): Promise<void> {
    await composer().fill(text);
    await composer().press('Escape');
    await composer().press('Enter');
  }
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
    expect(csv.split('\r\n')[0]).toBe('Container,Status,LFD,ETA,Terminal,Customer,Shipment,Channel');
    expect(csv).toContain(DEMO.containers.lfdOverdue);
  });
});
