/**
 * `shipwatch start`: runs the bot in the mode the environment implies (see src/main.ts) until SIGINT/SIGTERM, then
 * stops it gracefully. Configuration errors are one line naming the variable (cli.ts prints ConfigError).
 */
import type { CliIo } from '../cli.js';
import { startShipwatch } from '../main.js';

const START_USAGE = `usage: shipwatch start

Configured by environment variables: SLACK_BOT_TOKEN + SLACK_SIGNING_SECRET (HTTP mode), SLACK_APP_TOKEN (Socket
Mode), none of them (the local workspace); TRACKING_API_KEY (else the embedded simulator), TRACKING_API_URL,
SLACK_API_URL, PORT, LOG_LEVEL.
`;

export async function runStartCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(START_USAGE);
    return 0;
  }
  if (args.length > 0) {
    io.stderr(`shipwatch start: unexpected argument '${args[0]}' (configure with environment variables)\n`);
    return 2;
  }
  const running = await startShipwatch({ out: io.stdout });
  // A stray rejection must be seen, not crash the bot mid-conversation or vanish.
  const onRejection = (reason: unknown) =>
    running.logger.error('unhandled promise rejection', { error: reason });
  process.on('unhandledRejection', onRejection);
  io.stdout('Press Ctrl+C to stop.\n');
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const stop = (received: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(received);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  io.stdout(`${signal}: stopping…\n`);
  // The bot's own stop is bounded (about 10 s); this is the backstop should anything still hold the process.
  const backstop = setTimeout(() => {
    io.stderr('shipwatch: did not stop within 15 s; exiting\n');
    process.exit(1);
  }, 15_000);
  backstop.unref();
  try {
    await running.stop();
  } finally {
    clearTimeout(backstop);
    process.off('unhandledRejection', onRejection);
  }
  io.stdout('Stopped.\n');
  return 0;
}
