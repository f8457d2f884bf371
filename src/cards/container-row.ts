/**
 * One container as a section: number, equipment and status, then the lines a dispatcher acts on, in the order the
 * domain rules give (docs/domain-rules.md#most-urgent-first): availability and holds, last free day, fees, yard location and appointment, rail leg.
 * The overflow menu carries the container's actions.
 */
import type { Overflow, PlainTextOption, SectionBlock } from '@slack/types';
import { snoozeUntil } from '../domain/alerts/index.js';
import { workingWeekWith } from '../domain/attention/index.js';
import type { ContainerAssessment } from '../domain/container-assessment.js';
import {
  type ContainerState,
  happened,
  hasLeftTerminal,
  leftForPickupElsewhere,
} from '../domain/container-state.js';
import { containerStateWords, containerStatusWords } from '../domain/status-words.js';
import { wallTimeOrUtc } from '../domain/time/calendar.js';
import { zoneAbbreviation } from '../domain/time/zone-offsets.js';
import type { Container, LabelledCustomField, ShipmentDetail } from '../tracking/models.js';
import { plain, section } from './blocks.js';
import { MAX_OPTION_TEXT, MAX_OPTION_VALUE, MAX_URL } from './format/block-kit-limits.js';
import { formatWallTime } from './format/dates.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import { formatTimestamp, slackDateToken } from './format/time.js';
import { ACTION, alertOptionValue, SET_FIELD_OPTION_PREFIX, setFieldValue } from './ids.js';
import { availabilityLine } from './lines/availability-line.js';
import { feesLine } from './lines/fees-line.js';
import { lfdLine, unreadableLfdLine } from './lines/lfd-line.js';

/**
 * Value of the overflow option that opens the shipment on Terminal49's web app. Overflow menus need at least two
 * options, and a link option still sends a block action, which the overflow listener can ignore.
 */
export const OPEN_IN_TERMINAL49_OPTION_PREFIX = 'open_t49:';
/** Terminal49's documented deep link: its web app finds any number (container, BL, booking). */
const TERMINAL49_FIND_URL = 'https://app.terminal49.com/shipments/find?q=';

const HEIGHT: Record<string, string> = { high_cube: 'HC', standard: '' };

export interface ContainerRowContext {
  nowMs: number;
  detail: ShipmentDetail;
  /** The container the person looked up: marked so it is easy to find. */
  matched?: boolean;
  /**
   * The card is watched (README "Owning an alert"): the menu also snoozes the box's reminders or marks it done, and
   * `alert` says which it is now.
   */
  watched?: {
    alert: { state: 'snoozed' | 'done'; until: number | null } | null;
    /** The channel's days off for "next working day"; absent: Saturday and Sunday. */
    daysOff?: readonly number[];
  } | null;
}

/** The section block for one assessed container. */
export function renderContainerRow(assessment: ContainerAssessment, ctx: ContainerRowContext): SectionBlock {
  const menu = overflowFor(assessment.container, ctx.detail, ctx);
  return section(containerRowText(assessment, ctx), menu ?? undefined);
}

/** The row's mrkdwn text. */
function containerRowText(assessment: ContainerAssessment, ctx: ContainerRowContext): string {
  const { container } = assessment;
  const equipment = equipmentWords(container);
  const title = [`*${inlineMrkdwn(container.number)}*`, equipment, stateText(assessment.state)]
    .filter((part) => part !== '')
    .join(' · ');
  const lines = [ctx.matched ? `${title}  🔎 _the container you looked up_` : title];
  pushLine(lines, availabilityLine(assessment.availability));
  if (assessment.lfd !== null) pushLine(lines, lfdLine(assessment.lfd, ctx.nowMs));
  else pushLine(lines, unreadableLfdLine(assessment));
  pushLine(lines, feesLine(assessment.fees));
  pushLine(lines, customFieldsLine(ctx.detail.customFields?.[container.id]));
  pushLine(lines, alertLine(ctx.watched?.alert ?? null));
  pushLine(lines, yardLine(container, assessment.state, ctx.nowMs));
  pushLine(lines, railLine(container, assessment.state, ctx.detail, ctx.nowMs));
  pushLine(lines, departedLine(container, assessment.state, ctx.nowMs));
  return lines.join('\n');
}

