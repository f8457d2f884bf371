/**
 * The account's webhooks: the ones given at start-up (options, `--webhook-url`) and the ones created through
 * `POST /v2/webhooks`. Both kinds are listed by `GET /v2/webhooks` and both receive deliveries, as an account's
 * webhooks all do. A webhook created without `events` subscribes to every event.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AccountName } from '../auth.js';
import { stableUuid } from '../demo/ids.js';
import type { ResourceObject } from '../resource.js';
import { WEBHOOK_EVENTS } from './event-names.js';

export interface WebhookHeader {
  name: string;
  value: string;
}

export interface WebhookRecord {
  id: string;
  url: string;
  secret: string;
  active: boolean;
  events: readonly string[];
  headers: readonly WebhookHeader[];
  createdAt: string;
}

/** A webhook given at start-up: where to deliver and the secret that signs each body. */
export interface WebhookTarget {
  url: string;
  secret: string;
  /** The account whose changes it hears (default `demo`). */
  account?: AccountName;
  /** Default: every event. */
  events?: readonly string[];
}

export interface WebhookInput {
  url: string;
  active?: boolean;
  events?: readonly string[] | null;
  headers?: readonly WebhookHeader[] | null;
  secret?: string;
}

export class WebhookRegistry {
  private readonly webhooks = new Map<string, WebhookRecord>();

  add(input: WebhookInput, createdAt: string, id: string = randomUUID()): WebhookRecord {
    const record: WebhookRecord = {
      id,
      url: input.url,
      // What the API hands out: a random token, shown once in the 201 and in every GET.
      secret: input.secret ?? randomBytes(24).toString('hex'),
      active: input.active ?? true,
      events: input.events && input.events.length > 0 ? [...input.events] : WEBHOOK_EVENTS,
      headers: input.headers ? [...input.headers] : [],
      createdAt,
    };
    this.webhooks.set(record.id, record);
    return record;
  }

  list(): WebhookRecord[] {
    return [...this.webhooks.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  get(id: string): WebhookRecord | undefined {
    return this.webhooks.get(id);
  }

  update(id: string, changes: Partial<Omit<WebhookInput, 'secret'>>): WebhookRecord | undefined {
    const current = this.webhooks.get(id);
    if (!current) return undefined;
    const next: WebhookRecord = {
      ...current,
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.active !== undefined ? { active: changes.active } : {}),
      ...(changes.events ? { events: [...changes.events] } : {}),
      ...(changes.headers !== undefined ? { headers: [...(changes.headers ?? [])] } : {}),
    };
    this.webhooks.set(id, next);
    return next;
  }

  remove(id: string): boolean {
    return this.webhooks.delete(id);
  }

  /** The active webhooks subscribed to `event`. */
  targetsOf(event: string): WebhookRecord[] {
    return [...this.webhooks.values()].filter((webhook) => webhook.active && webhook.events.includes(event));
  }
}

/** Ids for start-up webhooks: the same URL in the same place gets the same id on every start. */
export function startupWebhookId(index: number, url: string): string {
  return stableUuid(`webhook|${index}|${url}`);
}

export function webhookResource(record: WebhookRecord): ResourceObject {
  return {
    id: record.id,
    type: 'webhook',
    attributes: {
      url: record.url,
      active: record.active,
      events: [...record.events],
      secret: record.secret,
      headers: record.headers.map((header) => ({ ...header })),
      created_at: record.createdAt,
    },
    links: { self: `/v2/webhooks/${record.id}` },
  };
}
