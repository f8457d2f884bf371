/**
 * A minimal, fast stand-in for Slack's Web API and response_url endpoints: answers every method with `ok: true`
 * and tells listeners about each call with its arrival time (performance.now() in this process), so a load generator in
 * the same process can time "command sent → card posted" on one clock. Loopback only; nothing is rendered or kept
 * unless `record` is on (long runs would otherwise hold every card in memory).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface SlackCall {
  /** Web API method (`chat.postMessage`) or `response_url` for posts to a response URL. */
  method: string;
  /** channel, response-url id, view id or trigger id: whatever the request names. */
  channel: string | null;
  responseUrlId: string | null;
  triggerId: string | null;
  threadTs: string | null;
  /** ts given to a posted message / the message an update targets. */
  ts: string | null;
  /** Decoded request body (form fields or JSON), for matching and for reading the card back. */
  body: Record<string, unknown>;
  rawText: string;
  at: number;
}

export interface FakeSlack {
  /** Web API base, e.g. `http://127.0.0.1:PORT/api/`. */
  apiUrl: string;
  origin: string;
  responseUrl(id: string): string;
  onCall(listener: (call: SlackCall) => void): () => void;
  readonly calls: readonly SlackCall[];
  counts(): Record<string, number>;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeSlack(options: { record?: boolean; host?: string } = {}): Promise<FakeSlack> {
  const listeners = new Set<(call: SlackCall) => void>();
  const calls: SlackCall[] = [];
  let counts: Record<string, number> = {};
  let tsCounter = 0;

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    const at = performance.now();
    const url = req.url ?? '/';
    const body = decodeBody(raw, req.headers['content-type'] ?? '');
    let method: string;
    let responseUrlId: string | null = null;
    if (url.startsWith('/api/')) method = url.slice(5).split('?')[0] ?? '';
    else if (url.startsWith('/respond/')) {
      method = 'response_url';
      responseUrlId = decodeURIComponent(url.slice(9));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"ok":false,"error":"unknown_url"}');
      return;
    }
    counts[method] = (counts[method] ?? 0) + 1;
    const channel = str(body.channel) ?? str(body.channel_id);
    const postedTs =
      method === 'chat.postMessage'
        ? `${1_700_000_000 + tsCounter}.${String(++tsCounter).padStart(6, '0')}`
        : null;
    const call: SlackCall = {
      method,
      channel,
      responseUrlId,
      triggerId: str(body.trigger_id),
      threadTs: str(body.thread_ts),
      ts: postedTs ?? str(body.ts),
      body,
      rawText: raw,
      at,
    };
    if (options.record) calls.push(call);
    for (const listener of listeners) listener(call);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply(method, call)));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.keepAliveTimeout = 60_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  // SAFETY: a TCP server listening on a host/port always reports an AddressInfo.
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;

  return {
    apiUrl: `${origin}/api/`,
    origin,
    responseUrl: (id) => `${origin}/respond/${encodeURIComponent(id)}`,
    onCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    calls,
    counts: () => ({ ...counts }),
    reset() {
      calls.length = 0;
      counts = {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function reply(method: string, call: SlackCall): Record<string, unknown> {
  switch (method) {
    case 'auth.test':
      return {
        ok: true,
        url: 'https://bench.slack.com/',
        team: 'bench',
        user: 'shipwatch',
        team_id: 'TBENCH',
        user_id: 'UBOT',
        bot_id: 'BBOT',
        is_enterprise_install: false,
      };
    case 'chat.postMessage':
    case 'chat.update':
      return {
        ok: true,
        channel: call.channel,
        ts: call.ts,
        message: { type: 'message', ts: call.ts, user: 'UBOT' },
      };
    case 'users.info':
      // A full member (not a guest): the write policy lets full members act.
      return {
        ok: true,
        user: { id: str(call.body.user) ?? 'UBENCH', is_restricted: false, is_ultra_restricted: false },
      };
    case 'usergroups.users.list':
      return { ok: true, users: [] };
    case 'chat.postEphemeral':
      return { ok: true, message_ts: `${Date.now() / 1000}` };
    case 'views.open':
    case 'views.update':
    case 'views.push': {
      const id = str(call.body.view_id) ?? `VBENCH${call.triggerId ?? ''}`;
      return { ok: true, view: { id, hash: `${id}-hash` } };
    }
    default:
      return { ok: true };
  }
}

function decodeBody(raw: string, contentType: string): Record<string, unknown> {
  if (raw.length === 0) return {};
  if (contentType.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      // SAFETY: Slack bodies are JSON objects; anything else is wrapped so matching still works on the text.
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { value: parsed };
    } catch {
      return { value: raw };
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}
