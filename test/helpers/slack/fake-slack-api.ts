/**
 * The one fake Slack on loopback, for the tests and the bench: `POST /api/<method>` answered by the same Web API
 * methods the local workspace serves (src/workspace/web-api) over the tests' Slack (fake-slack-state.ts), and
 * `POST /response/<id>` standing in for response_urls. Point the bot's `SLACK_API_URL` at `url`. Every call is
 * recorded (method, parsed arguments, the token used, the answer) and can be made to fail the ways Slack fails: a
 * Web API error, a 429 with Retry-After, an HTTP 5xx, or a request that never answers. The bench runs it in its
 * speed-tuned mode: forgetful memory, no recording (listeners see each call as it arrives) and lean answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ChannelMessage } from '../../../src/workspace/protocol.js';
import type { JsonObject } from '../../../src/workspace/shared/json-reader.js';
import type { SlackIdentity } from '../../../src/workspace/web-api/context.js';
import {
  createOAuthGrants,
  type InstallGrant,
  type OAuthApp,
  type OAuthGrants,
} from '../../../src/workspace/web-api/oauth-grants.js';
import { parseApiRequest } from '../../../src/workspace/web-api/parse-args.js';
import { answerWebApiCall } from '../../../src/workspace/web-api/web-api.js';
import {
  type ChannelError,
  createFakeSlackState,
  type FakeSlackMemory,
  type FakeSlackState,
  type FakeUser,
} from './fake-slack-state.js';
import { listenOnLoopback, readBody, waitUntil } from './loopback-server.js';
import { TEST_BOT, TEST_TEAM } from './payloads.js';

export type { FakeUser } from './fake-slack-state.js';

/** The bot and team the fake answers as (auth.test, message authors). */
export const FAKE_IDENTITY: SlackIdentity = {
  team: { id: TEST_TEAM.id, name: 'Shipwatch Test', domain: TEST_TEAM.domain },
  bot: TEST_BOT,
};

export type FakeSlackFailure =
  | { kind: 'error'; error: string }
  | { kind: 'ratelimited'; retryAfterSeconds?: number }
  | { kind: 'http'; status: number }
  | { kind: 'hang' };

export interface FakeSlackCall {
  /** A Web API method, or `response_url` for a POST to a response_url (those reach `onCall` listeners only). */
  method: string;
  args: Record<string, unknown>;
  /** The token the caller sent (Authorization header or `token` argument). */
  token: string | null;
  ok: boolean;
  /** Slack's `error` string, or `ratelimited` / `http_<status>` / `hang` for injected transport failures. */
  error: string | null;
  /** What the fake answered (e.g. `ts` of a posted message); null for injected transport failures. */
  answer: Record<string, unknown> | null;
  /** The response_url posted to (`response_url` calls only). */
  responseUrl?: string;
  /** Epoch milliseconds with sub-millisecond precision (performance.timeOrigin + performance.now()). */
  at: number;
}

/** A predicate, or argument values that must all be equal (e.g. `{ channel: 'C1' }`). */
export type CallMatch = ((call: FakeSlackCall) => boolean) | Record<string, unknown>;

export interface ResponseUrlPost {
  url: string;
  body: Record<string, unknown>;
  status: number;
  at: number;
}

/** Slack's response_url endpoints: unique URLs, every JSON body posted to them, and expiry (404 `expired_url`). */
export interface ResponseUrlCatcher {
  /** A fresh response_url, unique per call. */
  newUrl(): string;
  /** The response_url for `id` (the bench puts its intent keys there). */
  urlFor(id: string): string;
  readonly posts: ReadonlyArray<ResponseUrlPost>;
  postsTo(url: string): ResponseUrlPost[];
  waitForPost(
    url: string,
    match?: (post: ResponseUrlPost) => boolean,
    timeoutMs?: number,
  ): Promise<ResponseUrlPost>;
  /** From now on `url` answers 404 `expired_url`, as Slack does after 30 minutes or 5 uses. */
  expire(url: string): void;
  reset(): void;
}

