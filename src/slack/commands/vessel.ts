/**
 * `/vessel <id | IMO> [private]`: the vessel with its positions over the last 7 days, or without them, saying why,
 * when the account lacks the routing-data feature (features/vessels/look-up-vessel.ts).
 */
import { renderVesselCard } from '../../cards/index.js';
import { lookUpVessel } from '../../features/vessels/look-up-vessel.js';
import { guarded, lookUpOrTell, tellUsage, withPlaceholder } from './answers.js';
import type { CommandSpec } from './command.js';
import { parseVessel } from '../../features/command-text/index.js';

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
          () => lookUpVessel(invocation.features, query),
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
