/**
 * Starting to track a number from Slack (`/shipwatch track`, the carrier modal, the Track it button): the use cases
 * (features/tracking/track-chosen.ts, track-number.ts) run with the request's ports; the carrier form opens here,
 * with the interaction's trigger_id (still fresh: inference is one quick request).
 */
import type { TrackCarrierMetadata } from '../../cards/tracking/track-carrier-metadata.js';
import { renderTrackCarrierModal } from '../../cards/tracking/track-carrier-modal.js';
import type { CarrierChoice } from '../../features/tracking/choose-carrier.js';
import { trackChosen as track } from '../../features/tracking/track-chosen.js';
import {
  type TrackInput,
  type TrackPorts,
  trackNumber as trackIt,
} from '../../features/tracking/track-number.js';
import { openModal } from '../delivery/modals.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import type { SlackRuntime } from '../runtime.js';
import type { WriteMode } from '../write/run-write.js';
import { type FlowIo, flowPorts, flowRunner } from './flow-ports.js';

export function trackChosen(
  runtime: SlackRuntime,
  io: FlowIo,
  choice: CarrierChoice,
  where: { triggerId: string | null; input: Omit<TrackInput, 'number' | 'requestType' | 'scac'> },
): Promise<void> {
  const openCarrierForm = (metadata: TrackCarrierMetadata) =>
    openForm(runtime, io, where.triggerId, metadata);
  return track(
    io.features,
    { ...trackPorts(runtime, io, { kind: 'acked' }), openCarrierForm },
    choice,
    where.input,
  );
}

export function trackNumber(
  runtime: SlackRuntime,
  io: FlowIo,
  input: TrackInput,
  mode: WriteMode,
): Promise<void> {
  return trackIt(io.features, trackPorts(runtime, io, mode), input);
}

function trackPorts(runtime: SlackRuntime, io: FlowIo, mode: WriteMode): TrackPorts {
  // The watch of a number already tracked is a write of its own, after the form (if any) was answered.
  const runWatchWrite = flowRunner(runtime, io, { kind: 'acked' });
  return { ...flowPorts(runtime, io, mode), runWatchWrite, wall: runtime.wallClock ?? runtime.clock };
}

/** The carrier form at once; false (a note with a button that opens it follows) when Slack would not open it. */
async function openForm(
  runtime: SlackRuntime,
  io: FlowIo,
  triggerId: string | null,
  metadata: TrackCarrierMetadata,
): Promise<boolean> {
  if (!triggerId) return false;
  try {
    await openModal(io.client, triggerId, renderTrackCarrierModal(metadata));
    return true;
  } catch (error) {
    runtime.logger.info(
      'the carrier form could not open at once; offering a button',
      slackFailureFields(error),
    );
    return false;
  }
}
