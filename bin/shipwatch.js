#!/usr/bin/env node
// The `shipwatch` entry point: runs the bundle in dist/ (built by `npm run build`, which `npm ci` runs through
// `prepare`), so production never compiles at start-up. When src/ has changed since the build, it says so once
// (run `npm run build`, or `npm run dev` to build and start) and runs the build it has.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'dist', 'cli.mjs');

if (!existsSync(entry)) {
  process.stderr.write('shipwatch: dist/ is missing; run `npm run build` (npm ci runs it for you)\n');
  process.exit(1);
}
if (existsSync(join(root, 'src')) && newestMtime(join(root, 'src')) > statSync(entry).mtimeMs) {
  process.stderr.write(
    'shipwatch: src/ changed since the last build; run `npm run build` to use the changes\n',
  );
}

const { runCli } = await import(pathToFileURL(entry).href);
process.exitCode = await runCli(process.argv.slice(2));

function newestMtime(dir) {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
