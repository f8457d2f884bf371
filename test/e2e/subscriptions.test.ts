import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason } from './helpers/browser.js';
import { useLocalShipwatch } from './helpers/local-shipwatch.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const BL = DEMO.shipments.onWater.bl;
const FILTER = 'customer:"Rhein Retail GmbH" carrier:COSU pod:NLRTM';

function todayAt(zone: string, time: string): Date {
  return fromZonedTime(`${formatInTimeZone(new Date(), zone, 'yyyy-MM-dd')}T${time}:00`, zone);
}

describe.skipIf(skipReason !== null)('subscribing a channel in the local workspace', () => {
  const local = useLocalShipwatch({
    name: 'subscribe',
    env: { SHIPWATCH_SIMULATOR_BOOK: '300' },
    demoStartsAt: todayAt('Europe/Amsterdam', '16:00'),
    viewport: { width: 1200, height: 900 },
  });
  let page: Page;
  beforeAll(() => {
    page = local.page;
  });
  const send = local.send;
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
