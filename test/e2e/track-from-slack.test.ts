/**
 * Starting to track, and finding shipments in a pasted message, as a person does it in the local workspace: headless
 * Chromium on the page, the real bot, the tracking client and the embedded simulator.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason, launchBrowser } from './helpers/browser.js';
import { type Stack, startStack } from './helpers/stack.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const WAIT_MS = 10_000;

describe.skipIf(skipReason !== null)('tracking from the local workspace, in a browser', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.setDefaultTimeout(WAIT_MS);
    await page.goto(stack.url);
    await page.locator('#connection[data-state="live"]').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  beforeEach(() => {
    onTestFailed(() => {
      console.error(`last log lines of the stack:\n${stack.logs.slice(-40).join('\n')}`);
    });
  });

  const composer = () => page.getByRole('combobox', { name: 'Message' });
  async function send(text: string): Promise<void> {
    await composer().fill(text);
    await composer().press('Escape');
    await composer().press('Enter');
  }
  const messages = (text: string): Locator =>
    page.locator('#timeline > .entry > article[data-testid="message"]').filter({ hasText: text });
  const threadOf = (card: Locator): Locator =>
    card.locator('xpath=following-sibling::div[contains(@class,"thread")]');

  it('tracks a number from its not-found card with Track it, and posts the card that follows the request', async () => {
    const number = 'MSKU7770009'; // a Maersk box this account does not track yet
    await send(`/shipment ${number}`);
    const notFound = messages(`Couldn't find ${number}`).last();
    await notFound.waitFor();
    await notFound.getByRole('button', { name: 'Track it' }).click();
    const card = messages(`Tracking request ${number}`).last();
    await card.waitFor();
    expect(await card.textContent()).toContain('Queued');
    expect(await card.textContent()).toContain('MAEU');
    const line = threadOf(card).locator('article').filter({ hasText: 'asked Terminal49 to track' });
    await line.waitFor();
  });

  it('finds the shipment in a pasted arrival notice through the message’s actions menu, answering in its thread', async () => {
    const { bl } = DEMO.shipments.slippedEta;
    await send(`ARRIVAL NOTICE — please arrange delivery. Bill of lading ${bl}, ETA next week.`);
    const pasted = messages('ARRIVAL NOTICE').last();
    await pasted.waitFor();
    await pasted.hover();
    await pasted.getByRole('button', { name: 'Message actions' }).click();
    await pasted.getByRole('menuitem', { name: /Find shipments in this message/ }).click();
    const answer = threadOf(pasted).locator('article').filter({ hasText: bl });
    await answer.first().waitFor();
    expect(await answer.first().locator('.bk-header').first().textContent()).toContain(bl);
  });
});
