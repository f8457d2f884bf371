/**
 * The answer to "Find shipments in this message", in the message's thread: a compact list, one row per number found
 * — a tracked shipment with its route and where it stands (a **Card** button posts its full card here), a tracking
 * request still pending, or a number this account does not track, with **Track it**.
 */
import type { KnownBlock } from '@slack/types';
import { assessShipment } from '../../domain/shipment-assessment.js';
import { describeTrackingRequest } from '../../domain/tracking-request-state.js';
import type { ShipmentDetail, TrackingRequest } from '../../tracking/models.js';
import { button, context, section } from '../blocks.js';
import { clampMessage } from '../format/clamp-message.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { headlineText } from '../headline.js';
import { ACTION } from '../ids.js';
import { routePlaces } from '../milestones.js';
import type { RenderContext, SlackMessage } from '../types.js';

export type FoundRow = { number: string; kind: 'container' | 'bill_of_lading_or_booking' } & (
  | { found: 'shipment'; detail: ShipmentDetail }
  | { found: 'tracking_request'; request: TrackingRequest }
  | { found: 'nothing' }
);

export function renderFoundList(rows: readonly FoundRow[], ctx: RenderContext): SlackMessage {
  const nowMs = ctx.now.getTime();
  const tracked = rows.filter((row) => row.found === 'shipment').length;
  const blocks: KnownBlock[] = [
    context(
      `🔎 ${rows.length} number${rows.length === 1 ? '' : 's'} in this message · ${tracked} tracked on this account`,
    ),
  ];
  for (const row of rows) blocks.push(rowBlock(row, nowMs));
  const text = rows.map((row) => `${row.number}: ${rowWords(row)}`).join('; ');
  return clampMessage({ text: inlineMrkdwn(`Shipments in this message: ${text}`), blocks });
}

function rowWords(row: FoundRow): string {
  return row.found === 'shipment'
    ? 'tracked'
    : row.found === 'tracking_request'
      ? 'being tracked'
      : 'not tracked';
}

function rowBlock(row: FoundRow, nowMs: number): KnownBlock {
  const number = inlineMrkdwn(row.number);
  const kind = row.kind === 'container' ? 'container' : 'BL / booking';
  if (row.found === 'shipment') {
    const places = routePlaces(row.detail.shipment);
    const headline = headlineText(assessShipment(row.detail, nowMs), row.detail, nowMs);
    const bl =
      row.detail.shipment.billOfLadingNumber !== row.number
        ? ` · BL ${inlineMrkdwn(row.detail.shipment.billOfLadingNumber)}`
        : '';
    return section(
      `📦 *${number}* (${kind})${bl}\n${places.lading} → ${places.discharge} · ${headline}`,
      button('Card', ACTION.foundShowCard, row.number.slice(0, 100)),
    );
  }
  if (row.found === 'tracking_request') {
    const state = describeTrackingRequest(row.request, nowMs);
    return section(`⏳ *${number}* (${kind})\nTracking request: ${inlineMrkdwn(state.headline)}`);
  }
  return section(
    `❔ *${number}* (${kind})\nNot tracked on this account.`,
    button('Track it', ACTION.trackIt, `channel:${row.number.slice(0, 60)}`, { style: 'primary' }),
  );
}
