/**
 * The one thread message a batch of changes becomes (README "Watching shipments"): a line per change, most important
 * first, and in the condensed form the same event on several boxes folded into one line ("📦 3 containers
 * discharged at Rotterdam: A, B, C"), because ten boxes discharged together are ten webhook notifications, not ten
 * things to read. Long batches are split into sections within Block Kit's limits, never cut.
 */
import type { KnownBlock } from '@slack/types';
import { isImportant, type WatchChange } from '../../domain/changes/index.js';
import { capitalise, plural } from '../../domain/words.js';
import { actions, button, context, section } from '../blocks.js';
import { MAX_SECTION_TEXT } from '../format/block-kit-limits.js';
import { clampMessage } from '../format/clamp-message.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { ACTION } from '../ids.js';
import type { SlackMessage } from '../types.js';
import { changeLine, holdText, type LineContext, lfdDateText, whenText } from './change-line.js';

export interface UpdateMessageInput {
  shipmentNumber: string;
  changes: readonly WatchChange[];
  /** An alert someone should own (a reminder, a hold): a Take it button for this shipment id. */
  takeIt?: string | null;
}

/** Kinds whose lines fold across containers, and what must match for two to fold. */
const FOLDS: Partial<Record<WatchChange['kind'], (change: WatchChange) => string>> = {
  discharged: () => '',
  picked_up: () => '',
  empty_returned: () => '',
  on_rail: () => '',
  available: () => '',
  hold_released: (change) =>
    change.kind === 'hold_released' ? `${change.hold}:${change.description ?? ''}` : '',
  hold_added: (change) =>
    change.kind === 'hold_added' ? `${change.hold}:${change.description ?? ''}:${change.pending}` : '',
  lfd_set: (change) => (change.kind === 'lfd_set' ? `${change.to.source}:${change.to.date}` : ''),
  lfd_reminder: (change) =>
    change.kind === 'lfd_reminder' ? `${change.when}:${change.lfd.source}:${change.lfd.date}` : '',
};

const MAX_NAMED = 10;

export function renderUpdateMessage(input: UpdateMessageInput, ctx: LineContext): SlackMessage {
  const ordered = [...input.changes].sort((a, b) => Number(isImportant(b)) - Number(isImportant(a)));
  const lines =
    ctx.format === 'condensed' ? foldedLines(ordered, ctx) : ordered.map((change) => changeLine(change, ctx));
  // Counted as the lines people read: three boxes discharged together are one line, one update.
  const head = `*${inlineMrkdwn(input.shipmentNumber)}* · ${plural(lines.length, 'update')}`;
  const blocks: KnownBlock[] = [context(head)];
  let chunk: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (chunk.length > 0 && size + line.length + 1 > MAX_SECTION_TEXT - 100) {
      blocks.push(section(chunk.join('\n')));
      chunk = [];
      size = 0;
    }
    chunk.push(line);
    size += line.length + 1;
  }
  if (chunk.length > 0) blocks.push(section(chunk.join('\n')));
  if (input.takeIt) blocks.push(actions([button('Take it', ACTION.shipmentTakeIt, input.takeIt)]));
  const text = `${inlineMrkdwn(input.shipmentNumber)}: ${lines.slice(0, 3).join('; ')}${lines.length > 3 ? ` (+${lines.length - 3} more)` : ''}`;
  return clampMessage({ text, blocks });
}

/** Changes as lines, the same event on several boxes folded into one (the condensed form). */
export function foldedLines(changes: readonly WatchChange[], ctx: LineContext): string[] {
  const groups = new Map<string, WatchChange[]>();
  const order: string[] = [];
  changes.forEach((change, index) => {
    const fold = FOLDS[change.kind];
    const key = fold && change.container ? `${change.kind}|${fold(change)}` : `single|${index}`;
    const group = groups.get(key);
    if (group) group.push(change);
    else {
      groups.set(key, [change]);
      order.push(key);
    }
  });
  return order.map((key) => {
    const group = groups.get(key) ?? [];
    const [first] = group;
    if (first === undefined) return '';
    return group.length === 1 ? changeLine(first, ctx) : foldedLine(group, ctx);
  });
}

function foldedLine(group: readonly WatchChange[], ctx: LineContext): string {
  const numbers = group.map((change) => inlineMrkdwn(change.container?.number ?? ''));
  const named =
    numbers.slice(0, MAX_NAMED).join(', ') +
    (numbers.length > MAX_NAMED ? ` +${numbers.length - MAX_NAMED} more` : '');
  const count = plural(group.length, 'container');
  const first = group[0] as WatchChange; // SAFETY: a folded group has at least two changes.
  const latest = group
    .map((change) => {
      if ('at' in change && change.at !== null && typeof change.at === 'object') return change.at;
      return 'seenAt' in change && change.seenAt ? change.seenAt : null;
    })
    .filter((value) => value !== null)
    .sort((a, b) => (a.at < b.at ? 1 : -1))[0];
  // Milestones have their own time; what the API reports without one is said as when it was seen.
  const timed = 'at' in first && first.at !== null && typeof first.at === 'object';
  const time = latest ? ` · ${timed ? '' : 'seen '}${whenText(latest, ctx)}` : '';
  const place = 'place' in first && typeof first.place === 'string' ? ` at ${inlineMrkdwn(first.place)}` : '';
  switch (first.kind) {
    case 'discharged':
      return `📦 ${count} discharged${place}: ${named}${time}`;
    case 'picked_up':
      return `🚚 ${count} picked up: ${named}${time}`;
    case 'empty_returned':
      return `↩️ ${count} returned empty: ${named}${time}`;
    case 'on_rail':
      return `🚆 ${count} loaded on rail: ${named}${time}`;
    case 'available':
      return `🟢 ${count} available for pickup${place}: ${named}${time}`;
    case 'hold_released':
      return `✅ ${holdText(first)} released on ${count}: ${named}${time}`;
    case 'hold_added':
      return `${first.pending ? '⚠️' : '⛔'} ${holdText(first)} ${first.pending ? 'expected' : 'added'} on ${count}: ${named}${time}`;
    case 'lfd_set':
      return `🗓️ ${capitalise(first.to.source === 'coalesced' ? 'LFD' : `${first.to.source} LFD`)} set for ${count}: ${lfdDateText(first.to)}: ${named}${time}`;
    case 'lfd_reminder': {
      const when =
        first.when === 'tomorrow'
          ? first.afterDaysOff
            ? '⏰ Last free day on the next working day'
            : '⏰ Last free day tomorrow'
          : first.when === 'today'
            ? '🟠 Last free day today'
            : '🔴 Last free day passed';
      return `${when} for ${count} not picked up (${lfdDateText(first.lfd)}): ${named}`;
    }
    default:
      return group.map((change) => changeLine(change, ctx)).join('\n');
  }
}
