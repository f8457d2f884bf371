/**
 * Managing the account's webhook (docs/terminal49-webhooks.md, "Managing webhooks"), for `shipwatch webhook register`
 * only: one operator at a terminal, a handful of requests, so this is a plain client of its own rather than part of
 * the bot's TrackingClient (no cache, no retries, no quota guard). `GET /webhooks` finds a webhook already pointing at
 * the URL; `PATCH /webhooks/{id}` re-activates it; `POST /webhooks` creates one. Terminal49 answers 403 to an account
 * without the "data-out" entitlement.
 */
import { request } from 'undici';

export interface WebhookRecord {
  id: string;
  url: string;
  active: boolean;
  events: string[];
  /** The secret that signs deliveries (X-T49-Webhook-Signature); null when the answer did not carry it. */
  secret: string | null;
}

export type WebhookApiFailure =
  | { kind: 'not_entitled' }
  | { kind: 'unauthorized' }
  | { kind: 'rejected'; status: number; detail: string }
  | { kind: 'unreachable'; detail: string };

export class WebhookApiError extends Error {
  override readonly name = 'WebhookApiError';
  readonly code: WebhookApiFailure['kind'];
  constructor(readonly failure: WebhookApiFailure) {
    super(failure.kind);
    this.code = failure.kind;
  }
}

export interface WebhooksApi {
  list(): Promise<WebhookRecord[]>;
  create(input: { url: string; events?: readonly string[] }): Promise<WebhookRecord>;
  update(
    id: string,
    input: { url: string; active: boolean; events?: readonly string[] },
  ): Promise<WebhookRecord>;
  get(id: string): Promise<WebhookRecord>;
  /** `DELETE /webhooks/{id}` (a key disconnected or a workspace uninstalled); a webhook already gone is no error. */
  remove(id: string): Promise<void>;
}

export function createWebhooksApi(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): WebhooksApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeout = options.timeoutMs ?? 15_000;

  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<unknown> => {
    let response: Awaited<ReturnType<typeof request>>;
    let text: string;
    try {
      response = await request(base + path, {
        method,
        headers: {
          authorization: `Token ${options.apiKey}`,
          accept: 'application/vnd.api+json',
          ...(body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        headersTimeout: timeout,
        bodyTimeout: timeout,
      });
      text = await response.body.text();
    } catch (error) {
      throw new WebhookApiError({
        kind: 'unreachable',
        detail: error instanceof Error ? error.message : String(error),
      });
    }
    if (response.statusCode === 401) throw new WebhookApiError({ kind: 'unauthorized' });
    if (response.statusCode === 403) throw new WebhookApiError({ kind: 'not_entitled' });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new WebhookApiError({ kind: 'rejected', status: response.statusCode, detail: errorDetail(text) });
    }
    try {
      return text.trim() === '' ? null : JSON.parse(text);
    } catch {
      throw new WebhookApiError({
        kind: 'rejected',
        status: response.statusCode,
        detail: 'the answer was not JSON',
      });
    }
  };

  const attributes = (input: { url: string; active: boolean; events?: readonly string[] }) => ({
    url: input.url,
    active: input.active,
    ...(input.events && input.events.length > 0 ? { events: [...input.events] } : {}),
  });

  return {
    async list() {
      const document = record(await call('GET', '/webhooks?page%5Bsize%5D=100'));
      return (Array.isArray(document.data) ? document.data : [])
        .map(webhookOf)
        .filter((item) => item !== null);
    },
    async create(input) {
      const created = webhookOf(
        record(
          await call('POST', '/webhooks', {
            data: { type: 'webhook', attributes: attributes({ ...input, active: true }) },
          }),
        ).data,
      );
      if (created === null)
        throw new WebhookApiError({ kind: 'rejected', status: 201, detail: 'no webhook in the answer' });
      return created;
    },
    async update(id, input) {
      const updated = webhookOf(
        record(
          await call('PATCH', `/webhooks/${encodeURIComponent(id)}`, {
            data: { id, type: 'webhook', attributes: attributes(input) },
          }),
        ).data,
      );
      if (updated === null)
        throw new WebhookApiError({ kind: 'rejected', status: 200, detail: 'no webhook in the answer' });
      return updated;
    },
    async remove(id) {
      try {
        await call('DELETE', `/webhooks/${encodeURIComponent(id)}`);
      } catch (error) {
        if (
          error instanceof WebhookApiError &&
          error.failure.kind === 'rejected' &&
          error.failure.status === 404
        )
          return;
        throw error;
      }
    },
    async get(id) {
      const found = webhookOf(record(await call('GET', `/webhooks/${encodeURIComponent(id)}`)).data);
      if (found === null)
        throw new WebhookApiError({ kind: 'rejected', status: 200, detail: 'no webhook in the answer' });
      return found;
    },
  };
}

function record(value: unknown): Record<string, unknown> {
  // SAFETY: a non-null, non-array object; fields are read with type checks.
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function webhookOf(value: unknown): WebhookRecord | null {
  const item = record(value);
  const attrs = record(item.attributes);
  const id = typeof item.id === 'string' ? item.id : null;
  if (id === null || typeof attrs.url !== 'string') return null;
  return {
    id,
    url: attrs.url,
    active: attrs.active !== false,
    events: Array.isArray(attrs.events)
      ? attrs.events.filter((event): event is string => typeof event === 'string')
      : [],
    secret: typeof attrs.secret === 'string' && attrs.secret !== '' ? attrs.secret : null,
  };
}

function errorDetail(text: string): string {
  try {
    const errors = record(JSON.parse(text)).errors;
    if (Array.isArray(errors)) {
      return errors
        .map((entry) => {
          const e = record(entry);
          return String(e.detail ?? e.title ?? '');
        })
        .filter(Boolean)
        .join('; ')
        .slice(0, 300);
    }
  } catch {
    // Not JSON (an HTML error page): no detail worth printing.
  }
  return 'no details';
}
