/**
 * The product end to end, as a person sees it: headless Chromium on the local workspace page, the real bot, the
 * tracking client and the embedded simulator. Every step types or clicks on the page and waits for what Slack
 * would show.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { DEMO } from '../../src/simulator/index.js';
import { browserSkipReason, launchBrowser } from './helpers/browser.js';
import { type Stack, startStack } from './helpers/stack.js';

const skipReason = browserSkipReason();
if (skipReason) console.warn(skipReason);

const WAIT_MS = 10_000;
const SHIPMENT_HEADER = `${DEMO.shipments.slippedEta.bl} · Maersk`;

describe.skipIf(skipReason !== null)('the local workspace in a browser', () => {
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
    // What the bot and the tracking client logged is the first thing to read when a browser step times out.
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
  /** Top-level messages (not thread replies) containing `text`. */
  const messages = (text: string): Locator =>
    page.locator('#timeline > .entry > article[data-testid="message"]').filter({ hasText: text });
  const threadOf = (card: Locator): Locator =>
    card.locator('xpath=following-sibling::div[contains(@class,"thread")]');

  it('shows the shipment card for /shipment MAEU240817361', async () => {
    await send(`/shipment ${DEMO.shipments.slippedEta.bl}`);
    const card = messages(SHIPMENT_HEADER).last();
    await card.waitFor();
    await expect(card.locator('.bk-header').first().textContent()).resolves.toContain(SHIPMENT_HEADER);
    await expect(card.getByText(DEMO.containers.ready).count()).resolves.toBeGreaterThan(0);
    await expect(card.getByRole('button', { name: 'Refresh' }).isVisible()).resolves.toBe(true);
  });

  it('refreshes the card in place when Refresh is clicked', async () => {
    const card = messages(SHIPMENT_HEADER).last();
    const before = await card.elementHandle();
    const countBefore = await messages(SHIPMENT_HEADER).count();
    const signatureBefore = await card.getAttribute('data-signature');
    await card.getByRole('button', { name: 'Refresh' }).click();
    await card.locator('.msg__edited').waitFor();
    expect(await card.getAttribute('data-signature')).not.toBe(signatureBefore);
    expect(
      await before?.evaluate((element) => element.isConnected && element.classList.contains('msg')),
    ).toBe(true);
    expect(await messages(SHIPMENT_HEADER).count()).toBe(countBefore);
  });

  it('rotates a PNG after the confirmation and records it in the thread', async () => {
    await send(`/email-submission ${DEMO.emailSubmissions.withImages}`);
    const card = messages('Rotate 90°').last();
    await card.waitFor();
    await card.getByRole('button', { name: 'Rotate 90°' }).first().click();
    const dialog = page.getByTestId('confirm');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Rotate this image?');
    await dialog.getByRole('button', { name: 'Rotate 90°' }).click();
    const audit = threadOf(card).locator('article').filter({ hasText: 'rotated' });
    await audit.waitFor();
    expect(await audit.textContent()).toMatch(/@Ada Okafor rotated .+ 90°/);
  });

  it('sets a custom field through the modal, shows it on the re-read card and records the change by its label', async () => {
    const card = messages(SHIPMENT_HEADER).last();
    const signatureBefore = await card.getAttribute('data-signature');
    await card.getByRole('button', { name: 'More actions' }).first().click();
    await card.getByRole('menuitem', { name: 'Set custom field…' }).first().click();
    const modal = page.getByTestId('modal');
    await modal.getByLabel('Field', { exact: true }).waitFor();
    await modal.getByLabel('Field', { exact: true }).selectOption('po_number');
    const value = modal.getByLabel('Value of PO number');
    await value.fill('PO-E2E-4711');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    const audit = threadOf(card).locator('article').filter({ hasText: 'PO-E2E-4711' });
    await audit.waitFor();
    expect(await audit.textContent()).toMatch(/@Ada Okafor set PO number = PO-E2E-4711 on [A-Z]{4}\d{7}/);
    expect(await card.getAttribute('data-signature')).not.toBe(signatureBefore);
    expect(await card.textContent()).toContain('PO number: PO-E2E-4711');
  });

  it('edits a tracking request through /track-edit, showing a validation error in the modal first', async () => {
    await send(`/track-edit ${DEMO.trackingRequests.created}`);
    const modal = page.getByTestId('modal');
    const tags = modal.getByLabel('Tags');
    await tags.waitFor();
    await tags.fill(`urgent, ${'x'.repeat(60)}`);
    await modal.getByRole('button', { name: 'Save' }).click();
    const error = modal.locator('[data-error-for="track_edit_tags"]');
    await error.waitFor();
    expect(await error.textContent()).toContain('up to 50 characters');

    await modal.getByLabel('Ref number').fill('PO-E2E-0815');
    await tags.fill('urgent, e2e');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    const audit = page.locator('.thread article').filter({ hasText: 'PO-E2E-0815' });
    await audit.waitFor();
    expect(await audit.last().textContent()).toContain('@Ada Okafor');
  });

  it('answers an unknown number with a not-found card that says what to check', async () => {
    await send('/shipment MAEU000000000');
    const card = messages("Couldn't find").last();
    await card.waitFor();
    expect(await card.textContent()).toContain('MAEU000000000');
  });

  it('shows `/shipment … private` only to the person who asked, marked as such', async () => {
    await send(`/shipment ${DEMO.shipments.slippedEta.bl} private`);
    const card = page.locator('article.msg--ephemeral').filter({ hasText: SHIPMENT_HEADER }).last();
    await card.waitFor();
    expect(await card.locator('.msg__ephemeral').textContent()).toContain('Only visible to you');

    const asGuest = await browser.newPage();
    await asGuest.goto(`${stack.url}/?user=U0LOCALGUS`);
    await asGuest.locator('#timeline article').first().waitFor();
    expect(await asGuest.locator('article.msg--ephemeral').count()).toBe(0);
    await asGuest.close();
  });
});
