/**
 * The install demo in a browser (SHIPWATCH_LOCAL_OAUTH, docs/oauth.md "Trying it locally"): `shipwatch start` with no
 * Slack credentials runs two local workspaces and Shipwatch in OAuth mode. A person clicks "Add to Slack" on each
 * workspace's page, allows the install on the stand-in's authorize page (Shipwatch's real /slack/install and
 * /slack/oauth_redirect in between), switches workspaces from the sidebar, connects each workspace's own simulator
 * key (`demo`, `demo-b`) with /shipwatch connect, and sees its own shipments only.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../src/main.js';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason, launchBrowser } from './helpers/browser.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const WAIT_MS = 10_000;
const FIRST = { team: 'T0LOCAL', key: DEMO.apiKeys.full, bl: DEMO.shipments.slippedEta.bl };
const SECOND = { team: 'T0HARBOR', key: DEMO.apiKeys.otherAccount, bl: DEMO.otherAccount.railMove.bl };

describe.skipIf(skipReason !== null)('the install demo in a browser', () => {
  let shipwatch: RunningShipwatch;
  let browser: Browser;
  let page: Page;
  const out: string[] = [];

  beforeAll(async () => {
    shipwatch = await startShipwatch({
      env: { SHIPWATCH_LOCAL_OAUTH: '1', PORT: '0', LOG_LEVEL: 'error' },
      out: (text) => out.push(text),
      logger: silentLogger,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.setDefaultTimeout(WAIT_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await shipwatch?.stop();
  });

  const composer = () => page.getByRole('combobox', { name: 'Message' });
  async function send(text: string): Promise<void> {
    await composer().fill(text);
    await composer().press('Escape');
    await composer().press('Enter');
  }
  const messages = (text: string): Locator =>
    page.locator('#timeline > .entry > article[data-testid="message"]').filter({ hasText: text });
  const live = () => page.locator('#connection[data-state="live"]').waitFor();

  /** "Add to Slack" on this workspace's page, Allow for `team` on Slack's page, and back to the workspace. */
  async function install(team: string): Promise<void> {
    await page.getByTestId('add-to-slack').click();
    await page.getByTestId(`authorize-team-${team}`).check();
    await page.getByTestId('authorize-allow').click();
    await expect(page.getByRole('heading', { name: 'Shipwatch is installed' }).textContent()).resolves.toBe(
      'Shipwatch is installed',
    );
    await page.getByTestId('open-slack').click();
    await live();
    await page.getByTestId('install-banner').waitFor({ state: 'hidden' });
  }

  async function connectKey(key: string): Promise<void> {
    await send('/shipwatch connect');
    const modal = page.getByTestId('modal');
    await modal.getByLabel('Terminal49 API key').fill(key);
    await modal.getByRole('button', { name: 'Connect' }).click();
    await modal.waitFor({ state: 'detached' });
  }

  it('says how to try it, with both workspaces', () => {
    expect(out.join('')).toContain('Harbor Freight (local)');
    expect(out.join('')).toContain('/slack/install');
  });

  it('installs Shipwatch in the first workspace from its page, and connects its key', async () => {
    await page.goto(shipwatch.url ?? '');
    await live();
    await page.getByTestId('install-banner').waitFor();
    await install(FIRST.team);
    await connectKey(FIRST.key);
    await send(`/shipment ${FIRST.bl}`);
    await messages(`${FIRST.bl} · Maersk`).last().waitFor();
  });

  it('switches to the second workspace, which has no Shipwatch until it is added there too', async () => {
    await page.getByTestId(`workspace-${SECOND.team}`).click();
    await live();
    await expect(page.locator('#team-name').textContent()).resolves.toBe('Harbor Freight (local)');
    await page.getByTestId('install-banner').waitFor();
    await install(SECOND.team);
    await expect(page.locator('#team-name').textContent()).resolves.toBe('Harbor Freight (local)');
  });

  it("connects the second workspace's own key and shows its shipments, not the first's", async () => {
    await connectKey(SECOND.key);
    await send(`/shipment ${SECOND.bl}`);
    await messages(SECOND.bl)
      .filter({ has: page.locator('.bk-header') })
      .last()
      .waitFor();
    await send(`/shipment ${FIRST.bl}`);
    await page
      .locator('#timeline')
      .getByText(/couldn.t find|not found|No shipment/i)
      .last()
      .waitFor();
    await expect(messages(`${FIRST.bl} · Maersk`).count()).resolves.toBe(0);
  });

  it('still shows the first workspace its own shipments only', async () => {
    await page.getByTestId(`workspace-${FIRST.team}`).click();
    await live();
    await send(`/shipment ${SECOND.bl}`);
    await page
      .locator('#timeline')
      .getByText(/couldn.t find|not found|No shipment/i)
      .last()
      .waitFor();
    await expect(
      messages(SECOND.bl)
        .filter({ has: page.locator('.bk-header') })
        .count(),
    ).resolves.toBe(0);
  });
});
