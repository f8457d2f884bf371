/**
 * `/vessel <id | IMO> [private]`: the vessel with its positions over the last 7 days. Positions need the account's
 * routing-data feature; when the API refuses them (403 feature_not_enabled) the vessel is fetched again without
 * them and the card explains what is missing, instead of failing the whole lookup.
 */
import { subDays } from 'date-fns';
import { renderUsageCard } from '../../../cards/help.js';
import { renderVesselCard } from '../../../cards/index.js';
import { isTrackingApiError } from '../../../tracking/errors.js';
import type { Vessel } from '../../../tracking/models.js';
import { parseVessel } from '../../command-text/index.js';
import {
  type CommandDeps,
  type CommandRun,
  guarded,
  lookUpOrTell,
  replyPrivately,
  replyWithCard,
} from './command-context.js';

export const VESSEL_COMMAND = '/vessel';
export const POSITIONS_WINDOW_DAYS = 7;

export function createVesselCommand(deps: CommandDeps): CommandRun {
  return guarded(deps, VESSEL_COMMAND, async (invocation) => {
    const parsed = parseVessel(invocation.text);
    if (!parsed.ok) {
      await replyPrivately(deps, invocation, renderUsageCard(VESSEL_COMMAND, parsed.problem));
      return;
    }
    const { query } = parsed.value;
    const found = await lookUpOrTell(
      deps,
      invocation,
      { command: VESSEL_COMMAND, subject: `vessel ${query}` },
      () => fetchVessel(deps, query),
    );
    if (!found.ok) return;
    const { vessel, positions } = found.value;
    const card = renderVesselCard(vessel, { now: deps.clock.now(), positions });
    await replyWithCard(deps, invocation, card, parsed.value);
  });
}

async function fetchVessel(
  deps: CommandDeps,
  query: string,
): Promise<{ vessel: Vessel; positions: 'shown' | 'feature_not_enabled' }> {
  const now = deps.clock.now();
  const window = {
    from: subDays(now, POSITIONS_WINDOW_DAYS).toISOString(),
    to: now.toISOString(),
    withPositions: true,
  };
  try {
    return { vessel: await deps.tracking.getVessel(query, window), positions: 'shown' };
  } catch (error) {
    if (!isTrackingApiError(error) || error.code !== 'feature_not_enabled') throw error;
    return { vessel: await deps.tracking.getVessel(query), positions: 'feature_not_enabled' };
  }
}
