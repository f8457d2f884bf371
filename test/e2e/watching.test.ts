import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason } from './helpers/browser.js';
import { useLocalShipwatch } from './helpers/local-shipwatch.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const BL = DEMO.shipments.onWater.bl;

/** `time` today in `zone`. */
function todayAt(zone: string, time: string): Date {
  return fromZonedTime(`${formatInTimeZone(new Date(), zone, 'yyyy-MM-dd')}T${time}:00`, zone);
}

describe.skipIf(skipReason !== null)('watching a shipment in the local workspace', () => {
  const local = useLocalShipwatch({
    name: 'watch',
    demoStartsAt: todayAt('Europe/Amsterdam', '16:00'),
    viewport: { width: 1200, height: 900 },
  });
  let page: Page;
  beforeAll(() => {
    page = local.page;
  });
  const send = local.send;
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
