#!/usr/bin/env node
// `npm run build` (and `npm ci`, through `prepare`): bundles src/ into dist/ with esbuild, so `shipwatch start` runs
// plain JavaScript and never compiles at start-up. Lazily imported parts (the simulator, the local workspace) stay
// separate chunks, loaded only when used. The local workspace's page script is bundled for the browser next to it.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
const page = `${root}src/workspace/page`;

export async function buildDist() {
  rmSync(dist, { recursive: true, force: true });
  await Promise.all([
    build({
      entryPoints: { cli: `${root}src/cli.ts` },
      outdir: dist,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
    }),
    build({
      entryPoints: [`${page}/main.ts`],
      outfile: `${dist}/page/app.js`,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      legalComments: 'none',
      logLevel: 'warning',
    }),
  ]);
  mkdirSync(`${dist}/page`, { recursive: true });
  for (const file of ['index.html', 'page.css']) cpSync(`${page}/${file}`, `${dist}/page/${file}`);
  // The simulator's document images, found next to whichever module reads them (src/simulator/files/ or dist/).
  cpSync(`${root}src/simulator/files/fixtures`, `${dist}/fixtures`, { recursive: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  await buildDist();
  if (!process.argv.includes('--quiet')) {
    console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
  }
}
