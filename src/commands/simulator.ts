import type { CliIo } from '../cli.js';

/** Placeholder until the subcommand lands. */
export async function runSimulatorCommand(_args: string[], io: CliIo): Promise<number> {
  io.stderr('shipwatch simulator: not available yet\n');
  return 1;
}
