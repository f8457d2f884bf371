/**
 * `shipwatch render <shipment|vessel|tracking-request|email-submission> [FILE|-] [--now ISO]`: reads one raw API
 * response document (what the API returns for that GET, with its `included`; for `shipment` also the list answer of
 * `GET /shipments?number=…`, whose first shipment is rendered), parses it exactly as the bot does and
 * prints the Slack message the bot would send as `{text, blocks}` JSON. Usage mistakes exit 2, unreadable or
 * unparseable input exits 1 with one line naming the problem; never a stack trace.
 */
import { readFile } from 'node:fs/promises';
import {
  renderEmailSubmissionCard,
  renderShipmentCard,
  renderTrackingRequestCard,
  renderVesselCard,
  type SlackMessage,
} from '../cards/index.js';
import type { CliIo } from '../cli.js';
import {
  isTrackingApiError,
  parseEmailSubmissionDocument,
  parseShipmentDocument,
  parseShipmentListDocument,
  parseTrackingRequestDocument,
  parseVesselDocument,
} from '../tracking/index.js';

const USAGE =
  'usage: shipwatch render <shipment|vessel|tracking-request|email-submission> [FILE|-] [--now ISO]\n' +
  '  reads a raw API response document from FILE (or stdin with - or no FILE) and prints the Slack message JSON\n';

type Kind = 'shipment' | 'vessel' | 'tracking-request' | 'email-submission';
const KINDS: readonly Kind[] = ['shipment', 'vessel', 'tracking-request', 'email-submission'];

interface RenderArgs {
  kind: Kind;
  source: string;
  now: Date;
}

/** Runs the render subcommand; returns the exit code. */
export async function runRenderCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(USAGE);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`shipwatch render: ${parsed}\n${USAGE}`);
    return 2;
  }
  let raw: string;
  try {
    raw = parsed.source === '-' ? await io.readStdin() : await readFile(parsed.source, 'utf8');
  } catch (error) {
    io.stderr(`shipwatch render: cannot read ${parsed.source}: ${errorCode(error)}\n`);
    return 1;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    io.stderr(`shipwatch render: input is not JSON (${firstLine(error)})\n`);
    return 1;
  }
  let message: SlackMessage;
  try {
    const listed = firstOfList(parsed.kind, json, parsed.now);
    if (listed !== null && listed.count !== 1) {
      if (listed.count === 0) {
        io.stderr('shipwatch render: the list is empty: there is no shipment to render\n');
        return 1;
      }
      io.stderr(`shipwatch render: the list has ${listed.count} shipments; rendering the first\n`);
    }
    message = listed?.message ?? render(parsed.kind, json, parsed.now);
  } catch (error) {
    const why = isTrackingApiError(error) ? firstLine(error) : 'unexpected error while rendering';
    io.stderr(`shipwatch render: not a valid ${parsed.kind} document: ${why}\n`);
    return 1;
  }
  io.stdout(`${JSON.stringify(message, null, 2)}\n`);
  return 0;
}

/**
 * A list answer (`GET /shipments?number=…&include=…`, what the bot asks for a BL or booking) for `shipment`: its first
 * shipment, rendered with the list's `included`; null when the document is not a list.
 */
function firstOfList(
  kind: Kind,
  json: unknown,
  now: Date,
): { count: number; message: SlackMessage | null } | null {
  if (kind !== 'shipment' || !isRecord(json) || !Array.isArray(json.data)) return null;
  const page = parseShipmentListDocument(json, { fetchedAt: now.toISOString() });
  const first = page.items[0];
  return { count: page.items.length, message: first ? renderShipmentCard(first, { now }) : null };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function render(kind: Kind, json: unknown, now: Date): SlackMessage {
  switch (kind) {
    case 'shipment':
      return renderShipmentCard(parseShipmentDocument(json, { fetchedAt: now.toISOString() }), { now });
    case 'vessel': {
      const vessel = parseVesselDocument(json);
      return renderVesselCard(vessel, {
        now,
        ...(vessel.positions !== null ? { positions: 'shown' as const } : {}),
      });
    }
    case 'tracking-request':
      return renderTrackingRequestCard(parseTrackingRequestDocument(json), { now });
    case 'email-submission':
      return renderEmailSubmissionCard(parseEmailSubmissionDocument(json), { now });
  }
}

/** The arguments, or a one-line usage problem. */
function parseArgs(args: string[]): RenderArgs | string {
  const positional: string[] = [];
  let nowText: string | null = null;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--now') {
      const value = args[index + 1];
      if (value === undefined) return '--now needs an ISO timestamp, e.g. --now 2024-07-05T16:00:00Z';
      nowText = value;
      index += 1;
    } else if (arg.startsWith('--now=')) {
      nowText = arg.slice('--now='.length);
    } else if (arg.startsWith('-') && arg !== '-') {
      return `unknown option ${arg}`;
    } else {
      positional.push(arg);
    }
  }
  const [kindText, source = '-', ...extra] = positional;
  if (kindText === undefined)
    return 'which document? one of shipment, vessel, tracking-request, email-submission';
  const kind = KINDS.find((candidate) => candidate === kindText);
  if (kind === undefined) return `unknown document kind '${kindText}'`;
  if (extra.length > 0) return `unexpected argument '${extra[0]}'`;
  const now = nowText === null ? new Date() : new Date(nowText);
  if (Number.isNaN(now.getTime())) return `--now '${nowText}' is not an ISO timestamp`;
  return { kind, source, now };
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code === 'ENOENT' ? 'no such file' : error.code;
  }
  return firstLine(error);
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 300) ?? 'unknown error';
}
