import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason } from './helpers/browser.js';
import { useLocalShipwatch } from './helpers/local-shipwatch.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const BL = DEMO.shipments.arrived.bl;
const SCREENSHOTS = process.env.SHIPWATCH_SCREENSHOT_DIR?.trim() || null;

describe.skipIf(skipReason !== null)('a digest and owning an alert in the local workspace', () => {
  const local = useLocalShipwatch({ name: 'digest', viewport: { width: 1200, height: 1000 } });
  let page: Page;
  beforeAll(() => {
    page = local.page;
  });
  const send = local.send;
  const card = (): Locator =>
    page.locator('#timeline > .entry > article[data-testid="message"]').filter({ hasText: BL }).last();
  const thread = (): Locator => card().locator('xpath=following-sibling::div[contains(@class,"thread")]');

  it('takes the watched shipment: the card names its owner and the thread says who took it', async () => {
    await send(`/shipwatch watch ${BL}`);
    await card().getByText('Watching').first().waitFor();
    await card().getByRole('button', { name: 'Take it' }).click();
    await card().getByText('Taken by').waitFor();
    await thread()
      .locator('article')
      .filter({ hasText: `took ${BL}` })
      .waitFor();
  });

  it('snoozes one box and marks another done from the container menu', async () => {
    onTestFailed(async () => {
      await page.screenshot({ path: '/tmp/e2e-alerts-failure.png' });
    });
    await card().getByRole('button', { name: 'More actions' }).first().click();
    await card()
      .getByRole('menuitem', { name: /^Snooze to / })
      .first()
      .click();
    await thread().locator('article').filter({ hasText: 'snoozed the reminders' }).waitFor();
    await card().getByText('Reminders snoozed until').waitFor();
    await card().getByRole('button', { name: 'More actions' }).nth(1).click();
    await card().getByRole('menuitem', { name: 'Done: no more reminders' }).first().click();
    await thread().locator('article').filter({ hasText: 'marked' }).waitFor();
    await card().getByText('Done: no more reminders for this box here').waitFor();
    if (SCREENSHOTS) await card().screenshot({ path: join(SCREENSHOTS, 'owning-an-alert.png') });
  }, 60_000);

  it('posts the channel’s digest now, with the box whose last free day is today', async () => {
    await send('/shipwatch digest now');
    const digest = page
      .locator('article[data-testid="message"]')
      .filter({ hasText: 'Shipwatch digest' })
      .last();
    await digest.waitFor();
    const text = (await digest.textContent()) ?? '';
    expect(text).toMatch(/LFD today|LFD passed/);
    expect(text).toContain(BL);
    if (SCREENSHOTS) await digest.screenshot({ path: join(SCREENSHOTS, 'digest.png') });
  });
});
