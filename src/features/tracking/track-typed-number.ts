/**
 * `/shipwatch track <number> [SCAC]`'s use case up to the carrier: the carrier inferred (or the one named) through the
 * lookup port (a failure is told to the person there), then the choice handed to `track` with the write's input (its
 * idempotency key and ledger action). What `track` does with it (track at once, confirm the carrier in a modal, say
 * the number is invalid) is the adapter's: slack/flows/track-flow.ts.
 */

import { commandIntentKey } from '../commands/command-intent-key.js';
import type { CommandRequest, LookUp } from '../commands/command-request.js';
import type { FeatureContext } from '../context.js';
import { type CarrierChoice, chooseCarrier } from './choose-carrier.js';

/** The write's action name in the log and the ledger. */
export const TRACK_COMMAND_ACTION = 'shipwatch_track';

export interface TrackTypedRequest extends CommandRequest {
  number: string;
  scac: string | null;
}

/** What the tracking write needs besides the number and carrier. */
export interface TrackTypedInput {
  teamId: string | null;
  channelId: string | null;
  userId: string;
  key: string;
  action: string;
}

export async function trackTypedNumber(
  ctx: FeatureContext,
  lookUp: LookUp,
  request: TrackTypedRequest,
  track: (choice: CarrierChoice, input: TrackTypedInput) => Promise<void>,
): Promise<void> {
  const { number, scac, userId, teamId } = request;
  const chosen = await lookUp(number, () => chooseCarrier(ctx, number, scac));
  if (!chosen.ok) return;
  await track(chosen.value, {
    teamId,
    channelId: request.channelId,
    userId,
    key: commandIntentKey(request, 'track', [number, scac]),
    action: TRACK_COMMAND_ACTION,
  });
}
