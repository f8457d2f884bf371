/**
 * "Which carrier?" — the modal that confirms an uncertain carrier before a number is tracked: Terminal49's candidates
 * with their confidence (the likeliest preselected), or another SCAC typed in. Carrier names come from the API, so
 * they go in plain_text, clamped.
 */
import type { KnownBlock, PlainTextOption } from '@slack/types';
import { requestTypeWords } from '../../domain/status-words.js';
import type { CarrierCandidate } from '../../tracking/models.js';
import { INPUT, VIEW } from '../ids.js';
import { mrkdwnWithin, plain } from '../modals/modal-text.js';
import type { ModalView } from '../types.js';
import { serializeTrackCarrierMetadata, type TrackCarrierMetadata } from './track-carrier-metadata.js';

/** The words of one candidate: "Maersk (MAEU) · 52 %". */
export function candidateWords(candidate: CarrierCandidate): string {
  const name = candidate.name ? `${candidate.name} (${candidate.scac})` : candidate.scac;
  return candidate.confidence === null ? name : `${name} · ${Math.round(candidate.confidence * 100)} %`;
}

export function renderTrackCarrierModal(metadata: TrackCarrierMetadata): ModalView {
  const options: PlainTextOption[] = metadata.candidates.slice(0, 10).map((candidate) => ({
    text: plain(candidateWords(candidate), 75),
    value: candidate.scac.slice(0, 150),
  }));
  const [likeliest] = options;
  const type = requestTypeWords(metadata.requestType);
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text:
          options.length > 0
            ? `Terminal49 is not sure which carrier issued the ${mrkdwnWithin(type, 40)} *${mrkdwnWithin(metadata.number, 60)}*. Pick the carrier to track it with.`
            : `Terminal49 could not tell which carrier issued the ${mrkdwnWithin(type, 40)} *${mrkdwnWithin(metadata.number, 60)}*. Type the carrier's SCAC (4 letters, e.g. MAEU for Maersk).`,
      },
    },
  ];
  if (options.length > 0) {
    blocks.push({
      type: 'input',
      block_id: INPUT.trackCarrier.block,
      optional: true,
      label: plain('Carrier', 2000),
      element: {
        type: 'radio_buttons',
        action_id: INPUT.trackCarrier.action,
        options,
        ...(likeliest ? { initial_option: likeliest } : {}),
      },
    });
  }
  blocks.push({
    type: 'input',
    block_id: INPUT.trackCarrierOther.block,
    optional: options.length > 0,
    label: plain(options.length > 0 ? 'Or another carrier (SCAC)' : 'Carrier (SCAC)', 2000),
    element: {
      type: 'plain_text_input',
      action_id: INPUT.trackCarrierOther.action,
      max_length: 4,
      placeholder: plain('MAEU', 150),
    },
  });
  return {
    type: 'modal',
    callback_id: VIEW.trackCarrier,
    title: plain('Track a shipment', 24),
    submit: plain('Track it', 24),
    close: plain('Cancel', 24),
    private_metadata: serializeTrackCarrierMetadata(metadata),
    blocks,
  };
}
