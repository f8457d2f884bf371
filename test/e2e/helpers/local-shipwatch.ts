/**
 * A browser test's Shipwatch, as `npm start` runs it with nothing configured (the embedded store in a folder of its
 * own, the simulator, the local workspace), and one page open on the local workspace. `useLocalShipwatch` registers
 * the hooks of a describe block: start before all, stop after all, and print the last log lines of a failed test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, onTestFailed } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../../src/main.js';
import { launchBrowser } from './browser.js';

export interface LocalShipwatchOptions {
  /** Names the data folder (shipwatch-e2e-<name>-…). */
  name: string;
  /** Environment beyond PORT and SHIPWATCH_DATA_DIR (a large book, say). */
  env?: Record<string, string>;
  /** Where demo time starts (default: now). */
  demoStartsAt?: Date;
  viewport?: { width: number; height: number };
}

export interface LocalShipwatch {
  /** The page on the local workspace (available once the describe's beforeAll ran). */
  readonly page: Page;
  /** Types a line in the composer and sends it, as a person would. */
  send(text: string): Promise<void>;
}

/** Every wait of a browser test: generous, since a loaded 2-core machine runs the bot and Chromium together. */
export const BROWSER_WAIT_MS = 30_000;

export function useLocalShipwatch(options: LocalShipwatchOptions): LocalShipwatch {
  let running: RunningShipwatch | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let dataDir: string | undefined;
  const logs: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `shipwatch-e2e-${options.name}-`));
    running = await startShipwatch({
      env: { PORT: '0', SHIPWATCH_DATA_DIR: dataDir, ...options.env },
      ...(options.demoStartsAt ? { demoStartsAt: options.demoStartsAt } : {}),
      out: () => {},
      logger: createLogger({ level: 'info', write: (line) => logs.push(line) }),
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: options.viewport ?? { width: 1200, height: 900 } });
    page.setDefaultTimeout(BROWSER_WAIT_MS);
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

  const pageNow = (): Page => {
    if (!page) throw new Error('the local workspace page is not open yet (use it inside a test)');
    return page;
  };
  return {
    get page() {
      return pageNow();
    },
    async send(text) {
      const composer = pageNow().getByRole('combobox', { name: 'Message' });
      await composer.fill(text);
      await composer.press('Escape');
      await composer.press('Enter');
    },
  };
}