/**
 * The state in words; a derived state says so and what the API reported instead ("on its way inland _(derived from
 * the milestones; the API reports picked up)_"), so nobody mistakes it for the carrier's word.
 */
function stateText(state: ContainerState): string {
  const words = inlineMrkdwn(containerStateWords(state));
  if (state.source === 'reported') return words;
  const reported =
    state.reportedStatus === null
      ? 'the API reports no status'
      : `the API reports ${inlineMrkdwn(containerStatusWords(state.reportedStatus))}`;
  return `${words} _(derived from the milestones; ${reported})_`;
}

/** "40' HC dry", "20' reefer"; empty when the API reports no equipment. */
function equipmentWords(container: Container): string {
  const length = container.equipmentLength !== null ? `${container.equipmentLength}'` : '';
  const height = container.equipmentHeight !== null ? (HEIGHT[container.equipmentHeight] ?? '') : '';
  const type = container.equipmentType !== null ? inlineMrkdwn(container.equipmentType) : '';
  return [length, height, type].filter((part) => part !== '').join(' ');
}

/**
 * Where the box stands in the yard and when it is to be collected: only while it is still there. Once it has left
 * (picked up, on its way inland) the terminal's last location ("Yard/GROUNDED/RAIL") and an old appointment would
 * contradict the "picked up" line below them.
 */
/** "🏷️ PO number: 4500123 · Delivery priority: Rush": the container's custom fields, by their labels. */
function customFieldsLine(fields: readonly LabelledCustomField[] | undefined): string | null {
  const shown = (fields ?? []).filter((field) => field.value !== null && field.value.trim() !== '');
  if (shown.length === 0) return null;
  return `🏷️ ${shown.map((field) => `${inlineMrkdwn(field.label)}: ${inlineMrkdwn(field.value ?? '')}`).join(' · ')}`;
}

