/**
 * The `shipwatch` command (docs/architecture.md#command-line): start | simulator | render | db | webhook | status. Each
 * subcommand lives in src/commands/<name>.ts and returns an exit code; this file only dispatches and prints usage.
 */
import { ConfigError } from './config/env.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
}

const USAGE = `usage: shipwatch <command> [options]

commands:
  start                              run the bot (Socket Mode, HTTP mode, or the local workspace; see README)
  simulator [--port N] [--latency-ms N] [--fault-rate R] [--rate-limit N] [--data DIR]
                                     run the embedded tracking API alone on 127.0.0.1
  render <shipment|vessel|tracking-request|email-submission> [FILE|-] [--now ISO]
                                     print the Slack message for a raw API response document
  db <migrate|status|rotate-key>     apply the store's migrations, show its backend, version and reachability, or
                                     re-seal its secrets with a new SHIPWATCH_ENCRYPTION_KEY
  webhook register --url URL [--deactivate-stale]
                                     point the Terminal49 account's webhook at Shipwatch; prints TRACKING_WEBHOOK_SECRET
  status [--json]                    what is watched, the API and Slack budgets, and any shortfall
`;

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'start': {
        const { runStartCommand } = await import('./commands/start.js');
        return await runStartCommand(rest, io);
      }
      case 'simulator': {
        const { runSimulatorCommand } = await import('./commands/simulator.js');
        return await runSimulatorCommand(rest, io);
      }
      case 'render': {
        const { runRenderCommand } = await import('./commands/render.js');
        return await runRenderCommand(rest, io);
      }
      case 'db': {
        const { runDbCommand } = await import('./commands/db.js');
        return await runDbCommand(rest, io);
      }
      case 'status': {
        const { runStatusCommand } = await import('./commands/status.js');
        return await runStatusCommand(rest, io);
      }
      case 'webhook': {
        const { runWebhookCommand } = await import('./commands/webhook.js');
        return await runWebhookCommand(rest, io);
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return command === undefined ? 2 : 0;
      default:
        io.stderr(`shipwatch: unknown command '${command}'\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    // One clear line, never a stack trace: configuration mistakes are the common case here.
    if (error instanceof ConfigError) {
      io.stderr(`shipwatch: ${error.message}\n`);
      return 78;
    }
    io.stderr(`shipwatch: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
