/**
 * The shipment card: where the shipment is, when it arrives, and which containers can be picked up. Containers are
 * ordered by urgency; when they do not all fit (more than MAX_CONTAINER_ROWS, or over the text budget) the card shows
 * a summary line, the most urgent few and a "Show all" button that posts the full list in the thread.
 */
import type { ConfirmationDialog, KnownBlock, SectionBlock } from '@slack/types';
import type { ContainerAssessment } from '../domain/container-assessment.js';
import type { ContainerCounts } from '../domain/container-counts.js';
import { assessShipment } from '../domain/shipment-assessment.js';
import { plural } from '../domain/words.js';
import type { ShipmentDetail } from '../tracking/models.js';
import { actions, button, confirmDialog, context, divider, header, section } from './blocks.js';
import { renderContainerRow } from './container-row.js';
import { gapWords, lfdCountWords, partitionWords } from './container-summary.js';
import { MAX_BUTTON_VALUE, MESSAGE_TEXT_BUDGET } from './format/block-kit-limits.js';
import { blockTextLength, clampMessage } from './format/clamp-message.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import { slackAgoToken, slackDateToken } from './format/time.js';
import { headlineText } from './headline.js';
import { ACTION } from './ids.js';
import { milestoneLines } from './milestones.js';
import {
  carrierName,
  footerText,
  routeText,
  shipmentFallbackText,
  trackingStoppedText,
} from './shipment-overview.js';
import type { RenderContext, SlackMessage } from './types.js';

/** More containers than this are summarised. */
const MAX_CONTAINER_ROWS = 8;
/** How many of the most urgent containers a summarised card still shows. */
const SUMMARY_ROWS = 5;
/** Container numbers named per list in the summary; the rest are counted ("+4 more"). */
const MAX_NAMED = 10;
/** Room kept free in the text budget for Slack's own accounting differences. */
const BUDGET_MARGIN = 1000;

export interface ShipmentCardContext extends RenderContext {
  /** The container number the person typed, shown first and marked. */
  matchedContainer?: string | null;
  /**
   * The card is kept true by a watch (README "Watching shipments"): its footer says "Watching · updated 3 min ago"
   * (from `updatedAtMs`, the last time it changed; null: not rendered yet) and it has Unwatch instead of Watch. An
   * unwatched card says instead when its relative phrases were computed, since nothing will update them. When its
   * data is older than its polling cadence (`behindSinceCheckAt`: when it was last checked), the footer says so
   * instead: "checked 47 min ago · behind schedule".
   */
  watch?: {
    updatedAtMs: number | null;
    behindSinceCheckAt?: number | null;
    /** Who took it (README "Owning an alert"); null or absent: nobody yet. */
    owner?: string | null;
    /** Boxes whose reminders are snoozed or done in this channel, by container id. */
    alerts?: Readonly<Record<string, { state: 'snoozed' | 'done'; until: number | null }>>;
    /**
     * The card's own Shipwatch URL (`https://HOST/s/<shipment id>`, docs/unfurls.md): it opens the card, and pasted in
     * Slack it previews the shipment. Null or absent: no public URL is configured, and the card names none.
     */
    link?: string | null;
    /** The channel's days off (0 = Sunday … 6 = Saturday) for its "next working day" snooze; absent: weekend. */
    daysOff?: readonly number[];
  } | null;
  /**
   * The card is shown only to the person who asked, in this channel. Watching it posts a new card for everyone
   * there, so its Watch button asks first, naming the channel.
   */
  privateIn?: { channelId: string | null; channelName: string | null } | null;
  /**
   * The card is no longer kept true (its shipment left the subscription that watched it): a last line under its
   * footer says so once ("No longer watched: left tag:acme"), so nobody trusts its relative phrases later.
   */
  endedNote?: string | null;
}

