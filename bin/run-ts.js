#!/usr/bin/env node
import { resolve } from 'node:path';
// Runs one TypeScript file (benchmarks, scripts) with tsx's loader; the rest of argv is passed through.
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: run-ts.js FILE [ARGS…]');
  process.exit(2);
}
process.argv = [process.argv[0], file, ...rest];
await import(pathToFileURL(resolve(file)).href);
