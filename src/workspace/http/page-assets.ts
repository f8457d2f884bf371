/**
 * The page's script is TypeScript under ../page/, bundled with esbuild when the workspace starts (a few tens of
 * milliseconds), so `npm ci && npm start` needs no build step and the page can never be stale.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface PageAssets {
  html: string;
  script: string;
  style: string;
}

const PAGE_DIR = new URL('../page/', import.meta.url);

let cached: Promise<PageAssets> | null = null;

/** Builds once per process; every workspace started in the same process serves the same bundle. */
export function loadPageAssets(): Promise<PageAssets> {
  cached ??= buildAssets().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

async function buildAssets(): Promise<PageAssets> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('main.ts', PAGE_DIR))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]?.text ?? '';
  const [style, html] = await Promise.all([
    readFile(new URL('page.css', PAGE_DIR), 'utf8'),
    readFile(new URL('index.html', PAGE_DIR), 'utf8'),
  ]);
  return { html, script, style };
}