/** Renders the shipment card for `detail` at `ctx.now`. */
export function renderShipmentCard(detail: ShipmentDetail, ctx: ShipmentCardContext): SlackMessage {
  const nowMs = ctx.now.getTime();
  const matched = ctx.matchedContainer ?? null;
  const assessment = assessShipment(detail, nowMs, { matchedContainer: matched });
  const { containers: assessments, counts, journey } = assessment;
  const { shipment } = detail;

  const top: KnownBlock[] = [
    header(`${shipment.billOfLadingNumber} · ${carrierName(detail)}`),
    section(headlineText(assessment, detail, nowMs)),
    section(routeText(detail)),
  ];
  const stopped = trackingStoppedText(detail, nowMs);
  if (stopped !== null) top.push(section(stopped));
  top.push(section(milestoneLines(detail, journey, nowMs).join('\n')), divider());

  const buttons = [button('Refresh', ACTION.shipmentRefresh, shipment.id)];
  const imo = shipment.vessel.imo;
  if (imo !== null && imo !== '' && imo.length <= MAX_BUTTON_VALUE) {
    buttons.push(button('Vessel', ACTION.shipmentOpenVessel, imo));
  }
  const watch = ctx.watch ?? null;
  if (watch) buttons.push(button('Take it', ACTION.shipmentTakeIt, shipment.id));
  buttons.push(
    watch
      ? button('Unwatch', ACTION.shipmentUnwatch, shipment.id)
      : button('Watch', ACTION.shipmentWatch, shipment.id, watchConfirm(ctx.privateIn ?? null)),
  );
  const owner = watch?.owner ? [context(`👤 Taken by ${ownerMention(watch.owner)}`)] : [];
  const link = watch?.link ? [context(`🔗 Link to this card: ${cardLink(watch.link)}`)] : [];
  const footer = context(watch ? footerText(detail, { updated: watchingText(watch) }) : footerText(detail));
  const asOf = watch ? [] : [context(`Relative times as of ${slackDateToken(nowMs)}`)];
  const fixedChars = blockTextLength(top) + blockTextLength(footer) + blockTextLength(link) + 200;
  const rowBudget = MESSAGE_TEXT_BUDGET - BUDGET_MARGIN - fixedChars;
  const containerBlocks = containerSection(assessments, counts, detail, nowMs, matched, rowBudget, watch);
  if (containerBlocks.summarised) {
    buttons.push(
      button(`Show all ${assessments.length} containers`, ACTION.shipmentShowAllContainers, shipment.id),
    );
  }

  const ended = ctx.endedNote ? [context(`:no_bell: No longer watched: ${inlineMrkdwn(ctx.endedNote)}`)] : [];
  return clampMessage({
    text: shipmentFallbackText(detail, counts, journey, nowMs),
    blocks: [
      ...top,
      ...containerBlocks.blocks,
      ...asOf,
      ...owner,
      actions(buttons),
      footer,
      ...link,
      ...ended,
    ],
  });
}

function containerSection(
  assessments: ContainerAssessment[],
  counts: ContainerCounts,
  detail: ShipmentDetail,
  nowMs: number,
  matched: string | null,
  budget: number,
  watch: ShipmentCardContext['watch'] = null,
): { blocks: KnownBlock[]; summarised: boolean } {
  const gaps = gapNotes(counts);
  if (assessments.length === 0) {
    const none =
      counts.total === 0
        ? [section('_No containers reported yet._')]
        : [section(`_${gapWords(counts)}.${counts.notLoaded > 0 ? ' Refresh to try again.' : ''}_`)];
    return { blocks: none, summarised: false };
  }
  const rowFor = (assessment: ContainerAssessment): SectionBlock =>
    renderContainerRow(assessment, {
      nowMs,
      detail,
      matched: matched !== null && assessment.container.number.toUpperCase() === matched.toUpperCase(),
      watched: watch
        ? {
            alert: watch.alerts?.[assessment.container.id] ?? null,
            ...(watch.daysOff ? { daysOff: watch.daysOff } : {}),
          }
        : null,
    });

  if (assessments.length <= MAX_CONTAINER_ROWS) {
    const rows = assessments.map(rowFor);
    if (blockTextLength(rows) <= budget) return { blocks: [...rows, ...gaps], summarised: false };
  }
  const summary = section(`${summaryText(assessments, counts)}\nMost urgent first:`);
  const blocks: KnownBlock[] = [summary];
  let used = blockTextLength(summary);
  for (const assessment of assessments.slice(0, SUMMARY_ROWS)) {
    const row = rowFor(assessment);
    const size = blockTextLength(row);
    if (used + size > budget && blocks.length > 1) break;
    blocks.push(row);
    used += size;
  }
  return { blocks: [...blocks, ...gaps], summarised: true };
}

