/**
 * The vessel card: identity, last reported position (with a map link), speed, heading and how old the position is,
 * plus a summary of the recent track when positions were requested. Every vessel field is nullable in the real API
 * (docs/domain-rules.md#vessels), and AIS uses sentinel values for "not available" (heading 511, speed 102.3), which are shown as
 * unknown rather than as data.
 */
import type { KnownBlock } from '@slack/types';
import type { Vessel } from '../tracking/models.js';
import { context, header, section } from './blocks.js';
import { clampMessage } from './format/clamp-message.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import { formatLatitude, formatLongitude } from './format/numbers.js';
import { formatSystemTime } from './format/time.js';
import type { RenderContext, SlackMessage } from './types.js';
import { compassPoint, mapLink, trackText, validPosition } from './vessel-track.js';

export interface VesselCardContext extends RenderContext {
  /** 'shown': positions were requested; 'feature_not_enabled': the account lacks Routing Data. */
  positions?: 'shown' | 'feature_not_enabled';
}

/** AIS "speed not available" is 102.3 kn; anything from 102.2 up is not a real speed. */
const MAX_REAL_SPEED_KNOTS = 102.2;

/** Renders the vessel card for `vessel` at `ctx.now`. */
export function renderVesselCard(vessel: Vessel, ctx: VesselCardContext): SlackMessage {
  const nowMs = ctx.now.getTime();
  const name = vessel.name?.trim() ? vessel.name.trim() : 'Unnamed vessel';
  const blocks: KnownBlock[] = [header(`🚢 ${name}`)];
  blocks.push(section(identityText(vessel)));
  blocks.push(section(positionText(vessel, nowMs)));
  if (ctx.positions === 'feature_not_enabled') {
    blocks.push(
      context(
        "This account doesn't have the Routing Data feature, so the track isn't available; the last reported position is shown.",
      ),
    );
  } else if (ctx.positions === 'shown') {
    blocks.push(section(trackText(vessel.positions ?? [], nowMs)));
  }
  return clampMessage({ text: fallbackText(vessel, name), blocks });
}

function identityText(vessel: Vessel): string {
  const parts = [`*IMO* ${vessel.imo ? inlineMrkdwn(vessel.imo) : 'unknown'}`];
  parts.push(`*MMSI* ${vessel.mmsi ? inlineMrkdwn(vessel.mmsi) : 'unknown'}`);
  return parts.join(' · ');
}

function positionText(vessel: Vessel, nowMs: number): string {
  const lines: string[] = [];
  const position = validPosition(vessel.latitude, vessel.longitude);
  if (position !== null) {
    lines.push(`📍 *Last position* ${mapLink(position)}`);
  } else {
    lines.push('📍 *Last position* not reported');
  }
  const motion: string[] = [];
  motion.push(`*Speed* ${speedWords(vessel.speedKnots)}`);
  motion.push(`*Heading* ${headingWords(vessel.headingDegrees)}`);
  lines.push(motion.join(' · '));
  if (vessel.positionTimestamp !== null)
    lines.push(`🕐 Reported ${formatSystemTime(vessel.positionTimestamp, nowMs)}`);
  return lines.join('\n');
}

/** "14.2 kn"; AIS sentinels and negative values as unknown. */
export function speedWords(knots: number | null): string {
  if (knots === null || !Number.isFinite(knots) || knots < 0 || knots >= MAX_REAL_SPEED_KNOTS)
    return 'unknown';
  return `${knots.toFixed(1)} kn`;
}

/** "275° (W)"; AIS 511 (not available) and out-of-range values as unknown. */
export function headingWords(degrees: number | null): string {
  if (degrees === null || !Number.isFinite(degrees) || degrees < 0 || degrees >= 360) return 'unknown';
  return `${Math.round(degrees)}° (${compassPoint(degrees)})`;
}

function fallbackText(vessel: Vessel, name: string): string {
  const position = validPosition(vessel.latitude, vessel.longitude);
  const where = position
    ? `last seen at ${formatLatitude(position.latitude)} ${formatLongitude(position.longitude)}`
    : 'no position reported';
  const imo = vessel.imo ? ` (IMO ${inlineMrkdwn(vessel.imo)})` : '';
  return `${inlineMrkdwn(name)}${imo}: ${where}`;
}
