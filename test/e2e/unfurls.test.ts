import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason } from './helpers/browser.js';
import { useLocalShipwatch } from './helpers/local-shipwatch.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const WATCHED = DEMO.shipments.slippedEta;
const link = (number: string) => `https://app.terminal49.com/shipments/find?q=${number}`;

describe.skipIf(skipReason !== null)('a pasted Terminal49 link in the local workspace', () => {
  const local = useLocalShipwatch({ name: 'unfurl', viewport: { width: 1280, height: 900 } });
  let page: Page;
  beforeAll(() => {
    page = local.page;
  });
  const send = local.send;
  const messageWith = (text: string): Locator =>
    page.locator('#timeline article[data-testid="message"]').filter({ hasText: text }).last();

  it('unfurls a link to a watched shipment as a Work Object, and opens its details for the person who clicks it', async () => {
    await send(`/shipwatch watch ${WATCHED.bl}`);
    await messageWith(WATCHED.bl).getByText('Watching').first().waitFor();

    await send(`Where is this one? ${link(WATCHED.bl)}`);
    const preview = page
      .getByTestId('work-object')
      .filter({ hasText: `Shipment ${WATCHED.bl}` })
      .last();
    await preview.waitFor();
    const shared = await preview.innerText();
    expect(shared).toContain('On hold');
    expect(shared).toContain('Los Angeles');
    expect(shared).toMatch(/Active holds\s*1/);

    await preview.click();
    const pane = page.getByTestId('flexpane');
    await pane.getByText(DEMO.containers.onHold).first().waitFor();
    const details = await pane.innerText();
    expect(details).toContain('customs');
    expect(details).toMatch(/USD/);
    await pane.getByRole('button', { name: 'Refresh' }).waitFor();
    expect(await pane.getByRole('link', { name: 'Open in Terminal49' }).getAttribute('href')).toBe(
      link(WATCHED.bl),
    );
    const dir = process.env.SHIPWATCH_SCREENSHOT_DIR?.trim();
    if (dir) await page.screenshot({ path: join(dir, 'unfurl-work-object.png') });
  });

  it('unfurls a link to a shipment nobody watches as one classic line, and asks Terminal49 nothing for it', async () => {
    await page.getByRole('button', { name: 'Close' }).click();
    await send(link(DEMO.shipments.arrived.bl));
    const line = page.getByTestId('classic-unfurl').filter({ hasText: DEMO.shipments.arrived.bl }).last();
    await line.waitFor();
    expect(await line.innerText()).toContain('not watched in this workspace');
  });
});