export interface FakeSlackApi {
  /** Web API base URL with trailing slash, e.g. `http://127.0.0.1:PORT/api/`. */
  readonly url: string;
  readonly origin: string;
  readonly calls: ReadonlyArray<FakeSlackCall>;
  readonly responseUrls: ResponseUrlCatcher;
  callsTo(method: string, match?: CallMatch): FakeSlackCall[];
  waitForCall(method: string, match?: CallMatch, timeoutMs?: number): Promise<FakeSlackCall>;
  /** Hears every call and response_url post as it arrives (recorded or not); returns the unsubscribe. */
  onCall(listener: (call: FakeSlackCall) => void): () => void;
  /** Calls per method since the last reset, response_url posts included. */
  counts(): Record<string, number>;
  /** Makes every method that names `channel` answer `error` (null clears it). */
  setChannelError(channel: string, error: ChannelError | null): void;
  /** The next `times` calls of `method` fail this way. */
  failNext(method: string, failure: FakeSlackFailure, times?: number): void;
  setUser(user: FakeUser): void;
  /** The channels a person is in (users.conversations); by default every channel the fake has seen. */
  setMemberships(userId: string, channelIds: readonly string[]): void;
  /** The Home a person was last shown (views.publish), or null. */
  home(userId: string): Record<string, unknown> | null;
  /** A file uploaded and shared (files.completeUploadExternal): its name, where it went and its text. */
  file(id: string): { filename: string; title: string | null; channelId: string | null; text: string } | null;
  setUsergroup(id: string, userIds: string[]): void;
  /** A message as the fake holds it (kept memory). */
  message(channel: string, ts: string): ChannelMessage | null;
  /** The next `times` calls of `method` are answered (and take effect) at once, but the answer arrives `ms` later. */
  delayNext(method: string, ms: number, times?: number): void;
  /** Installs (with the `oauth` option): `oauth.v2.access`, and tokens that each act as their own workspace. */
  readonly oauth: OAuthGrants | null;
  /**
   * The next visit to Slack's authorize page (`GET /oauth/v2/authorize`, see `authorizeUrl`) is allowed as `grant`:
   * it redirects to the `redirect_uri` with a code and the `state` it was given, as Slack does.
   */
  allowNextInstall(grant: InstallGrant): void;
  /** Where Slack's authorize page is on this fake (InstallProvider's `authorizationUrl`). */
  readonly authorizeUrl: string;
  /** Forgets calls, posts, failures and the whole workspace (users, groups, channel errors, messages, views). */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeSlackOptions {
  /** When set, any other token gets `invalid_auth`. */
  botToken?: string;
  /** Default `kept`; see fake-slack-state.ts. */
  memory?: FakeSlackMemory;
  /** Keep every call in `calls` and every post in `responseUrls.posts` (default true). */
  record?: boolean;
  /** Answer chat.* without echoing the message back (the bot reads only `channel` and `ts`); default false. */
  leanAnswers?: boolean;
  host?: string;
  /** Socket Mode: the WebSocket URL apps.connections.open hands an app-level token (fake-socket-mode.ts). */
  socketModeUrl?: () => string;
  /** Answer installs for this app (its client id and secret); tokens live `tokenLifetimeSeconds` when rotating. */
  oauth?: OAuthApp & { tokenLifetimeSeconds?: number; now?: () => number };
}

/** Wall-clock milliseconds with the monotonic clock's resolution, comparable with Date.now(). */
const preciseNow = () => performance.timeOrigin + performance.now();

export async function startFakeSlackApi(options: FakeSlackOptions = {}): Promise<FakeSlackApi> {
  const memory = options.memory ?? 'kept';
  const record = options.record ?? true;
  const oauth = options.oauth
    ? createOAuthGrants({
        app: { clientId: options.oauth.clientId, clientSecret: options.oauth.clientSecret },
        now: options.oauth.now ?? Date.now,
        ...(options.oauth.tokenLifetimeSeconds === undefined
          ? {}
          : { tokenLifetimeSeconds: options.oauth.tokenLifetimeSeconds }),
      })
    : null;
  const newState = (): FakeSlackState => {
    const created = createFakeSlackState({ identity: FAKE_IDENTITY, memory, origin: () => origin });
    return oauth ? { ...created, context: { ...created.context, oauth } } : created;
  };
  let state: FakeSlackState = newState();
  const delays = new Map<string, number[]>();
  const pendingInstalls: InstallGrant[] = [];
  const calls: FakeSlackCall[] = [];
  const posts: ResponseUrlPost[] = [];
  const listeners = new Set<(call: FakeSlackCall) => void>();
  const failures = new Map<string, FakeSlackFailure[]>();
  const expired = new Set<string>();
  let counts: Record<string, number> = {};
  let urls = 0;
  let origin = '';

  const heard = (call: FakeSlackCall) => {
    counts[call.method] = (counts[call.method] ?? 0) + 1;
    if (record && call.method !== 'response_url') calls.push(call);
    for (const listener of listeners) listener(call);
  };

  const answerApi = (
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    raw: string,
  ): void => {
    const at = preciseNow();
    const { token, args } = parseApiRequest(
      request.headers['content-type'],
      request.headers.authorization,
      raw,
    );
    const call = (ok: boolean, error: string | null, answer: JsonObject | null = null) =>
      heard({ method, args, token, ok, error, answer, at });

    const failure = failures.get(method)?.shift();
    if (failure?.kind === 'hang') {
      call(false, 'hang');
      return; // never answered; close() drops the socket
    }
    if (failure?.kind === 'ratelimited') {
      call(false, 'ratelimited');
      const retryAfter = String(failure.retryAfterSeconds ?? 30);
      send(response, 429, { ok: false, error: 'ratelimited' }, { 'retry-after': retryAfter });
      return;
    }
    if (failure?.kind === 'http') {
      call(false, `http_${failure.status}`);
      send(response, failure.status, { ok: false, error: 'fatal_error' });
      return;
    }
    if (failure?.kind === 'error') {
      call(false, failure.error);
      send(response, 200, { ok: false, error: failure.error });
      return;
    }
    const answer =
      method === 'apps.connections.open' && options.socketModeUrl
        ? socketModeAnswer(token, options.socketModeUrl())
        : answerWebApiCall(method, token, args, state.context, options.botToken ?? null);
    call(answer.ok === true, typeof answer.error === 'string' ? answer.error : null, answer);
    const delay = delays.get(method)?.shift();
    if (delay !== undefined) {
      setTimeout(() => send(response, 200, answer), delay);
      return;
    }
    if (options.leanAnswers && answer.ok === true) {
      const { message: _echo, ...lean } = answer;
      send(response, 200, lean);
      return;
    }
    send(response, 200, answer);
  };

  const answerResponseUrl = (response: ServerResponse, path: string, raw: string): void => {
    const url = `${origin}${path}`;
    const status = expired.has(url) ? 404 : 200;
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(raw);
      // SAFETY: response_url bodies are JSON objects; other shapes are recorded as an empty body.
      if (parsed !== null && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = { unparsed: raw };
    }
    const at = preciseNow();
    if (record) posts.push({ url, body, status, at });
    heard({
      method: 'response_url',
      args: body,
      token: null,
      ok: status === 200,
      error: status === 200 ? null : 'expired_url',
      answer: null,
      responseUrl: url,
      at,
    });
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status === 200 ? 'ok' : 'expired_url');
  };

