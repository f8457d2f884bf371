/**
 * The local workspace's page: HTML, CSS and its script. From the build (dist/page/, next to the bundle: `npm run
 * build` compiled the script), or, when running from the TypeScript sources (tests), bundled once with esbuild from
 * ../page/main.ts so the page is never stale there either.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface PageAssets {
  html: string;
  script: string;
  style: string;
}

/** dist/page/ when this module is the bundle (dist/*.mjs); absent next to the sources. */
const BUILT_DIR = new URL('page/', import.meta.url);
const SOURCE_DIR = new URL('../page/', import.meta.url);

let cached: Promise<PageAssets> | null = null;

/** Loads once per process; every workspace started in the same process serves the same assets. */
export function loadPageAssets(): Promise<PageAssets> {
  cached ??= loadAssets().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

async function loadAssets(): Promise<PageAssets> {
  const built = await readFile(new URL('app.js', BUILT_DIR), 'utf8').catch(() => null);
  const dir = built === null ? SOURCE_DIR : BUILT_DIR;
  const [script, style, html] = await Promise.all([
    built ?? bundleFromSources(),
    readFile(new URL('page.css', dir), 'utf8'),
    readFile(new URL('index.html', dir), 'utf8'),
  ]);
  return { html, script, style };
}

async function bundleFromSources(): Promise<string> {
  // esbuild is a build tool: loaded only when running from the sources.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(new URL('main.ts', SOURCE_DIR))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}
