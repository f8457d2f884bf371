/**
 * `/shipment <BL | booking | container | id> [private]`: one lookup (`resolveShipment` picks the cheapest API call
 * for what was typed), then the shipment card in the channel. A number that is still being tracked shows its
 * tracking request; one that matches nothing gets a private not-found card that says what to check.
 */
import { renderUsageCard } from '../../../cards/help.js';
import { renderNotFoundCard, renderShipmentCard, renderTrackingRequestCard } from '../../../cards/index.js';
import type { SlackMessage } from '../../../cards/types.js';
import { resolveShipment } from '../../../tracking/index.js';
import type { Resolution } from '../../../tracking/tracking-client.js';
import { parseLookup } from '../../command-text/index.js';
import {
  type CommandDeps,
  type CommandRun,
  guarded,
  lookUpOrTell,
  replyPrivately,
  replyWithCard,
} from './command-context.js';

export const SHIPMENT_COMMAND = '/shipment';

export function createShipmentCommand(deps: CommandDeps): CommandRun {
  return guarded(deps, SHIPMENT_COMMAND, async (invocation) => {
    const parsed = parseLookup(invocation.text);
    if (!parsed.ok) {
      await replyPrivately(deps, invocation, renderUsageCard(SHIPMENT_COMMAND, parsed.problem));
      return;
    }
    const { query } = parsed.value;
    const resolved = await lookUpOrTell(deps, invocation, { command: SHIPMENT_COMMAND, subject: query }, () =>
      resolveShipment(deps.tracking, query),
    );
    if (!resolved.ok) return;
    const resolution = resolved.value;
    if (resolution.kind === 'not_found') {
      await replyPrivately(deps, invocation, renderNotFoundCard(resolution, { now: deps.clock.now() }));
      return;
    }
    await replyWithCard(deps, invocation, cardFor(resolution, deps), parsed.value);
  });
}

function cardFor(resolution: Exclude<Resolution, { kind: 'not_found' }>, deps: CommandDeps): SlackMessage {
  const now = deps.clock.now();
  if (resolution.kind === 'tracking_request') {
    return renderTrackingRequestCard(
      { trackingRequest: resolution.trackingRequest, shipment: null },
      { now },
    );
  }
  return renderShipmentCard(resolution.detail, { now, matchedContainer: resolution.container });
}