  /** Slack's authorize page, allowed at once as the grant a test queued: back to the app with a code and its state. */
  const answerAuthorize = (response: ServerResponse, url: string): void => {
    const query = new URL(url, 'http://fake').searchParams;
    const grant = pendingInstalls.shift();
    const redirectUri = query.get('redirect_uri');
    if (!oauth || !grant || !redirectUri || query.get('client_id') !== oauth.app.clientId) {
      send(response, 400, { ok: false, error: 'invalid_request' });
      return;
    }
    const target = new URL(redirectUri);
    target.searchParams.set('code', oauth.issueCode(grant, redirectUri));
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    response.writeHead(302, { location: target.href });
    response.end();
  };

  const server = await listenOnLoopback((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    readBody(request)
      .then((raw) => {
        if (path.startsWith('/api/')) return answerApi(request, response, path.slice('/api/'.length), raw);
        if (path.startsWith('/response/')) return answerResponseUrl(response, path, raw);
        if (path === '/oauth/v2/authorize') return answerAuthorize(response, request.url ?? '');
        if (path.startsWith('/upload/') && request.method === 'POST') {
          // The upload URL files.getUploadURLExternal handed out: Slack answers 200 with "OK - <length>".
          const received = state.files.receive(path.slice('/upload/'.length), Buffer.from(raw, 'utf8'));
          response.writeHead(received ? 200 : 404, { 'content-type': 'text/plain' });
          response.end(received ? `OK - ${Buffer.byteLength(raw)}` : 'not_found');
          return;
        }
        send(response, 404, { ok: false, error: 'unknown_url' });
        return;
      })
      .catch((error: unknown) => {
        send(response, 500, { ok: false, error: 'fake_slack_crashed', detail: String(error) });
      });
  }, options.host);
  origin = server.origin;

