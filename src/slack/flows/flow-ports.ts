/**
 * The ports of the shared use cases (watch and unwatch, own an alert, track a number, edit directly) over one Slack
 * request: the conversation over its Replier and WebClient (delivery/slack-conversation.ts), the write runner in the
 * request's mode (write/run-write.ts), the card's own URL from the process's config (docs/unfurls.md), and who people
 * are from the member directory over the request's WebClient (the write policy reads the same cached users.info).
 */
import type { AlertPorts } from '../../features/alerts/own-alert-write.js';
import type { FeatureContext } from '../../features/context.js';
import { cardLinkFor } from '../../features/watching/watched-card-context.js';
import type { RunWrite } from '../../features/writes/write-runner.js';
import type { Replier } from '../delivery/replier.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import { slackConversation } from '../delivery/slack-conversation.js';
import { type DirectoryClient, peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import { type WriteMode, writeRunner } from '../write/run-write.js';

export interface FlowIo {
  replier: Replier;
  client: SlackMessagingClient & DirectoryClient;
  features: FeatureContext;
}

/** The request's write runner: a button or command is acknowledged before it runs, a form waits for its answer. */
export function flowRunner(
  runtime: SlackRuntime,
  io: Pick<FlowIo, 'replier' | 'features'> & { client: DirectoryClient },
  mode: WriteMode = { kind: 'acked' },
): RunWrite {
  const ctx = { runtime, replier: io.replier, directoryClient: io.client, tenant: io.features.tenant };
  return writeRunner(ctx, mode);
}

export function flowPorts(runtime: SlackRuntime, io: FlowIo, mode?: WriteMode): AlertPorts {
  return {
    conversation: slackConversation({ replier: io.replier, client: io.client, logger: runtime.logger }),
    runWrite: flowRunner(runtime, io, mode),
    cardLink: (shipmentId, channelId) => cardLinkFor(runtime, shipmentId, channelId),
    people: peopleOf(runtime.directory, io.client),
  };
}
