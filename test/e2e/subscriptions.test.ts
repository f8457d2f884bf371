/**
 * Subscriptions in the local workspace, as `SHIPWATCH_SIMULATOR_BOOK=300 npm start` runs them: a person subscribes
 * the channel to a slice of a book of some 300 shipments, the matching ones are watched quietly (no card appears),
 * and when demo time moves a day on, the COSCO shipment due tomorrow has news: its card is posted with the news in
 * its thread. Demo time starts at 16:00 Rotterdam time today, as in watching.test.ts, so a day on it has arrived.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../src/main.js';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason, launchBrowser } from './helpers/browser.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const WAIT_MS = 30_000;
const BL = DEMO.shipments.onWater.bl;
const FILTER = 'customer:"Rhein Retail GmbH" carrier:COSU pod:NLRTM';

function todayAt(zone: string, time: string): Date {
  return fromZonedTime(`${formatInTimeZone(new Date(), zone, 'yyyy-MM-dd')}T${time}:00`, zone);
}

describe.skipIf(skipReason !== null)('subscribing a channel in the local workspace', () => {
  let running: RunningShipwatch;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-e2e-subscribe-'));
    running = await startShipwatch({
      env: { PORT: '0', SHIPWATCH_DATA_DIR: dataDir, SHIPWATCH_SIMULATOR_BOOK: '300' },
      demoStartsAt: todayAt('Europe/Amsterdam', '16:00'),
      out: () => {},
      logger: createLogger({ level: 'info', write: (line) => logs.push(line) }),
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
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
  const cards = (): Locator =>
    page.locator('#timeline > .entry > article[data-testid="message"]').filter({ hasText: BL });
  const thread = (): Locator =>
    cards().last().locator('xpath=following-sibling::div[contains(@class,"thread")]');

  it('subscribes the channel, says who did, and posts no card for the quiet shipments it now watches', async () => {
    await send(`/shipwatch subscribe ${FILTER}`);
    await page.locator('article').filter({ hasText: 'subscribed this channel' }).last().waitFor();
    // The pass over the book has counted the matches…
    await expect
      .poll(
        async () => {
          await send('/shipwatch subscriptions');
          const list = page.locator('article.msg--ephemeral').filter({ hasText: 'in this channel' }).last();
          await list.waitFor();
          return (await list.textContent()) ?? '';
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toMatch(/\d+ shipments? match/);
    // …and their first readings are taken (one poll each), which tell nothing: no card.
    await page.waitForTimeout(8_000);
    expect(await cards().count()).toBe(0);
  }, 60_000);

  it('posts the card of the shipment that has news when demo time moves a day on, with the news in its thread', async () => {
    await page.getByTestId('demo-time-day').click();
    await cards().first().waitFor({ timeout: 60_000 });
    await cards().first().getByText('Watching').first().waitFor();
    await thread().locator('article').filter({ hasText: 'arrived' }).first().waitFor({ timeout: 60_000 });
    expect(await cards().count()).toBe(1);
  }, 90_000);
});
