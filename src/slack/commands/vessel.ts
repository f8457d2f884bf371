/**
 * `/vessel <id | IMO> [private]`: the vessel with its positions over the last 7 days, or without them, saying why,
 * when the account lacks the routing-data feature (features/vessels/show-vessel.ts).
 */
import { parseVessel } from '../../features/command-text/index.js';
import { showVessel } from '../../features/vessels/show-vessel.js';
import { guarded, lookupIo, tellUsage } from './answers.js';
import type { CommandSpec } from './command.js';

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
      await showVessel(invocation.features, lookupIo(runtime, invocation), parsed.value);
    }),
};
