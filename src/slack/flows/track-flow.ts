/**
 * Starting to track a number from Slack, wherever it was asked (`/shipwatch track`, the carrier modal, the Track it
 * button): first the carrier (certain, or confirmed by the person in a modal), then the write through the one write
 * flow (policy, ledger, sent once, audit line), then the card that follows the request in the channel. A number the
 * account already tracks goes straight to its shipment card, watched in the channel (the watch flow); one still
 * pending gets a card of its own that follows the same request.
 */

import { renderNotice } from '../../cards/notice.js';
import type { TrackCarrierMetadata } from '../../cards/tracking/track-carrier-metadata.js';
import { serializeTrackCarrierMetadata } from '../../cards/tracking/track-carrier-metadata.js';
import { renderTrackCarrierModal } from '../../cards/tracking/track-carrier-modal.js';
import {
  renderChooseCarrierNote,
  renderTrackInvalidNotice,
  renderTrackStartedLine,
} from '../../cards/tracking/track-notices.js';
import type { SlackMessage } from '../../cards/types.js';
import type { FeatureContext } from '../../features/context.js';
import type { CarrierChoice } from '../../features/tracking/choose-carrier.js';
import { showTrackingStart } from '../../features/tracking/show-tracking-start.js';
import { startTracking, type TrackingStart } from '../../features/tracking/start-tracking.js';
import { describeWriteError, firstDetail } from '../../features/writes/write-errors.js';
import type { TrackingRequestType } from '../../tracking/models.js';
import { openModal } from '../delivery/modals.js';
import type { Replier } from '../delivery/replier.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import type { DirectoryClient } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import { runWrite, type WriteMode } from '../write/run-write.js';
import { conversationOf, startWatching } from './watch-flow.js';

export interface TrackIo {
  replier: Replier;
  client: SlackMessagingClient & DirectoryClient;
  features: FeatureContext;
}

export interface TrackInput {
  number: string;
  requestType: TrackingRequestType;
  scac: string;
  teamId: string | null;
  channelId: string | null;
  userId: string;
  /** The write's idempotency key. */
  key: string;
  action: string;
}

/**
 * After the carrier is chosen: a certain one is tracked at once; an uncertain one opens the carrier modal with the
 * interaction's trigger_id (still fresh: inference is one quick request), or, when Slack refuses it, a private note
 * with a button that opens it; an invalid number is said privately.
 */
export async function trackChosen(
  runtime: SlackRuntime,
  io: TrackIo,
  choice: CarrierChoice,
  where: { triggerId: string | null; input: Omit<TrackInput, 'number' | 'requestType' | 'scac'> },
): Promise<void> {
  if (choice.kind === 'invalid') {
    await io.replier.tell(renderTrackInvalidNotice({ number: choice.number, reason: choice.reason }));
    return;
  }
  if (choice.kind === 'certain') {
    await trackNumber(
      runtime,
      io,
      { ...where.input, number: choice.number, requestType: choice.requestType, scac: choice.scac },
      {
        kind: 'acked',
      },
    );
    return;
  }
  const metadata: TrackCarrierMetadata = {
    number: choice.number,
    requestType: choice.requestType,
    channelId: where.input.channelId,
    private: false,
    candidates: choice.candidates.slice(0, 10),
  };
  if (where.triggerId) {
    try {
      await openModal(io.client, where.triggerId, renderTrackCarrierModal(metadata));
      return;
    } catch (error) {
      runtime.logger.info(
        'the carrier form could not open at once; offering a button',
        slackFailureFields(error),
      );
    }
  }
  await io.replier.tell(
    renderChooseCarrierNote({ number: choice.number, value: serializeTrackCarrierMetadata(metadata) }),
  );
}

/** Creates the tracking request (once, within the write policy) and shows what came of it. */
export async function trackNumber(
  runtime: SlackRuntime,
  io: TrackIo,
  input: TrackInput,
  mode: WriteMode,
): Promise<void> {
  const { features, replier } = io;
  await runWrite(
    { runtime, replier, directoryClient: io.client, tenant: features.tenant },
    {
      action: input.action,
      key: input.key,
      target: input.number,
      what: 'what Terminal49 tracks for this workspace',
      actor: { userId: input.userId, teamId: input.teamId },
      channelId: input.channelId,
      write: () =>
        startTracking(features, {
          requestNumber: input.number,
          requestType: input.requestType,
          scac: input.scac,
        }),
      auditLine: (result) =>
        result.kind === 'created'
          ? renderTrackStartedLine({ userId: input.userId, number: input.number, scac: input.scac })
          : alreadyLine(input, result),
      publishAudit: (line, result) => show(runtime, io, input, result, line),
      describeFailure: (error) => describeTrackError(error, input),
    },
    mode,
  );
}

/** The form's errors for a refused creation: the API's words next to the SCAC (its most likely cause). */
export function trackErrorsFor(error: unknown, input: Pick<TrackInput, 'number' | 'scac'>, block: string) {
  return { [block]: describeTrackError(error, input).slice(0, 2000) };
}

function describeTrackError(error: unknown, input: Pick<TrackInput, 'number' | 'scac'>): string {
  const detail =
    error !== null && typeof error === 'object' && 'apiErrors' in error && Array.isArray(error.apiErrors)
      ? firstDetail(error.apiErrors)
      : null;
  if (detail && /scac/i.test(detail)) return `Terminal49 refused the carrier ${input.scac}: ${detail}`;
  return describeWriteError(error, input.number);
}

function alreadyLine(input: TrackInput, result: TrackingStart): SlackMessage {
  const what = result.kind === 'tracked' ? 'already tracked' : 'already being looked up by Terminal49';
  return renderNotice('ℹ️', `${input.number} is ${what}; nothing new was created.`);
}

/** Where each outcome goes (features/tracking/show-tracking-start.ts); an already tracked one through the watch flow. */
async function show(
  runtime: SlackRuntime,
  io: TrackIo,
  input: TrackInput,
  result: TrackingStart,
  line: SlackMessage,
): Promise<void> {
  const shown = await showTrackingStart(
    io.features,
    conversationOf(runtime, io),
    { channelId: input.channelId, userId: input.userId, wall: runtime.wallClock ?? runtime.clock },
    result,
    line,
  );
  if (shown.kind !== 'watch') return;
  // Its card, watched here, through the watch flow (its own audit line says who watches it).
  await startWatching(runtime, io, {
    teamId: input.teamId,
    channelId: input.channelId,
    userId: input.userId,
    detail: shown.detail,
    card: null,
    key: `${input.key}:watch`,
    action: 'track_watch',
  });
}
