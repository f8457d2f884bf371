/** What every fake Web API method can see and change. */
import type { WorkspaceIdentity } from '../identity.js';
import type { JsonObject } from '../shared/json-reader.js';
import type { ChannelStore } from '../state/channel-store.js';
import type { TriggerRegistry } from '../state/trigger-registry.js';
import type { ViewStore } from '../state/view-store.js';

export interface WebApiContext {
  identity: WorkspaceIdentity;
  channel: ChannelStore;
  views: ViewStore;
  triggers: TriggerRegistry;
  now: () => number;
}

/** A Web API method: arguments in, Slack's JSON answer out (`ok: false` + `error` on failure, as Slack does). */
export type WebApiMethod = (args: JsonObject, context: WebApiContext) => JsonObject;

export function fail(error: string, extra: JsonObject = {}): JsonObject {
  return { ok: false, error, ...extra };
}

/** Slack's answer for blocks or views it refuses: the error lines in `errors` and `response_metadata.messages`. */
export function invalid(error: 'invalid_blocks' | 'invalid_arguments', lines: string[]): JsonObject {
  return fail(error, {
    errors: lines,
    response_metadata: { messages: lines.map((line) => `[ERROR] ${line}`) },
  });
}

/** Accepts the channel's id, `name` or `#name`; anything else is channel_not_found. */
export function isKnownChannel(value: unknown, context: WebApiContext): boolean {
  const { channel } = context.identity;
  return value === channel.id || value === channel.name || value === `#${channel.name}`;
}
