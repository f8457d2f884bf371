/**
 * One line per change in a watched card's thread (README "Watching shipments"): what changed, on which box, from
 * what to what, and when, in the zone of the place it happened (docs/domain-rules.md#time-zones). `condensed` is the
 * short form; `detailed` adds each reader's own time (Slack's `<!date>` token) and what the change means. Every value
 * from the API is escaped; the words are ours.
 */
import type { AvailabilityKind } from '../../domain/availability.js';
import type { LfdDate, VesselRef, WatchChange } from '../../domain/changes/index.js';
import { slippage } from '../../domain/eta-slippage.js';
import { feeTypeWords } from '../../domain/fees.js';
import { holdWords } from '../../domain/holds.js';
import { trackingStoppedReasonWords } from '../../domain/status-words.js';
import { parseDateOnly, parseInstant } from '../../domain/time/calendar.js';
import { capitalise, plural } from '../../domain/words.js';
import type { ZonedTimestamp } from '../../tracking/models.js';
import { formatCalendarDate } from '../format/dates.js';
import { deadlinePlaceText } from '../format/deadline-place.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { formatMoney } from '../format/numbers.js';
import { describeTimestamp } from '../format/time.js';
import { slippagePhrase } from '../lines/slippage-phrase.js';

export type LineFormat = 'condensed' | 'detailed';

export interface LineContext {
  nowMs: number;
  format: LineFormat;
}

const AVAILABILITY_WORDS: Readonly<Record<AvailabilityKind, string>> = {
  ready: 'ready for pickup',
  blocked: 'on hold',
  pending_hold: 'a hold is expected',
  out_of_sync: 'not released by the terminal',
  unknown: 'availability not reported',
  not_arrived: 'not at the terminal yet',
  inland: 'on its way inland',
  left_terminal: 'gone from the terminal',
};

/** "Wed 11 Mar 17:00 CET" (and the reader's own time when detailed); "time not reported" for null. */
export function whenText(at: ZonedTimestamp | null, ctx: LineContext): string {
  if (at === null) return 'time not reported';
  const text = describeTimestamp(at, ctx.nowMs);
  return ctx.format === 'detailed' && text.token !== null ? `${text.local} (${text.token})` : text.local;
}

/** "Sat 14 Mar (Rotterdam)": an LFD is a calendar date of its own place (the port, not its zone's city). */
export function lfdDateText(lfd: LfdDate): string {
  const date = parseDateOnly(lfd.date);
  const day = date === null ? 'date unknown' : formatCalendarDate(date);
  const place = deadlinePlaceText(lfd.place ?? null, lfd.timeZone);
  return place === null ? day : `${day} (${place})`;
}

const at = (place: string | null) => (place ? ` at ${inlineMrkdwn(place)}` : '');
const box = (change: { container: { number: string } | null }) =>
  inlineMrkdwn(change.container?.number ?? '');

/** One change as one line of mrkdwn. */
export function changeLine(change: WatchChange, ctx: LineContext): string {
  const detailed = ctx.format === 'detailed';
  switch (change.kind) {
    case 'eta_changed':
      return etaLine(change, ctx);
    case 'departed':
      return `🚢 Vessel departed · ${whenText(change.at, ctx)}`;
    case 'arrived':
      return `⚓ Vessel arrived${at(change.place)} · ${whenText(change.at, ctx)}`;
    case 'berthed':
      return `⚓ Vessel berthed${at(change.place)} · ${whenText(change.at, ctx)}`;
    case 'discharged':
      return `📦 ${box(change)} discharged${at(change.place)} · ${whenText(change.at, ctx)}`;
    case 'available':
      return `🟢 ${box(change)} available for pickup${at(change.place)} (was: ${AVAILABILITY_WORDS[change.from]})${seen(change, ctx)}`;
    case 'not_available': {
      const described = change.heldBy ?? change.holds.map((name) => ({ name, description: null }));
      const holds =
        described.length > 0 ? `: ${described.map((hold) => inlineMrkdwn(holdWords(hold))).join(', ')}` : '';
      return `⛔ ${box(change)} no longer available (now: ${AVAILABILITY_WORDS[change.to]}${holds})${seen(change, ctx)}`;
    }
    case 'hold_added':
      return change.pending
        ? `⚠️ ${holdText(change)} expected on ${box(change)}${detailed ? ' (not yet blocking pickup)' : ''}${seen(change, ctx)}`
        : `⛔ ${holdText(change)} added on ${box(change)}${detailed ? ': pickup blocked until it is released' : ''}${seen(change, ctx)}`;
    case 'hold_released':
      return `✅ ${holdText(change)} released on ${box(change)}${seen(change, ctx)}`;
    case 'fees_posted': {
      const amount = formatMoney(change.fee.amount, change.fee.currencyCode);
      const was =
        change.previousAmount === null
          ? ''
          : ` (was ${formatMoney(change.previousAmount, change.fee.currencyCode)})`;
      return `💵 ${capitalise(inlineMrkdwn(feeTypeWords(change.fee.type)))} posted on ${box(change)}: ${amount}${was}${seen(change, ctx)}`;
    }
    case 'lfd_set':
      return `🗓️ ${capitalise(sourceWords(change.to))} set for ${box(change)}: ${lfdDateText(change.to)}${seen(change, ctx)}`;
    case 'lfd_changed':
      return `🗓️ ${capitalise(sourceWords(change.to))} for ${box(change)} moved from ${change.from ? lfdDateText(change.from) : 'none'} → ${lfdDateText(change.to)}${seen(change, ctx)}`;
    case 'appointment_set':
      return change.from === null
        ? `📅 Pickup appointment for ${box(change)}: ${whenText(change.to, ctx)}`
        : `📅 Pickup appointment for ${box(change)} moved from ${whenText(change.from, ctx)} → ${whenText(change.to, ctx)}`;
    case 'picked_up':
      return `🚚 ${box(change)} picked up · ${whenText(change.at, ctx)}`;
    case 'on_rail':
      return `🚆 ${box(change)} loaded on rail · ${whenText(change.at, ctx)}`;
    case 'rail_arrived':
      return `🚆 ${box(change)} arrived by rail${at(change.place)} · ${whenText(change.at, ctx)}`;
    case 'inland_arrived':
      return `🏁 ${box(change)} at the inland destination${change.place ? ` (${inlineMrkdwn(change.place)})` : ''} · ${whenText(change.at, ctx)}`;
    case 'empty_returned':
      return `↩️ ${box(change)} returned empty · ${whenText(change.at, ctx)}`;
    case 'vessel_changed':
      return `🔀 Rolled: now on ${vesselText(change.to)} (was ${vesselText(change.from)})${change.eta ? `; ETA ${whenText(change.eta, ctx)}` : ''}`;
    case 'tracking_stopped': {
      const reason = trackingStoppedReasonWords(change.reason);
      return `⏹️ The shipping line stopped tracking this shipment${reason ? ` (${inlineMrkdwn(reason)})` : ''}: the card will not change any more`;
    }
    case 'tracking_failed':
      return `❌ Tracking failed${change.reason ? ` (${inlineMrkdwn(change.reason.replace(/_/g, ' '))})` : ''}`;
    case 'lfd_reminder':
      return reminderLine(change);
  }
}

