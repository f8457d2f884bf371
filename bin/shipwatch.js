#!/usr/bin/env node
// The `shipwatch` entry point. `npm ci` needs no build step: the TypeScript sources are bundled with esbuild into
// node_modules/.cache/shipwatch/ the first time they are run and again whenever a source file changes (about 0.2 s),
// then the bundle is imported. Running a bundle instead of transpiling ~300 files through a loader thread on every
// start halves start-up time and saves ~50 MB of resident memory (figures in the README's performance section).
// Any problem with that path (read-only install, esbuild missing) falls back to tsx's loader.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

async function loadCli() {
  if (process.env.SHIPWATCH_NO_BUNDLE !== '1') {
    try {
      return await import(pathToFileURL(await bundledCli()).href);
    } catch (error) {
      if (process.env.LOG_LEVEL === 'debug') console.error('shipwatch: running from sources:', error);
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/cli.ts');
}

async function bundledCli() {
  const cacheDir = join(root, 'node_modules', '.cache', 'shipwatch');
  const outfile = join(cacheDir, `cli-${sourceFingerprint(join(root, 'src'))}.mjs`);
  try {
    statSync(outfile);
    return outfile;
  } catch {
    // Not built for these sources yet.
  }
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${outfile}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(root, 'src', 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: temporary,
    logLevel: 'silent',
    plugins: [keepImportMetaUrl],
  });
  // Rename is atomic, so two processes starting at once never import a half-written bundle.
  renameSync(temporary, outfile);
  return outfile;
}

/** A hash of every source file's path, size and modification time: any edit gives a new bundle name. */
function sourceFingerprint(dir) {
  const hash = createHash('sha1');
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
      }
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Modules that find files next to themselves (the local workspace's page sources) use `import.meta.url`; inside the
 * bundle it would point at the cache directory, so each occurrence is replaced with the module's original URL.
 */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

// Last, so every declaration above is initialised before it runs.
const { runCli } = await loadCli();
process.exitCode = await runCli(process.argv.slice(2));
