/**
 * A daily digest and owning an alert, end to end as `npm start` runs it with nothing configured: in the local
 * workspace page a person watches the Hapag-Lloyd shipment whose last free day is today, takes it, snoozes one box and
 * marks another done from the card's container menu, and asks for the channel's digest now. With
 * SHIPWATCH_SCREENSHOTS set, the README's screenshots are written there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../src/main.js';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason, launchBrowser } from './helpers/browser.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const WAIT_MS = 30_000;
const BL = DEMO.shipments.arrived.bl;
const SCREENSHOTS = process.env.SHIPWATCH_SCREENSHOTS?.trim() || null;

describe.skipIf(skipReason !== null)('a digest and owning an alert in the local workspace', () => {
  let running: RunningShipwatch;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-e2e-digest-'));
    running = await startShipwatch({
      env: { PORT: '0', SHIPWATCH_DATA_DIR: dataDir },
      out: () => {},
      logger: createLogger({ level: 'info', write: (line) => logs.push(line) }),
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
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
