/**
 * `/vessel <id | IMO> [private]`: the vessel with its positions over the last 7 days. Positions need the account's
 * routing-data feature; when the API refuses them (403 feature_not_enabled) the vessel is fetched again without
 * them and the card explains what is missing, instead of failing the whole lookup.
 */
import { subDays } from 'date-fns';
import { renderVesselCard } from '../../cards/index.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { Vessel } from '../../tracking/models.js';
import type { SlackRuntime } from '../runtime.js';
import { guarded, lookUpOrTell, tellUsage, withPlaceholder } from './answers.js';
import type { CommandSpec } from './command.js';
import { parseVessel } from './text/index.js';

export const POSITIONS_WINDOW_DAYS = 7;

export const vesselCommand: CommandSpec = {
  slash: '/vessel',
  words: ['vessel'],
  usage: '/vessel <vessel id | IMO number> [private]',
  description: 'Where a vessel is now, its speed and heading, and its positions over the last 7 days.',
  examples: (n) => [`/vessel ${n.vesselImo}`, `/vessel IMO ${n.vesselImo} private`],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/vessel', async (invocation) => {
      const parsed = parseVessel(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, vesselCommand, parsed.problem);
      const { query } = parsed.value;
      const visibility = parsed.value.private ? 'private' : 'channel';
      const found = await withPlaceholder(runtime, invocation, { label: `vessel ${query}`, visibility }, () =>
        lookUpOrTell(
          runtime,
          invocation,
          { command: '/vessel', subject: { kind: 'vessel', id: query } },
          () => fetchVessel(runtime, query),
        ),
      );
      if (!found.ok) return;
      const { vessel, positions } = found.value;
      const card = renderVesselCard(vessel, { now: runtime.clock.now(), positions });
      await invocation.replier.card(card, visibility, {
        subject: { kind: 'vessel', subjectId: vessel.id },
      });
    }),
};

/** The vessel with its last week of positions; without them when the account lacks the feature. */
export async function fetchVessel(
  runtime: Pick<SlackRuntime, 'tracking' | 'clock'>,
  query: string,
): Promise<{ vessel: Vessel; positions: 'shown' | 'feature_not_enabled' }> {
  const now = runtime.clock.now();
  const window = {
    from: subDays(now, POSITIONS_WINDOW_DAYS).toISOString(),
    to: now.toISOString(),
    withPositions: true,
  };
  try {
    return { vessel: await runtime.tracking.getVessel(query, window), positions: 'shown' };
  } catch (error) {
    if (!isTrackingApiError(error) || error.code !== 'feature_not_enabled') throw error;
    return { vessel: await runtime.tracking.getVessel(query), positions: 'feature_not_enabled' };
  }
}
