/**
 * `shipwatch simulator [--port N] [--latency-ms N] [--fault-rate R] [--rate-limit N] [--data DIR] [--webhook-url URL
 * --webhook-secret S] [--book N]`: the tracking API simulator alone on 127.0.0.1 (port default 4010; 0 lets the OS
 * pick and the real URL is printed), with demo time under `/_demo/time`, given a URL and secret, signed webhook
 * notifications for every change of the demo voyages, and with `--book N` N more generated shipments. Runs until
 * SIGINT/SIGTERM. A bad flag is one clear line and exit code 2.
 */
import { parseArgs } from 'node:util';
import type { CliIo } from '../cli.js';
import { DEMO } from '../simulator/demo/catalog.js';
import { createSimulator, MAX_BOOK, type SimulatorOptions } from '../simulator/index.js';
import { type DataDirContents, readDataDir } from '../simulator/load-data-dir.js';

const DEFAULT_PORT = 4010;

export const SIMULATOR_USAGE =
  'usage: shipwatch simulator [--port N] [--latency-ms N] [--fault-rate R] [--rate-limit N] [--data DIR]\n' +
  '                           [--webhook-url URL --webhook-secret SECRET] [--book N]\n';

export interface SimulatorFlags {
  port: number;
  options: SimulatorOptions;
}

class FlagError extends Error {}

function integer(raw: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new FlagError(`--${flag} must be a whole number from ${min} to ${max} (got '${raw}')`);
  }
  return value;
}

/** Parses the flags; throws FlagError with a one-line message on anything invalid. */
export function parseSimulatorFlags(args: string[]): SimulatorFlags {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'latency-ms': { type: 'string' },
        'fault-rate': { type: 'string' },
        'rate-limit': { type: 'string' },
        data: { type: 'string' },
        'webhook-url': { type: 'string' },
        'webhook-secret': { type: 'string' },
        book: { type: 'string' },
      },
    }));
  } catch (error) {
    const first = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
    const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(first);
    // parseArgs reads `--latency-ms -5` as a missing value; say how to pass a value starting with a dash.
    throw new FlagError(
      ambiguous
        ? `${ambiguous[1]} needs a value (write ${ambiguous[1]}=VALUE)`
        : first || 'invalid arguments',
    );
  }
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const faultRateRaw = text('fault-rate');
  const faultRate = faultRateRaw === undefined ? undefined : Number(faultRateRaw);
  if (faultRate !== undefined && (faultRateRaw?.trim() === '' || !(faultRate >= 0 && faultRate <= 1))) {
    throw new FlagError(`--fault-rate must be a number from 0 to 1 (got '${faultRateRaw}')`);
  }
  const dataDir = text('data');
  let data: DataDirContents | undefined;
  if (dataDir !== undefined) {
    try {
      data = readDataDir(dataDir);
    } catch {
      throw new FlagError(`--data must be a readable directory (got '${dataDir}')`);
    }
  }
  const options: SimulatorOptions = {
    latencyMs: integer(text('latency-ms'), 'latency-ms', 0, 600_000),
    faultRate,
    rateLimitPerMinute: integer(text('rate-limit'), 'rate-limit', 1, 1_000_000),
    dataDir,
    data,
    webhooks: webhookFlags(text('webhook-url'), text('webhook-secret')),
    book: integer(text('book'), 'book', 0, MAX_BOOK),
  };
  return { port: integer(text('port'), 'port', 0, 65_535) ?? DEFAULT_PORT, options };
}

/** Both flags or neither: a webhook without its secret could not be verified, a secret without a URL goes nowhere. */
function webhookFlags(url: string | undefined, secret: string | undefined): SimulatorOptions['webhooks'] {
  if (url === undefined && secret === undefined) return undefined;
  if (url === undefined || secret === undefined) {
    throw new FlagError('--webhook-url and --webhook-secret go together (give both or neither)');
  }
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new FlagError(`--webhook-url must be an http(s) URL (got '${url}')`);
  }
  if (secret.trim() === '') throw new FlagError('--webhook-secret must not be empty');
  return [{ url: parsed.href, secret }];
}

function banner(url: string, notes: readonly string[], webhookUrl: string | null): string {
  const { apiKeys, shipments, containers, documents } = DEMO;
  const origin = new URL(url).origin;
  return [
    `Shipwatch tracking API simulator listening on ${url}`,
    ...notes,
    `API keys: ${apiKeys.full} (everything), ${apiKeys.readonly} (writes answer 403), ${apiKeys.noRouting} (vessel positions answer 403), ${apiKeys.noWebhooks} (webhooks answer 403): one account`,
    `          ${apiKeys.otherAccount}: a second account with its own shipments and webhooks`,
    webhookUrl
      ? `Webhooks: every change of the demo voyages is signed (X-T49-Webhook-Signature) and POSTed to ${webhookUrl}`
      : 'Webhooks: none yet (--webhook-url and --webhook-secret, or POST /v2/webhooks)',
    `Demo time: GET ${origin}/_demo/time; POST it {"advanceMs":3600000}, {"play":3600} or {"pause":true} (key ${apiKeys.full})`,
    'Try:',
    `  curl -H 'Authorization: Token ${apiKeys.full}' '${url}/shipments?number=${shipments.slippedEta.bl}&include=containers,pod_terminal'`,
    `  curl -H 'Authorization: Token ${apiKeys.full}' '${url}/search?query=${containers.onHold.slice(0, 7)}'`,
    `  curl -X POST -H 'Authorization: Token ${apiKeys.full}' -H 'Content-Type: application/json' -d '{"degrees":90}' '${url}/documents/${documents.png}/rotate'`,
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

export async function runSimulatorCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(SIMULATOR_USAGE);
    return 0;
  }
  let flags: SimulatorFlags;
  try {
    flags = parseSimulatorFlags(args);
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    io.stderr(`shipwatch simulator: ${error.message} (see shipwatch simulator --help)\n`);
    return 2;
  }
  const simulator = createSimulator({ ...flags.options, demoTimeControl: true });
  let running: Awaited<ReturnType<typeof simulator.listen>>;
  try {
    running = await simulator.listen({ port: flags.port, host: '127.0.0.1' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code; // SAFETY: listen() rejects with Node system errors.
    io.stderr(
      code === 'EADDRINUSE'
        ? `shipwatch simulator: port ${flags.port} is already in use (try --port 0)\n`
        : `shipwatch simulator: cannot listen on 127.0.0.1:${flags.port} (${code ?? 'unknown error'})\n`,
    );
    return 1;
  }
  const report = flags.options.data?.report ?? null;
  const dataNote = report
    ? `Loaded ${report.resources} resources from ${report.files.length} file(s) in ${flags.options.dataDir}` +
      report.skipped.map((skip) => `\n  skipped ${skip.file}: ${skip.reason}`).join('')
    : null;
  const webhook = flags.options.webhooks?.[0];
  // Origin and path only: a URL can carry credentials or a token in its query.
  const webhookUrl = webhook ? `${new URL(webhook.url).origin}${new URL(webhook.url).pathname}` : null;
  const book = flags.options.book
    ? `Book: ${flags.options.book.toLocaleString('en-US')} generated shipments besides the demo ones (GET /shipments pages them)`
    : null;
  io.stdout(
    banner(
      running.url,
      [dataNote, book].filter((note) => note !== null),
      webhookUrl,
    ),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await running.close();
  io.stdout('Simulator stopped.\n');
  return 0;
}
