/**
 * A channel's daily digest (README "Daily digests"): what needs someone today among the shipments the channel
 * watches, most urgent first — last free days passed, today, the next working day; boxes available for pickup; boxes
 * on hold; arrivals today and tomorrow — then what changed since the last digest, folded per shipment as the thread
 * updates fold. Each section names at most a dozen boxes and says how many more; the whole stays within Block Kit's
 * limits. A digest someone asked for with nothing to flag says so in one line, with how many shipments are watched.
 */
import type { KnownBlock } from '@slack/types';
import type { DigestArrival, DigestBox, DigestContent } from '../../domain/digest/index.js';
import { isEmptyDigest } from '../../domain/digest/index.js';
import { plural } from '../../domain/words.js';
import { context, header, section } from '../blocks.js';
import { clampMessage } from '../format/clamp-message.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { formatTimestamp } from '../format/time.js';
import type { SlackMessage } from '../types.js';
import { lfdDateText } from '../watch/change-line.js';
import { foldedLines } from '../watch/update-message.js';

export interface DigestMessageContext {
  nowMs: number;
  /** "Thu 26 Nov": the digest's local date, in words. */
  dateWords: string;
  /** "since the digest of Wed 25 Nov 08:00" or "in the last 24 hours". */
  sinceWords: string;
  /** Asked for now (`/shipwatch digest now`) rather than sent at its time. */
  asked: boolean;
}

/** Boxes or shipments named per section before "and N more". */
const MAX_ROWS = 12;

export function renderDigestMessage(content: DigestContent, ctx: DigestMessageContext): SlackMessage {
  const title = `Shipwatch digest · ${ctx.dateWords}`;
  if (isEmptyDigest(content)) {
    const line = `Nothing to flag: ${plural(content.watched, 'shipment')} watched here, no last free day, hold, pickup or arrival due, and nothing changed ${ctx.sinceWords}.`;
    return { text: `${title}: ${line}`, blocks: [header(title), section(line)] };
  }
  const blocks: KnownBlock[] = [header(title)];
  const parts: string[] = [];
  const boxes = (
    emoji: string,
    name: string,
    list: readonly DigestBox[],
    detail: (box: DigestBox) => string,
  ) => {
    if (list.length === 0) return;
    parts.push(`${list.length} ${name.toLowerCase()}`);
    blocks.push(
      section(`${emoji} *${name}* (${list.length})\n${rows(list.map((box) => boxLine(box, detail(box))))}`),
    );
  };
  const lfd = (box: DigestBox) => (box.lfd ? `LFD ${lfdDateText(box.lfd)}` : '');
  boxes(':rotating_light:', 'LFD passed', content.lfdPassed, lfd);
  boxes(':alarm_clock:', 'LFD today', content.lfdToday, lfd);
  boxes(':hourglass_flowing_sand:', 'LFD next working day', content.lfdNextWorkingDay, lfd);
  boxes(':white_check_mark:', 'Available for pickup', content.availableForPickup, lfd);
  boxes(':no_entry:', 'On hold', content.onHold, (box) =>
    box.holds.length > 0 ? `held: ${box.holds.map(inlineMrkdwn).join(', ')}` : '',
  );
  const arrivals = (name: string, list: readonly DigestArrival[]) => {
    if (list.length === 0) return;
    parts.push(`${list.length} ${name.toLowerCase()}`);
    blocks.push(
      section(`:ship: *${name}* (${list.length})\n${rows(list.map((item) => arrivalLine(item, ctx.nowMs)))}`),
    );
  };
  arrivals('Arriving today', content.arrivingToday);
  arrivals('Arriving tomorrow', content.arrivingTomorrow);
  if (content.changed.length > 0) {
    parts.push(`${plural(content.changed.length, 'shipment')} changed`);
    const lines = content.changed.slice(0, MAX_ROWS).map((item) => {
      const changes = foldedLines(item.changes, { nowMs: ctx.nowMs, format: 'condensed' });
      return `*${inlineMrkdwn(item.shipmentNumber)}*: ${changes.slice(0, 4).join('; ')}${changes.length > 4 ? ` (+${changes.length - 4} more)` : ''}`;
    });
    const more = content.changed.length - MAX_ROWS;
    blocks.push(
      section(
        `:memo: *What changed ${ctx.sinceWords}*\n${lines.map((line) => `• ${line}`).join('\n')}${more > 0 ? `\n…and ${more} more` : ''}`,
      ),
    );
  }
  blocks.push(
    context(
      `${plural(content.watched, 'shipment')} watched in this channel · ${ctx.asked ? 'asked for with `/shipwatch digest now`' : 'daily digest: `/shipwatch digest off` to stop it'}`,
    ),
  );
  return clampMessage({ text: `${title}: ${parts.join(', ')}`, blocks });
}

function boxLine(box: DigestBox, detail: string): string {
  return `\`${inlineMrkdwn(box.containerNumber)}\` · ${inlineMrkdwn(box.shipmentNumber)}${detail ? ` · ${detail}` : ''}`;
}

function arrivalLine(item: DigestArrival, nowMs: number): string {
  const port = item.port ? ` at ${inlineMrkdwn(item.port)}` : '';
  return `${inlineMrkdwn(item.shipmentNumber)}${port} · ETA ${formatTimestamp(item.eta, nowMs, { relative: false })}`;
}

function rows(lines: readonly string[]): string {
  const shown = lines.slice(0, MAX_ROWS).map((line) => `• ${line}`);
  const more = lines.length - MAX_ROWS;
  return more > 0 ? `${shown.join('\n')}\n…and ${more} more` : shown.join('\n');
}
