/**
 * The tracking-request card: what was asked to be tracked, where Terminal49 is with it (in words, with the retry and
 * manifest windows spelled out), and the buttons to open the tracked shipment, edit the request or refresh it.
 */
import type { KnownBlock, SectionBlock } from '@slack/types';
import { requestTypeWords } from '../domain/status-words.js';
import { describeTrackingRequest, type TrackingRequestPhase } from '../domain/tracking-request-state.js';
import type { TrackingRequestDetail } from '../tracking/models.js';
import { actions, button, context, header, mrkdwn, section } from './blocks.js';
import { MAX_BUTTON_VALUE, MAX_FIELD_TEXT } from './format/block-kit-limits.js';
import { clampMessage } from './format/clamp-message.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import { formatSystemTime } from './format/time.js';
import { ACTION } from './ids.js';
import { routePlaces } from './milestones.js';
import type { RenderContext, SlackMessage } from './types.js';

const MAX_LISTED = 10;

const PHASE_EMOJI: Record<TrackingRequestPhase, string> = {
  queued: '🕐',
  retrying: '🔁',
  awaiting_manifest: '⏳',
  tracking: '✅',
  failed: '❌',
  stopped: '⏹️',
  unknown: '❔',
};

export interface TrackingRequestCardContext extends RenderContext {
  /** Shipwatch follows this request (it was started from Slack): the card says it will become the shipment's card. */
  following?: boolean;
}

const FOLLOWING_NOTE: Partial<Record<TrackingRequestPhase, string>> = {
  queued:
    'Shipwatch follows this request: this card becomes the shipment’s card, watched in this channel, once Terminal49 finds it.',
  retrying:
    'Shipwatch follows this request: this card becomes the shipment’s card, watched in this channel, once Terminal49 finds it.',
  awaiting_manifest:
    'Shipwatch follows this request: this card becomes the shipment’s card, watched in this channel, once the carrier publishes the manifest.',
  failed:
    'Nothing is tracked. Check the number and the carrier, then track it again with `/shipwatch track <number> <SCAC>`.',
};

/** Renders the card for a tracking request at `ctx.now`. */
export function renderTrackingRequestCard(
  detail: TrackingRequestDetail,
  ctx: TrackingRequestCardContext,
): SlackMessage {
  const nowMs = ctx.now.getTime();
  const request = detail.trackingRequest;
  const state = describeTrackingRequest(request, nowMs);
  const blocks: KnownBlock[] = [header(`Tracking request ${request.requestNumber}`)];
  const headline = inlineMrkdwn(state.headline);
  const detailText = state.detail !== null ? `\n${inlineMrkdwn(state.detail)}` : '';
  blocks.push(section(`${PHASE_EMOJI[state.phase]} *${headline}*${detailText}`));
  blocks.push(factsSection(detail, nowMs));
  if (detail.shipment !== null) {
    const places = routePlaces(detail.shipment);
    blocks.push(
      section(
        `📦 Shipment *${inlineMrkdwn(detail.shipment.billOfLadingNumber)}* · ${places.lading} → ${places.discharge}`,
      ),
    );
  }
  const buttons = [];
  if (request.shipmentId !== null && request.shipmentId.length <= MAX_BUTTON_VALUE) {
    buttons.push(
      button('Open shipment', ACTION.trackingRequestOpenShipment, request.shipmentId, { style: 'primary' }),
    );
  }
  buttons.push(button('Edit', ACTION.trackingRequestEdit, request.id));
  buttons.push(button('Refresh', ACTION.trackingRequestRefresh, request.id));
  blocks.push(actions(buttons));
  if (request.updatedAt !== null)
    blocks.push(context(`Last changed ${formatSystemTime(request.updatedAt, nowMs)}`));
  const note = ctx.following ? FOLLOWING_NOTE[state.phase] : undefined;
  if (note) blocks.push(context(note));

  const type = inlineMrkdwn(requestTypeWords(request.requestType));
  return clampMessage({
    text: `Tracking request ${inlineMrkdwn(request.requestNumber)} (${type}): ${headline}`,
    blocks,
  });
}

function factsSection(detail: TrackingRequestDetail, nowMs: number): SectionBlock {
  const request = detail.trackingRequest;
  const fields = [
    field('Number', inlineMrkdwn(request.requestNumber)),
    field('Type', inlineMrkdwn(requestTypeWords(request.requestType))),
    field('Carrier (SCAC)', request.scac ? inlineMrkdwn(request.scac) : '_being detected_'),
    field('Created', request.createdAt !== null ? formatSystemTime(request.createdAt, nowMs) : '_unknown_'),
    field('Ref numbers', listWords(request.refNumbers)),
    field('Tags', listWords(request.tags)),
  ];
  return { type: 'section', fields };
}

function field(label: string, value: string) {
  return mrkdwn(`*${label}*\n${value}`, MAX_FIELD_TEXT);
}

function listWords(values: string[]): string {
  const clean = values.map((value) => value.trim()).filter((value) => value !== '');
  if (clean.length === 0) return '_none_';
  const more = clean.length > MAX_LISTED ? ` +${clean.length - MAX_LISTED} more` : '';
  return `${clean.slice(0, MAX_LISTED).map(inlineMrkdwn).join(', ')}${more}`;
}
