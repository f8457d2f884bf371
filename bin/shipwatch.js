#!/usr/bin/env node
// The published entry point: TypeScript sources run through tsx's loader so `npm ci` needs no build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
process.exitCode = await runCli(process.argv.slice(2));
