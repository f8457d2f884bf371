/**
 * Headless Debian Chromium through playwright-core (never a downloaded browser). The suite is skipped, with a
 * message saying why, only when Chromium is missing outside CI; in CI a missing browser is a failure.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Why the browser suite cannot run here, or null when it can (or must: in CI it never skips). */
export function browserSkipReason(): string | null {
  if (existsSync(CHROMIUM_PATH) || process.env.CI) return null;
  return `end-to-end tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium; CI installs it)`;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
