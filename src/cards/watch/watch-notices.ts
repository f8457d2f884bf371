/**
 * The short messages around watching: the audit lines in the card's thread (who started or stopped watching, who
 * changed the channel's settings), the private notes (already watched here, not watched here), and the private
 * message to a watch's creator when Slack stopped Shipwatch from keeping the card true, saying how to resume.
 */
import { trackingStoppedReasonWords } from '../../domain/status-words.js';
import { parseInstant } from '../../domain/time/calendar.js';
import { actions, button } from '../blocks.js';
import { MAX_BUTTON_VALUE } from '../format/block-kit-limits.js';
import { clampMrkdwn } from '../format/clamp-text.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { slackDayToken } from '../format/time.js';
import { ACTION } from '../ids.js';
import type { SlackMessage } from '../types.js';

function mention(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : inlineMrkdwn(userId);
}

function channel(channelId: string): string {
  return /^[CGD][A-Z0-9]+$/.test(channelId) ? `<#${channelId}>` : 'the channel';
}

function line(text: string): SlackMessage {
  const clipped = clampMrkdwn(text, 2900);
  return { text: clipped, blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: clipped }] }] };
}

function note(text: string): SlackMessage {
  const clipped = clampMrkdwn(text, 2900);
  return { text: clipped, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: clipped } }] };
}

/** "👁 @alice started watching COSU6312345670 here: …" */
export function renderWatchStartedLine(input: { userId: string; shipmentNumber: string }): SlackMessage {
  return line(
    `👁 ${mention(input.userId)} started watching ${inlineMrkdwn(input.shipmentNumber)} in this channel: the card above stays up to date, and changes are posted in this thread.`,
  );
}

/** "🙈 @alice stopped watching COSU6312345670 here." */
export function renderWatchStoppedLine(input: {
  userId: string;
  shipmentNumber: string;
  /** The subscription that brought it, which will not bring it back: said here when no card says it. */
  keptOutOf?: string | null;
}): SlackMessage {
  const keptOut = input.keptOutOf
    ? ` \`${inlineMrkdwn(input.keptOutOf).replaceAll('`', "'")}\` will not bring it back.`
    : '';
  return line(
    `🙈 ${mention(input.userId)} stopped watching ${inlineMrkdwn(input.shipmentNumber)} in this channel.${keptOut}`,
  );
}

export function renderWatchResumedLine(input: { userId: string; shipmentNumber: string }): SlackMessage {
  return line(
    `👁 ${mention(input.userId)} resumed watching ${inlineMrkdwn(input.shipmentNumber)} in this channel.`,
  );
}

/** "⚙️ @alice changed this channel's update settings: …" */
export function renderSettingsChangedLine(input: { userId: string; summary: string }): SlackMessage {
  return line(
    `⚙️ ${mention(input.userId)} changed how watched shipments are updated in this channel: ${input.summary}`,
  );
}

export function renderAlreadyWatchedNotice(input: {
  shipmentNumber: string;
  /** Slack's link to the watched card, when it gave one. */
  permalink?: string | null;
}): SlackMessage {
  const card = cardLink(input.permalink ?? null, 'its card');
  return note(
    `👁 ${inlineMrkdwn(input.shipmentNumber)} is already watched in this channel: ${card} is kept up to date and changes go to that card's thread. \`/shipwatch watching\` lists what this channel watches.`,
  );
}

/** `<https://…|its card>` for a link Slack gave (https, nothing that could break out of the link), else the words. */
export function cardLink(permalink: string | null, words: string): string {
  return permalink !== null && /^https:\/\/[^\s<>|]+$/.test(permalink) ? `<${permalink}|${words}>` : words;
}

export function renderNotWatchedNotice(input: { shipmentNumber: string }): SlackMessage {
  return note(
    `${inlineMrkdwn(input.shipmentNumber)} is not watched in this channel, so there was nothing to stop.`,
  );
}

export function renderWatchNeedsStoreNotice(): SlackMessage {
  return note(
    'Watching needs Shipwatch’s store, which this installation does not have. Ask the person who runs it.',
  );
}

const PAUSE_REASON: Readonly<Record<string, string>> = {
  not_in_channel: 'Shipwatch is no longer a member of the channel',
  channel_not_found: 'Shipwatch can no longer see the channel',
  is_archived: 'the channel was archived',
  message_not_found: 'the card was deleted',
  cant_update_message: 'the card can no longer be edited',
};

/** To the watch's creator, privately: why updates stopped, and what brings them back. */
export function renderPausedNotice(
  watch: { channelId: string; shipmentNumber: string },
  reason: string,
): SlackMessage {
  const why = PAUSE_REASON[reason] ?? 'Slack refused the update';
  const fix =
    reason === 'message_not_found' || reason === 'cant_update_message'
      ? `type \`/shipwatch watch ${inlineMrkdwn(watch.shipmentNumber)}\` there to post a new card and resume`
      : reason === 'is_archived'
        ? `unarchive it, then type \`/shipwatch watch ${inlineMrkdwn(watch.shipmentNumber)}\` there to resume`
        : `invite @Shipwatch back (\`/invite @Shipwatch\`), then type \`/shipwatch watch ${inlineMrkdwn(watch.shipmentNumber)}\` there to resume`;
  return note(
    `⏸️ Shipwatch paused watching ${inlineMrkdwn(watch.shipmentNumber)} in ${channel(watch.channelId)}: ${why}. To get updates again, ${fix}.`,
  );
}

/**
 * Why a shipment Terminal49 stopped tracking is not watched: its card says it will not change any more, so a thread
 * promising updates would be false. Offers to resume tracking (a write, under the write policy).
 */
export function renderTrackingStoppedNotice(input: {
  shipmentId: string;
  shipmentNumber: string;
  stoppedAt: string | null;
  reason: string | null;
}): SlackMessage {
  const at = input.stoppedAt !== null ? parseInstant(input.stoppedAt) : null;
  const when = at !== null ? ` on ${slackDayToken(at)}` : '';
  const reason = trackingStoppedReasonWords(input.reason);
  const why = reason !== null ? `: ${inlineMrkdwn(reason)}` : '';
  const text = clampMrkdwn(
    `⏹️ Terminal49 stopped tracking ${inlineMrkdwn(input.shipmentNumber)}${when}${why}. Its card will not change any more, so it is not watched here. *Resume tracking* asks Terminal49 to track it again; then watch it.`,
    2900,
  );
  const blocks: SlackMessage['blocks'] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  if (input.shipmentId.length <= MAX_BUTTON_VALUE)
    blocks.push(
      actions([
        button('Resume tracking', ACTION.shipmentResumeTracking, input.shipmentId, { style: 'primary' }),
      ]),
    );
  return { text, blocks };
}

/** "▶️ @alice asked Terminal49 to track COSU6312345670 again." */
export function renderTrackingResumedLine(input: { userId: string; shipmentNumber: string }): SlackMessage {
  return line(
    `▶️ ${mention(input.userId)} asked Terminal49 to track ${inlineMrkdwn(input.shipmentNumber)} again. Click *Watch* on its card to keep it up to date here.`,
  );
}