/**
 * " · seen Wed 11 Mar 17:00 CET": when Shipwatch saw a change the API reports without a time of its own, so every
 * line says when; empty for a change stored before that was recorded.
 */
export function seen(change: { seenAt?: ZonedTimestamp | null }, ctx: LineContext): string {
  return change.seenAt ? ` · seen ${whenText(change.seenAt, ctx)}` : '';
}

/** "Other hold ONDOCK", "Customs hold (CBP HOLD)": which hold, as the terminal tells it apart. */
export function holdText(change: { hold: string; description?: string | null }): string {
  return capitalise(inlineMrkdwn(holdWords({ name: change.hold, description: change.description ?? null })));
}

function etaLine(change: Extract<WatchChange, { kind: 'eta_changed' }>, ctx: LineContext): string {
  const where = change.place ? ` ${inlineMrkdwn(change.place)}` : '';
  const move = moveWords(change.from, change.to);
  const against = slippage(change.to, change.original);
  const parts = [move, against ? slippagePhrase(against) : null].filter(
    (part): part is string => part !== null,
  );
  const how = parts.length > 0 ? ` (${parts.join('; ')})` : '';
  const label = change.leg === 'destination' ? 'Inland ETA' : 'ETA';
  if (change.from === null) return `🕒 ${label}${where} announced: ${whenText(change.to, ctx)}${how}`;
  return `🕒 ${label}${where} moved from ${whenText(change.from, ctx)} → ${whenText(change.to, ctx)}${how}`;
}

/** "6 hours later", "2 days earlier". */
function moveWords(from: ZonedTimestamp | null, to: ZonedTimestamp): string | null {
  if (from === null) return null;
  const a = parseInstant(from.at);
  const b = parseInstant(to.at);
  if (a === null || b === null || a === b) return null;
  const hours = Math.round(Math.abs(b - a) / 3_600_000);
  const amount =
    hours >= 48
      ? plural(Math.round(hours / 24), 'day')
      : hours >= 1
        ? plural(hours, 'hour')
        : 'less than an hour';
  return `${amount} ${b > a ? 'later' : 'earlier'}`;
}

function reminderLine(change: Extract<WatchChange, { kind: 'lfd_reminder' }>): string {
  const lfd = `${sourceWords(change.lfd)} ${lfdDateText(change.lfd)}`;
  const place = deadlinePlaceText(change.lfd.place ?? null, change.lfd.timeZone);
  const there = place ? ` in ${place}` : '';
  switch (change.when) {
    case 'tomorrow':
      // Sent on the last working day before days off (Friday for a Monday LFD): "tomorrow" would be a day off.
      return change.afterDaysOff
        ? `⏰ Last free day on the next working day${there} for ${box(change)} (${lfd}): not picked up yet`
        : `⏰ Last free day tomorrow${there} for ${box(change)} (${lfd}): not picked up yet`;
    case 'today':
      return `🟠 Last free day today${there} for ${box(change)} (${lfd}): not picked up yet`;
    case 'overdue':
      return `🔴 Last free day passed for ${box(change)} (${lfd}): demurrage risk until it is picked up`;
  }
}

function sourceWords(lfd: LfdDate): string {
  return lfd.source === 'coalesced' ? 'LFD' : `${lfd.source} LFD`;
}

function vesselText(vessel: VesselRef): string {
  const name = vessel.name
    ? inlineMrkdwn(vessel.name)
    : vessel.imo
      ? `IMO ${inlineMrkdwn(vessel.imo)}`
      : 'another vessel';
  return vessel.voyage ? `${name} voyage ${inlineMrkdwn(vessel.voyage)}` : name;
}
