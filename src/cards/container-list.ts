/**
 * The full container list for the card's thread ("Show all 60 containers"): every container, in the card's order,
 * split over as many messages as needed so each one stays within the block count and the text budget.
 */
import type { KnownBlock } from '@slack/types';
import { assessShipment } from '../domain/shipment-assessment.js';
import type { ShipmentDetail } from '../tracking/models.js';
import { context, section } from './blocks.js';
import { renderContainerRow } from './container-row.js';
import { gapWords, summaryLine } from './container-summary.js';
import { MAX_MESSAGE_BLOCKS, MESSAGE_TEXT_BUDGET } from './format/block-kit-limits.js';
import { blockTextLength, clampMessage } from './format/clamp-message.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import type { RenderContext, SlackMessage } from './types.js';

/** Rows per thread message: well under the block limit so a message stays readable on a phone. */
const ROWS_PER_MESSAGE = 20;
const BUDGET_MARGIN = 1500;

/** The thread messages listing every container of `detail`, at `ctx.now`. */
export function renderContainerListMessages(detail: ShipmentDetail, ctx: RenderContext): SlackMessage[] {
  const nowMs = ctx.now.getTime();
  const { containers: assessments, counts } = assessShipment(detail, nowMs);
  const bl = inlineMrkdwn(detail.shipment.billOfLadingNumber);
  if (assessments.length === 0) {
    const none = counts.total > 0 ? gapWords(counts) : 'no containers reported yet';
    return [{ text: `${bl}: ${none}`, blocks: [section(`*${bl}*: ${none}.`)] }];
  }
  const chunks: KnownBlock[][] = [];
  let current: KnownBlock[] = [];
  let used = 0;
  const budget = MESSAGE_TEXT_BUDGET - BUDGET_MARGIN;
  const maxRows = Math.min(ROWS_PER_MESSAGE, MAX_MESSAGE_BLOCKS - 2);
  for (const assessment of assessments) {
    const row = renderContainerRow(assessment, { nowMs, detail });
    const size = blockTextLength(row);
    if (current.length > 0 && (current.length >= maxRows || used + size > budget)) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    current.push(row);
    used += size;
  }
  chunks.push(current);

  const total = assessments.length;
  const overview = summaryLine(counts);
  let first = 1;
  return chunks.map((rows, index) => {
    const last = first + rows.length - 1;
    const range = chunks.length === 1 ? `all ${total}` : `${first}–${last} of ${total}`;
    first = last + 1;
    const head = context(`*${bl}* · containers ${range}${index === 0 ? ` · ${overview}` : ''}`);
    return clampMessage({ text: `${bl}: containers ${range}`, blocks: [head, ...rows] });
  });
}
