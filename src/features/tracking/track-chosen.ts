/**
 * What follows choosing the carrier of a number to track (choose-carrier.ts): a certain one is tracked at once
 * (track-number.ts); an uncertain one is confirmed by the person in the carrier form, or, when the form cannot open,
 * through a private note with a button that opens it; an invalid number is said privately.
 */
import type { TrackCarrierMetadata } from '../../cards/tracking/track-carrier-metadata.js';
import { serializeTrackCarrierMetadata } from '../../cards/tracking/track-carrier-metadata.js';
import { renderChooseCarrierNote, renderTrackInvalidNotice } from '../../cards/tracking/track-notices.js';
import type { FeatureContext } from '../context.js';
import type { CarrierChoice } from './choose-carrier.js';
import { type TrackInput, type TrackPorts, trackNumber } from './track-number.js';

export interface TrackChosenPorts extends TrackPorts {
  /** Opens the carrier form at once; false when it could not open (the note with its button is told instead). */
  openCarrierForm(metadata: TrackCarrierMetadata): Promise<boolean>;
}

export async function trackChosen(
  ctx: FeatureContext,
  ports: TrackChosenPorts,
  choice: CarrierChoice,
  input: Omit<TrackInput, 'number' | 'requestType' | 'scac'>,
): Promise<void> {
  const { conversation } = ports;
  if (choice.kind === 'invalid') {
    await conversation.tell(renderTrackInvalidNotice({ number: choice.number, reason: choice.reason }));
    return;
  }
  if (choice.kind === 'certain') {
    const { number, requestType, scac } = choice;
    await trackNumber(ctx, ports, { ...input, number, requestType, scac });
    return;
  }
  const metadata: TrackCarrierMetadata = {
    number: choice.number,
    requestType: choice.requestType,
    channelId: input.channelId,
    private: false,
    candidates: choice.candidates.slice(0, 10),
  };
  if (await ports.openCarrierForm(metadata)) return;
  await conversation.tell(
    renderChooseCarrierNote({ number: choice.number, value: serializeTrackCarrierMetadata(metadata) }),
  );
}
