/**
 * What an event surface is (App Home opened, a link shared, …), and the one runner every event listener goes
 * through: Bolt acknowledges Events API deliveries itself, so the runner only reads who and where (the payload
 * context and tenant the global middleware put on the request), hands the handler the tenant's use-case context and a
 * Web API client, and logs a failure instead of letting it reach Bolt (Slack does not show event failures to anyone;
 * a lost log line would be the only trace).
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { FeatureContext } from '../../features/context.js';
import { featuresOf } from '../context/feature-context.js';
import type { PayloadContext } from '../context/payload-context.js';
import { requestContext } from '../context/tenant-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier, type Replier } from '../delivery/replier.js';
import { registry } from '../delivery/reply-io.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import { chatOf, type SlackRuntime } from '../runtime.js';

export type EventArgs = SlackEventMiddlewareArgs & AllMiddlewareArgs;

/** One delivered event, as a handler sees it. */
export interface EventDelivery {
  /** The event itself (`body.event`), as Slack sent it: read it defensively. */
  event: Readonly<Record<string, unknown>>;
  /** Who and where, read once for every payload kind (context/payload-context.ts). */
  payload: PayloadContext;
  /** Bolt's Web API client with this workspace's token (views.publish, chat.unfurl, …). */
  client: AllMiddlewareArgs['client'];
  /** The use cases' context for this event: its tenant, clock, logger, watching. */
  features: FeatureContext;
  /**
   * Answers through the reply module when the event happened in a channel to a person (a message, a mention): the
   * message it names is the origin, so `followUp` answers in its thread. Null for events with no channel (Home).
   */
  replier: Replier | null;
}

export interface EventSpec {
  /** The Events API type it answers (`app_home_opened`, `link_shared`, …), as declared in manifest.yml. */
  event: string;
  create(runtime: SlackRuntime): (delivery: EventDelivery) => Promise<void>;
}

export function createEventListener(
  runtime: SlackRuntime,
  spec: EventSpec,
): (args: EventArgs) => Promise<void> {
  const handle = spec.create(runtime);
  return async ({ event, client, context }) => {
    const { payload } = requestContext(context);
    const fields = event as unknown as Readonly<Record<string, unknown>>;
    try {
      await handle({
        event: fields,
        payload,
        client,
        features: featuresOf(runtime, context),
        replier: replierFor(runtime, payload, fields, withChatApi(client, chatOf(runtime, context))),
      });
    } catch (error) {
      runtime.logger.error('an event could not be handled', {
        event: spec.event,
        teamId: payload.teamId,
        userId: payload.userId,
        error,
      });
    }
  };
}

function replierFor(
  runtime: SlackRuntime,
  payload: PayloadContext,
  event: Readonly<Record<string, unknown>>,
  client: SlackMessagingClient,
): Replier | null {
  if (payload.channelId === null || payload.userId === null) return null;
  const ts = typeof event.ts === 'string' ? event.ts : null;
  const threadTs = typeof event.thread_ts === 'string' ? event.thread_ts : ts;
  return createReplier(
    { client, respond: null, logger: runtime.logger, ...registry(runtime) },
    {
      teamId: payload.teamId,
      channelId: payload.channelId,
      userId: payload.userId,
      card: ts === null ? null : { ts, threadTs, isPrivate: false },
    },
  );
}