/**
 * The summary of a long card: the partition of the containers (it adds up to the total), the LFD counts on a line
 * of their own, and the boxes that need chasing named by number, since the card shows only the first few rows.
 */
function summaryText(assessments: readonly ContainerAssessment[], counts: ContainerCounts): string {
  const { head, parts } = partitionWords(counts);
  const lines = [parts.length > 0 ? `*${head}:* ${parts.join(', ')}` : `*${head}*`];
  const lfd = lfdCountWords(counts);
  if (lfd !== null) lines.push(`*Last free day:* ${lfd}`);
  const lists: Array<[string, (a: ContainerAssessment) => boolean]> = [
    ['🔴 Past LFD', (a) => a.lfd?.urgency === 'overdue'],
    ['🟠 LFD today', (a) => a.lfd?.urgency === 'today'],
    ['⛔ On hold', (a) => a.availability.kind === 'blocked'],
  ];
  for (const [label, matches] of lists) {
    const numbers = assessments.filter(matches).map((a) => inlineMrkdwn(a.container.number));
    if (numbers.length === 0) continue;
    const more = numbers.length > MAX_NAMED ? ` +${numbers.length - MAX_NAMED} more` : '';
    lines.push(`${label}: ${numbers.slice(0, MAX_NAMED).join(', ')}${more}`);
  }
  return lines.join('\n');
}

/** The containers the card cannot show: "3 of 5 containers: details not loaded. Refresh to try again." */
function gapNotes(counts: ContainerCounts): KnownBlock[] {
  const notes: string[] = [];
  if (counts.notLoaded > 0)
    notes.push(
      `${counts.notLoaded} of ${plural(counts.total, 'container')}: details not loaded. Refresh to try again.`,
    );
  if (counts.unreadable > 0)
    notes.push(
      `${plural(counts.unreadable, 'container')} could not be read: the tracking API sent it garbled.`,
    );
  return notes.length > 0 ? [context(notes.join(' '))] : [];
}

/** On a private card, Watch asks before it posts the card for everyone in the channel. */
/** `<@U…>` for a user id; anything else as plain words (a stored value is never trusted as markup). */
function ownerMention(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : inlineMrkdwn(userId);
}

/** The URL as Slack shows a link: spelled out, so it can be copied and pasted where the card should be shared. */
function cardLink(url: string): string {
  const safe = url.replace(/[<>|]/g, encodeURIComponent);
  return `<${safe}>`;
}

function watchConfirm(privateIn: ShipmentCardContext['privateIn']): { confirm?: ConfirmationDialog } {
  if (!privateIn) return {};
  const { channelId, channelName } = privateIn;
  const name = channelName?.replace(/[^\p{L}\p{N}_.-]/gu, '') ?? '';
  const where =
    channelId !== null && /^[CG][A-Z0-9]+$/.test(channelId)
      ? `<#${channelId}${name ? `|${name}` : ''}>`
      : name
        ? `#${name}`
        : 'this channel';
  return {
    confirm: confirmDialog(
      'Post this card for everyone?',
      `Only you see this card. Watching posts the card in ${where} for everyone, keeps it up to date there and posts its changes in its thread.`,
      'Post and watch',
    ),
  };
}

/**
 * "👁 Watching · updated 3 min ago", or "👁 Watching · checked 47 min ago · behind schedule" when the data is older
 * than its cadence (the polls fall short of the budget, or the API is away). Slack counts the ages itself.
 */
function watchingText(watch: { updatedAtMs: number | null; behindSinceCheckAt?: number | null }): string {
  const checked = watch.behindSinceCheckAt ?? null;
  if (checked !== null) return `👁 Watching · ${slackAgoToken(checked, 'checked')} · behind schedule`;
  const { updatedAtMs } = watch;
  return `👁 Watching · ${updatedAtMs === null ? 'updated just now' : slackAgoToken(updatedAtMs, 'updated')}`;
}