  const matches = (call: FakeSlackCall, method: string, match?: CallMatch) =>
    call.method === method &&
    (match === undefined ||
      (typeof match === 'function'
        ? match(call)
        : Object.entries(match).every(([name, value]) => call.args[name] === value)));

  const responseUrls: ResponseUrlCatcher = {
    newUrl: () => responseUrls.urlFor(String(++urls)),
    urlFor: (id) => `${origin}/response/${encodeURIComponent(id)}`,
    posts,
    postsTo: (url) => posts.filter((post) => post.url === url),
    waitForPost: (url, match = () => true, timeoutMs = 5_000) =>
      waitUntil(
        () => posts.find((post) => post.url === url && match(post)),
        () => `a POST to ${url} (posts so far: ${posts.length})`,
        timeoutMs,
      ),
    expire: (url) => expired.add(url),
    reset: () => {
      posts.length = 0;
      expired.clear();
    },
  };

  return {
    url: `${origin}/api/`,
    origin,
    calls,
    responseUrls,
    callsTo: (method, match) => calls.filter((call) => matches(call, method, match)),
    waitForCall: (method, match, timeoutMs = 5_000) =>
      waitUntil(
        () => calls.find((call) => matches(call, method, match)),
        () => `a ${method} call (calls so far: ${calls.map((call) => call.method).join(', ') || 'none'})`,
        timeoutMs,
      ),
    onCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    counts: () => ({ ...counts }),
    setChannelError: (channel, error) => state.setChannelError(channel, error),
    failNext: (method, failure, times = 1) => {
      const queue = failures.get(method) ?? [];
      for (let i = 0; i < times; i += 1) queue.push(failure);
      failures.set(method, queue);
    },
    delayNext: (method, ms, times = 1) => {
      const queue = delays.get(method) ?? [];
      for (let i = 0; i < times; i += 1) queue.push(ms);
      delays.set(method, queue);
    },
    oauth,
    allowNextInstall: (grant) => {
      pendingInstalls.push(grant);
    },
    authorizeUrl: `${origin}/oauth/v2/authorize`,
    setUser: (user) => state.setUser(user),
    setUsergroup: (id, userIds) => state.setUsergroup(id, userIds),
    setMemberships: (userId, channelIds) => state.setMemberships(userId, channelIds),
    home: (userId) => state.homes.get(userId),
    file: (id) => {
      const file = state.files.get(id);
      return file?.completed
        ? {
            filename: file.filename,
            title: file.title,
            channelId: file.channelId,
            text: file.bytes?.toString('utf8') ?? '',
          }
        : null;
    },
    message: (channel, ts) => state.message(channel, ts),
    reset: () => {
      calls.length = 0;
      counts = {};
      failures.clear();
      delays.clear();
      pendingInstalls.length = 0;
      responseUrls.reset();
      state = newState();
    },
    close: () => server.close(),
  };
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

/** apps.connections.open: the WebSocket URL of a Socket Mode stand-in, for an app-level token only. */
function socketModeAnswer(token: string | null, url: string): Record<string, unknown> {
  if (token === null) return { ok: false, error: 'not_authed' };
  return token.startsWith('xapp-') ? { ok: true, url } : { ok: false, error: 'invalid_auth' };
}
