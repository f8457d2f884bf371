/**
 * A loopback fake of the Slack Web API for tests. Point the bot's `SLACK_API_URL` at `fake.url`; every call is recorded
 * (method, parsed arguments with `blocks`/`view` decoded from their JSON strings, and the token used), answered from a
 * small in-memory workspace (fake-slack-methods.ts), and can be made to fail the ways Slack fails: a Web API error, a
 * 429 with Retry-After, an HTTP 5xx, or a request that never answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createFakeWorkspace,
  defaultUser,
  type FakeUser,
  type FakeWorkspace,
  METHODS,
  type StoredMessage,
} from './fake-slack-methods.js';
import { listenOnLoopback, readBody, waitUntil } from './loopback-server.js';

export { FAKE_BOT, type FakeUser, type StoredMessage } from './fake-slack-methods.js';

export type FakeSlackFailure =
  | { kind: 'error'; error: string }
  | { kind: 'ratelimited'; retryAfterSeconds?: number }
  | { kind: 'http'; status: number }
  | { kind: 'hang' };

export interface FakeSlackCall {
  method: string;
  args: Record<string, unknown>;
  /** The token the caller sent (Authorization header or `token` argument). */
  token: string | null;
  ok: boolean;
  /** Slack's `error` string, or `ratelimited` / `http_<status>` / `hang` for injected transport failures. */
  error: string | null;
  /** What the fake answered (e.g. `ts` of a posted message); null for injected transport failures. */
  answer: Record<string, unknown> | null;
  at: number;
}

/** A predicate, or argument values that must all be equal (e.g. `{ channel: 'C1' }`). */
export type CallMatch = ((call: FakeSlackCall) => boolean) | Record<string, unknown>;

export interface FakeSlackApi {
  /** Web API base URL with trailing slash, e.g. `http://127.0.0.1:PORT/api/`. */
  readonly url: string;
  readonly calls: ReadonlyArray<FakeSlackCall>;
  callsTo(method: string, match?: CallMatch): FakeSlackCall[];
  waitForCall(method: string, match?: CallMatch, timeoutMs?: number): Promise<FakeSlackCall>;
  /** Makes every message method answer `error` for `channel` (null clears it). */
  setChannelError(
    channel: string,
    error: 'not_in_channel' | 'channel_not_found' | 'is_archived' | null,
  ): void;
  /** The next `times` calls of `method` fail this way. */
  failNext(method: string, failure: FakeSlackFailure, times?: number): void;
  setUser(user: Partial<FakeUser> & { id: string }): void;
  setUsergroup(id: string, userIds: string[]): void;
  message(channel: string, ts: string): StoredMessage | undefined;
  /** Forgets calls, failures and workspace state (users, groups, channel errors, messages, views). */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeSlackOptions {
  /** When set, any other token gets `invalid_auth`. */
  botToken?: string;
}

const JSON_ARGUMENTS = new Set(['blocks', 'attachments', 'view', 'metadata']);

export async function startFakeSlackApi(options: FakeSlackOptions = {}): Promise<FakeSlackApi> {
  let workspace: FakeWorkspace = createFakeWorkspace();
  const calls: FakeSlackCall[] = [];
  const failures = new Map<string, FakeSlackFailure[]>();

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = url.pathname.replace(/^\/api\//, '');
    const raw = await readBody(request);
    const args = parseArguments(raw, request.headers['content-type'] ?? '');
    const token =
      bearer(request.headers.authorization) ?? (typeof args.token === 'string' ? args.token : null);
    delete args.token;
    const record = (ok: boolean, error: string | null, answer: Record<string, unknown> | null = null) =>
      calls.push({ method, args, token, ok, error, answer, at: Date.now() });

    const failure = failures.get(method)?.shift();
    if (failure?.kind === 'hang') {
      record(false, 'hang');
      return; // never answered; close() drops the socket
    }
    if (failure?.kind === 'ratelimited') {
      record(false, 'ratelimited');
      const retryAfter = String(failure.retryAfterSeconds ?? 30);
      return send(response, 429, { ok: false, error: 'ratelimited' }, { 'retry-after': retryAfter });
    }
    if (failure?.kind === 'http') {
      record(false, `http_${failure.status}`);
      return send(response, failure.status, { ok: false, error: 'fatal_error' });
    }
    if (failure?.kind === 'error') {
      record(false, failure.error);
      return send(response, 200, { ok: false, error: failure.error });
    }
    if (token === null) {
      record(false, 'not_authed');
      return send(response, 200, { ok: false, error: 'not_authed' });
    }
    if (options.botToken !== undefined && token !== options.botToken) {
      record(false, 'invalid_auth');
      return send(response, 200, { ok: false, error: 'invalid_auth' });
    }
    const implementation = METHODS[method];
    const answer = implementation ? implementation(workspace, args) : { ok: false, error: 'unknown_method' };
    record(answer.ok === true, typeof answer.error === 'string' ? answer.error : null, answer);
    return send(response, 200, answer);
  };

  const server = await listenOnLoopback((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { ok: false, error: 'fake_slack_crashed', detail: String(error) });
    });
  });

  const matches = (call: FakeSlackCall, method: string, match?: CallMatch) =>
    call.method === method &&
    (match === undefined ||
      (typeof match === 'function'
        ? match(call)
        : Object.entries(match).every(([name, value]) => call.args[name] === value)));

  return {
    url: `${server.origin}/api/`,
    calls,
    callsTo: (method, match) => calls.filter((call) => matches(call, method, match)),
    waitForCall: (method, match, timeoutMs = 5_000) =>
      waitUntil(
        () => calls.find((call) => matches(call, method, match)),
        () => `a ${method} call (calls so far: ${calls.map((call) => call.method).join(', ') || 'none'})`,
        timeoutMs,
      ),
    setChannelError: (channel, error) => {
      if (error === null) workspace.channelErrors.delete(channel);
      else workspace.channelErrors.set(channel, error);
    },
    failNext: (method, failure, times = 1) => {
      const queue = failures.get(method) ?? [];
      for (let i = 0; i < times; i += 1) queue.push(failure);
      failures.set(method, queue);
    },
    setUser: (user) => workspace.users.set(user.id, { ...defaultUser(user.id), ...user }),
    setUsergroup: (id, userIds) => workspace.usergroups.set(id, [...userIds]),
    message: (channel, ts) => workspace.messages.get(`${channel}:${ts}`),
    reset: () => {
      calls.length = 0;
      failures.clear();
      workspace = createFakeWorkspace();
    },
    close: () => server.close(),
  };
}

function parseArguments(raw: string, contentType: string): Record<string, unknown> {
  if (contentType.includes('application/json')) {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    // SAFETY: a JSON object body is the only shape the Web API accepts; anything else is treated as no arguments.
    return parsed !== null && typeof parsed === 'object' ? { ...(parsed as Record<string, unknown>) } : {};
  }
  const args: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    args[name] = JSON_ARGUMENTS.has(name) ? safeJson(value) : value;
  }
  return args;
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}
