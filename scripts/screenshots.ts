/**
 * Takes the README's screenshots from the running product: the local workspace with the real bot over the embedded
 * simulator, driven in headless Debian Chromium (never a downloaded browser).
 *
 *   node bin/run-ts.js scripts/screenshots.ts [OUT_DIR]     (default docs/screenshots)
 *
 * Writes shipment-card.png, vessel-card.png, custom-field-modal.png, error-card.png and find-in-message.png.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { createLogger } from '../src/logger.js';
import { DEMO } from '../src/simulator/index.js';
import { launchBrowser } from '../test/e2e/helpers/browser.js';
import { startStack } from '../test/e2e/helpers/stack.js';

const outDir = resolve(process.argv[2] ?? 'docs/screenshots');
await mkdir(outDir, { recursive: true });

// The same stack and browser as the end-to-end suite, so the pictures show what that suite checks.
const stack = await startStack({ logger: createLogger({ level: 'warn' }) });
const browser = await launchBrowser();

try {
  const page = await browser.newPage({ viewport: { width: 1180, height: 900 } });
  page.setDefaultTimeout(15_000);
  await page.goto(stack.url);
  await page.locator('#connection[data-state="live"]').waitFor();

  const shipment = await command(
    page,
    `/shipment ${DEMO.shipments.slippedEta.bl}`,
    `${DEMO.shipments.slippedEta.bl} ·`,
  );
  await shot(shipment, 'shipment-card.png');

  const vessel = await command(
    page,
    `/vessel ${DEMO.vessels.withPositions.imo}`,
    DEMO.vessels.withPositions.name,
  );
  await shot(vessel, 'vessel-card.png');

  const missing = await command(page, '/shipment MAEU000000000', "Couldn't find");
  await shot(missing, 'error-card.png');

  // A pasted arrival notice, "Find shipments in this message" on it, and the answer in its thread.
  await command(
    page,
    `Arrival notice from our forwarder: B/L ${DEMO.shipments.slippedEta.bl} and ${DEMO.shipments.arrived.bl}, plus container TGHU5550007 on the next sailing.`,
    'Arrival notice',
  );
  const pasted = page.locator('#timeline > .entry > article').filter({ hasText: 'Arrival notice' }).last();
  await pasted.hover();
  await pasted.getByRole('button', { name: 'Message actions' }).click();
  await pasted.getByRole('menuitem', { name: /Find shipments in this message/ }).click();
  const thread = pasted.locator('xpath=following-sibling::div[contains(@class,"thread")]');
  await thread.locator('article').filter({ hasText: 'TGHU5550007' }).first().waitFor();
  await page.mouse.move(0, 0);
  const entry = pasted.locator('xpath=..');
  await entry.screenshot({ path: resolve(outDir, 'find-in-message.png') });
  console.log(`wrote ${resolve(outDir, 'find-in-message.png')}`);

  await shipment.getByRole('button', { name: 'More actions' }).first().click();
  await shipment.getByRole('menuitem', { name: 'Set custom field…' }).first().click();
  const modal = page.getByTestId('modal');
  await modal.getByLabel('Field', { exact: true }).selectOption('po_number');
  await modal.getByLabel('Value of PO number').fill('PO-88412-B');
  await page.screenshot({ path: resolve(outDir, 'custom-field-modal.png') });
  console.log(`wrote ${resolve(outDir, 'custom-field-modal.png')}`);
} finally {
  await browser.close();
  await stack.stop();
}

/** Types a command and returns the new top-level message containing `expected` (not an earlier one that also does). */
async function command(page: Page, text: string, expected: string): Promise<Locator> {
  const composer = page.getByRole('combobox', { name: 'Message' });
  const matching = page.locator('#timeline > .entry > article').filter({ hasText: expected });
  const before = await matching.count();
  await composer.fill(text);
  await composer.press('Escape');
  await composer.press('Enter');
  const message = matching.nth(before);
  await message.waitFor();
  // Let images (vessel track, document previews) finish loading before the picture is taken.
  await page.waitForLoadState('networkidle');
  return message;
}

async function shot(message: Locator, name: string): Promise<void> {
  // Keep the pointer off the card so no hover background shows.
  await message.page().mouse.move(0, 0);
  await message.screenshot({ path: resolve(outDir, name) });
  console.log(`wrote ${resolve(outDir, name)}`);
}
