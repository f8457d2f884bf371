/**
 * Watching a shipment, end to end as `npm start` runs it with nothing configured: the embedded simulator on demo
 * time sends signed webhooks to the bot, and the local workspace page shows the card and its thread. A person
 * watches the COSCO shipment due tomorrow, moves demo time a day on, and sees the card change in place and the
 * thread fill, within a minute.
 *
 * The demo's voyages keep local calendar days (the COSCO vessel arrives tomorrow at 11:00 in Rotterdam), so what a
 * day's jump reaches depends on the time of day. Demo time starts at 16:00 Rotterdam time today: a day on, the
 * vessel has arrived and the boxes are off it, whenever the test runs.
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

/** `time` today in `zone`. */
function todayAt(zone: string, time: string): Date {
  return fromZonedTime(`${formatInTimeZone(new Date(), zone, 'yyyy-MM-dd')}T${time}:00`, zone);
}

describe.skipIf(skipReason !== null)('watching a shipment in the local workspace', () => {
  let running: RunningShipwatch;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-e2e-watch-'));
    running = await startShipwatch({
      env: { PORT: '0', SHIPWATCH_DATA_DIR: dataDir },
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
  const card = (): Locator =>
    page.locator('#timeline > .entry > article[data-testid="message"]').filter({ hasText: BL }).last();
  const thread = (): Locator => card().locator('xpath=following-sibling::div[contains(@class,"thread")]');

  it('watches the shipment: a watched card, and who started watching in its thread', async () => {
    await send(`/shipwatch watch ${BL}`);
    await card().waitFor();
    await card().getByText('Watching').first().waitFor();
    await expect(card().getByRole('button', { name: 'Unwatch' }).isVisible()).resolves.toBe(true);
    await thread().locator('article').filter({ hasText: 'started watching' }).waitFor();
  });

  it('changes the card in place and fills its thread when demo time moves a day on', async () => {
    const before = await card().getAttribute('data-signature');
    const started = Date.now();
    await page.getByTestId('demo-time-day').click();
    const update = thread().locator('article').filter({ hasText: 'arrived' });
    await update.waitFor({ timeout: 60_000 });
    const text = (await thread().textContent()) ?? '';
    expect(text).toMatch(/Vessel arrived at Rotterdam/);
    expect(text).toMatch(/discharged/);
    await expect.poll(() => card().getAttribute('data-signature'), { timeout: 30_000 }).not.toBe(before);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('saves the channel’s settings from the modal and says who changed them', async () => {
    await send('/shipwatch settings');
    const modal = page.getByTestId('modal');
    await modal.getByText('Detailed: a line per box').waitFor();
    await modal.getByText('Detailed: a line per box').click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    const line = page
      .locator('article')
      .filter({ hasText: 'changed how watched shipments are updated' })
      .last();
    await line.waitFor();
    expect(await line.textContent()).toContain('detailed lines');
  });

  it('lists the channel’s watched shipments', async () => {
    await send('/shipwatch watching');
    await page
      .locator('article.msg--ephemeral')
      .filter({ hasText: /shipments? watched · \d+ needs? attention/ })
      .last()
      .waitFor();
  });
});
