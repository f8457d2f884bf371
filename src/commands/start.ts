import type { CliIo } from '../cli.js';

/** Placeholder until the subcommand lands. */
export async function runStartCommand(_args: string[], io: CliIo): Promise<number> {
  io.stderr('shipwatch start: not available yet\n');
  return 1;
}