function yardLine(container: Container, state: ContainerState, nowMs: number): string | null {
  if (hasLeftTerminal(state) || state.phase === 'inland' || state.phase === 'off_dock') return null;
  const parts: string[] = [];
  if (container.locationAtPodTerminal)
    parts.push(`📍 Location ${inlineMrkdwn(container.locationAtPodTerminal)}`);
  if (container.pickupAppointmentAt) {
    parts.push(`🚚 Pickup appointment ${formatTimestamp(container.pickupAppointmentAt, nowMs)}`);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

function railLine(
  container: Container,
  state: ContainerState,
  detail: ShipmentDetail,
  nowMs: number,
): string | null {
  const place = detail.shipment.destination.name ?? detail.destination?.name ?? null;
  const placeText = place ? inlineMrkdwn(place) : null;
  const to = placeText ? ` to ${placeText}` : '';
  if (container.indAtaAt) {
    return `🚆 Arrived by rail${placeText ? ` in ${placeText}` : ''} ${formatTimestamp(container.indAtaAt, nowMs)}`;
  }
  const eta = container.indEtaAt ? ` · ETA ${formatTimestamp(container.indEtaAt, nowMs)}` : '';
  if (state.phase === 'inland' && state.onRail) return `🚆 On rail${to}${eta}`;
  if (state.reportedStatus === 'awaiting_inland_transfer' && state.source === 'reported')
    return `🚆 Waiting for the rail leg${to}${eta}`;
  if (state.phase === 'inland') return `🚚 On its way inland${to}${eta}`;
  if (container.indEtaAt) return `🚆 Rail${to}${eta}`;
  return null;
}

function departedLine(container: Container, state: ContainerState, nowMs: number): string | null {
  if (happened(container.emptyTerminatedAt))
    return `📦 Empty returned ${formatTimestamp(container.emptyTerminatedAt, nowMs)}`;
  if (happened(container.finalDestinationFullOutAt))
    return `📦 Picked up ${formatTimestamp(container.finalDestinationFullOutAt, nowMs)}`;
  if (!happened(container.podFullOutAt)) return null;
  // Out of the port of discharge on the way to an off-dock yard or a rail ramp is not the pickup yet.
  const what = leftForPickupElsewhere(state) ? 'Left the terminal' : 'Picked up';
  return `📦 ${what} ${formatTimestamp(container.podFullOutAt, nowMs)}`;
}

/** "🔕 Reminders snoozed until …" or "✅ Done: no more reminders here". */
function alertLine(alert: { state: 'snoozed' | 'done'; until: number | null } | null): string | null {
  if (alert === null) return null;
  if (alert.state === 'done') return '✅ Done: no more reminders for this box here';
  return alert.until === null ? null : `🔕 Reminders snoozed until ${slackDateToken(alert.until)}`;
}

/** The snooze and done options of a watched card's row, each snooze end read in the box's LFD zone. */
function alertOptions(container: Container, ctx: ContainerRowContext): PlainTextOption[] {
  const zone = lfdZoneOf(container) ?? ctx.detail.shipment.portOfDischarge.timeZone;
  const words = (at: number) => {
    const wall = formatWallTime(wallTimeOrUtc(at, zone));
    return `${wall} ${zoneAbbreviation(zone ?? 'UTC', at)}`;
  };
  const week = workingWeekWith(ctx.watched?.daysOff);
  const tomorrow = snoozeUntil('tomorrow', ctx.nowMs, zone, week);
  const next = snoozeUntil('next_working_day', ctx.nowMs, zone, week);
  const options: PlainTextOption[] = [
    {
      text: plain(`Snooze to ${words(tomorrow)}`, MAX_OPTION_TEXT),
      value: alertOptionValue('snooze_tomorrow', container.id),
    },
  ];
  if (next !== tomorrow)
    options.push({
      text: plain(`Snooze to next working day, ${words(next)}`, MAX_OPTION_TEXT),
      value: alertOptionValue('snooze_next', container.id),
    });
  options.push({
    text: plain('Done: no more reminders', MAX_OPTION_TEXT),
    value: alertOptionValue('done', container.id),
  });
  return options.filter((option) => (option.value ?? '').length <= MAX_OPTION_VALUE);
}

/** The zone of the box's earliest last free day, when it has one. */
function lfdZoneOf(container: Container): string | null {
  const deadlines = container.deadlines ?? [];
  for (const deadline of deadlines) if (deadline.timeZone) return deadline.timeZone;
  return container.podTimeZone ?? null;
}

function overflowFor(
  container: Container,
  detail: ShipmentDetail,
  ctx?: ContainerRowContext,
): Overflow | null {
  // The number travels with the id, so the form and the audit line name the box by its number wherever the menu
  // was used (a thread reply, a private card), without another API call.
  const withNumber = `${SET_FIELD_OPTION_PREFIX}${setFieldValue(container.id, container.number)}`;
  const setField =
    withNumber.length <= MAX_OPTION_VALUE ? withNumber : `${SET_FIELD_OPTION_PREFIX}${container.id}`;
  const open = `${OPEN_IN_TERMINAL49_OPTION_PREFIX}${container.id}`;
  const url = `${TERMINAL49_FIND_URL}${encodeURIComponent(container.number || detail.shipment.billOfLadingNumber)}`;
  // An id too long for an option value cannot round-trip; the row is then shown without a menu.
  if (setField.length > MAX_OPTION_VALUE || open.length > MAX_OPTION_VALUE || url.length > MAX_URL)
    return null;
  const options: PlainTextOption[] = [
    { text: plain('Set custom field…', MAX_OPTION_TEXT), value: setField },
    { text: plain('Open in Terminal49', MAX_OPTION_TEXT), value: open, url },
    ...(ctx?.watched ? alertOptions(container, ctx) : []),
  ];
  return { type: 'overflow', action_id: ACTION.containerOverflow, options };
}

function pushLine(lines: string[], line: string | null): void {
  if (line !== null) lines.push(line);
}
