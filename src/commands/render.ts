import type { CliIo } from '../cli.js';

/** Placeholder until the subcommand lands. */
export async function runRenderCommand(_args: string[], io: CliIo): Promise<number> {
  io.stderr('shipwatch render: not available yet\n');
  return 1;
}
