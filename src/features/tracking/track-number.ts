/**
 * Starting to track a number as a person asked (`/shipwatch track`, the carrier modal, the Track it button), once the
 * carrier is known: the write through the one write flow (policy, ledger, sent once, audit line), then the card that
 * follows the request in the channel. A number the account already tracks goes straight to its shipment card,
 * watched in the channel (start-watching.ts); one still pending gets a card of its own that follows the same request.
 */
import { renderTrackAlreadyLine, renderTrackStartedLine } from '../../cards/tracking/track-notices.js';
import type { SlackMessage } from '../../cards/types.js';
import type { Clock } from '../../clock.js';
import type { TrackingRequestType } from '../../tracking/models.js';
import type { FeatureContext } from '../context.js';
import { startWatching } from '../watching/start-watching.js';
import type { WatchPorts } from '../watching/watch-ports.js';
import { describeWriteError, firstDetail } from '../writes/write-errors.js';
import type { RunWrite } from '../writes/write-runner.js';
import { showTrackingStart } from './show-tracking-start.js';
import { startTracking, type TrackingStart } from './start-tracking.js';

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

export interface TrackPorts extends WatchPorts {
  /**
   * The runner of the watch that follows when the number is already tracked: a write of its own, acknowledged (the
   * tracking write already answered the form it may have come from).
   */
  runWatchWrite: RunWrite;
  /** Wall time, for when the follow job first reads the new request. */
  wall: Clock;
}

/** Creates the tracking request (once, within the write policy) and shows what came of it. */
export async function trackNumber(ctx: FeatureContext, ports: TrackPorts, input: TrackInput): Promise<void> {
  await ports.runWrite({
    action: input.action,
    key: input.key,
    target: input.number,
    what: 'what Terminal49 tracks for this workspace',
    actor: { userId: input.userId, teamId: input.teamId },
    channelId: input.channelId,
    write: () =>
      startTracking(ctx, {
        requestNumber: input.number,
        requestType: input.requestType,
        scac: input.scac,
      }),
    auditLine: (result) =>
      result.kind === 'created'
        ? renderTrackStartedLine({ userId: input.userId, number: input.number, scac: input.scac })
        : renderTrackAlreadyLine({ number: input.number, pending: result.kind !== 'tracked' }),
    publishAudit: (line, result) => show(ctx, ports, input, result, line),
    describeFailure: (error) => describeTrackError(error, input),
  });
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

/** Where each outcome goes (show-tracking-start.ts); an already tracked one is watched here (start-watching.ts). */
async function show(
  ctx: FeatureContext,
  ports: TrackPorts,
  input: TrackInput,
  result: TrackingStart,
  line: SlackMessage,
): Promise<void> {
  const shown = await showTrackingStart(
    ctx,
    ports.conversation,
    { channelId: input.channelId, userId: input.userId, wall: ports.wall },
    result,
    line,
  );
  if (shown.kind !== 'watch') return;
  // Its card, watched here (its own audit line says who watches it).
  await startWatching(
    ctx,
    { ...ports, runWrite: ports.runWatchWrite },
    {
      teamId: input.teamId,
      channelId: input.channelId,
      userId: input.userId,
      detail: shown.detail,
      card: null,
      key: `${input.key}:watch`,
      action: 'track_watch',
    },
  );
}
