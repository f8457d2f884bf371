/**
 * A pasted Terminal49 link in the local workspace, end to end as `npm start` runs it with nothing configured: a
 * person watches a shipment, then pastes its Terminal49 link in a message; the link unfurls as a Work Object (status,
 * POD, ETA, LFD, holds) and, opened, shows that person its containers, holds and fees with Refresh, Watch here and
 * Open in Terminal49. A link to a shipment nobody watches unfurls as one classic line. With SHIPWATCH_E2E_SCREENSHOTS
 * set, the README's screenshot is written to docs/screenshots/.
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
const WATCHED = DEMO.shipments.slippedEta;
const link = (number: string) => `https://app.terminal49.com/shipments/find?q=${number}`;

describe.skipIf(skipReason !== null)('a pasted Terminal49 link in the local workspace', () => {
  let running: RunningShipwatch;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-e2e-unfurl-'));
    running = await startShipwatch({
      env: { PORT: '0', SHIPWATCH_DATA_DIR: dataDir },
      out: () => {},
      logger: createLogger({ level: 'info', write: (line) => logs.push(line) }),
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
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
    if (process.env.SHIPWATCH_E2E_SCREENSHOTS) {
      await page.screenshot({ path: 'docs/screenshots/unfurl-work-object.png' });
    }
  });

  it('unfurls a link to a shipment nobody watches as one classic line, and asks Terminal49 nothing for it', async () => {
    await page.getByRole('button', { name: 'Close' }).click();
    await send(link(DEMO.shipments.arrived.bl));
    const line = page.getByTestId('classic-unfurl').filter({ hasText: DEMO.shipments.arrived.bl }).last();
    await line.waitFor();
    expect(await line.innerText()).toContain('not watched in this workspace');
  });
});
