/**
 * The shipment card's headline: the single most urgent fact the domain found (docs/domain-rules.md#most-urgent-first),
 * in one line right under the header, naming the containers it is about by number so the person in a hurry can act
 * without scrolling: "⛔ *2 containers on hold:* MSKU9070323 (customs hold), TCLU1234568 (USDA hold)".
 */
import type { ContainerAssessment } from '../domain/container-assessment.js';
import { holdNameWords } from '../domain/holds.js';
import type { Journey } from '../domain/journey.js';
import type { ShipmentAssessment } from '../domain/shipment-assessment.js';
import { trackingStoppedReasonWords } from '../domain/status-words.js';
import { plural } from '../domain/words.js';
import type { ShipmentDetail } from '../tracking/models.js';
import { gapWords } from './container-summary.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import { lfdUrgencyPhrase } from './lines/lfd-line.js';
import { arrivalPhrase } from './shipment-overview.js';

/** Containers named in the headline; the rest are counted ("+3 more"). */
const MAX_NAMED = 5;

/** The headline's mrkdwn text. */
export function headlineText(assessment: ShipmentAssessment, detail: ShipmentDetail, nowMs: number): string {
  const { headline, counts } = assessment;
  const about = headline.containers;
  const n = about.length;
  switch (headline.kind) {
    case 'tracking_stopped': {
      const reason = trackingStoppedReasonWords(headline.stoppedReason);
      return reason ? `⏹️ *Tracking stopped:* ${inlineMrkdwn(reason)}` : '⏹️ *Tracking stopped*';
    }
    case 'lfd_overdue':
      return `🔴 *${plural(n, 'container')} past ${n === 1 ? 'its' : 'their'} last free day:* ${named(about, lfdNote)}`;
    case 'lfd_today':
      return `🟠 *Last free day for ${plural(n, 'container')}:* ${named(about, lfdNote)}`;
    case 'on_hold':
      return `⛔ *${plural(n, 'container')} on hold:* ${named(about, holdNote)}`;
    case 'lfd_soon':
      return `🟡 *LFD within 3 days for ${plural(n, 'container')}:* ${named(about, lfdNote)}`;
    case 'not_released':
      return `⏳ *${plural(n, 'container')} not released yet:* ${named(about, () => null)}`;
    case 'ready':
      if (n === counts.total)
        return n === 1 ? '✅ *Ready for pickup*' : `✅ *All ${n} containers ready for pickup*`;
      return `✅ *${n} of ${plural(counts.total, 'container')} ready for pickup*`;
    case 'availability_unknown':
      return `❔ *Availability unknown for ${plural(n, 'container')}:* the terminal doesn't report it`;
    case 'moving_inland':
      return `🚆 *${plural(n, 'container')} on ${n === 1 ? 'its' : 'their'} way inland*${destination(detail)}`;
    case 'not_arrived':
      return `🚢 *Not at the terminal yet:* ${arrivalWords(assessment.journey, detail, nowMs)}`;
    case 'left_terminal':
      return n === 1 ? '📦 *Picked up or returned*' : `📦 *All ${n} containers picked up or returned*`;
    case 'not_loaded':
      return `❔ *${gapWords(counts)}*`;
    case 'no_containers':
      return '🕐 *No containers reported yet*';
  }
}

/** "MSKU9070323 (customs hold), TCLU1234568 +3 more". */
function named(
  about: readonly ContainerAssessment[],
  note: (a: ContainerAssessment) => string | null,
): string {
  const shown = about.slice(0, MAX_NAMED).map((assessment) => {
    const extra = note(assessment);
    const number = inlineMrkdwn(assessment.container.number);
    return extra === null ? number : `${number} (${extra})`;
  });
  const more = about.length > MAX_NAMED ? ` +${about.length - MAX_NAMED} more` : '';
  return `${shown.join(', ')}${more}`;
}

function holdNote(assessment: ContainerAssessment): string | null {
  const holds = assessment.availability.activeHolds.map((hold) => inlineMrkdwn(holdNameWords(hold.name)));
  return holds.length > 0 ? holds.join(', ') : null;
}

function lfdNote(assessment: ContainerAssessment): string | null {
  return assessment.lfd === null ? null : lfdUrgencyPhrase(assessment.lfd);
}

function destination(detail: ShipmentDetail): string {
  const place = detail.shipment.destination.name ?? detail.destination?.name ?? null;
  return place ? ` to ${inlineMrkdwn(place)}` : '';
}

function arrivalWords(journey: Journey, detail: ShipmentDetail, nowMs: number): string {
  return arrivalPhrase(journey.arrival, detail, nowMs);
}
