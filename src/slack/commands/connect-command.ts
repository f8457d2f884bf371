/**
 * `/shipwatch connect` (OAuth mode): a workspace admin (or a Shipwatch editor) connects, replaces or removes the
 * workspace's Terminal49 key in a modal (docs/oauth.md, "Connecting a key"; flows/connect-form.ts opens it).
 */
import { openConnectForm } from '../flows/connect-form.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';

export const connectCommand: CommandSpec = {
  slash: null,
  words: ['connect'],
  usage: '/shipwatch connect',
  description: 'Connect, replace or remove this workspace’s Terminal49 API key (workspace admins).',
  examples: () => ['/shipwatch connect'],
  readsData: false,
  opensForm: () => true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch connect', async (invocation) => {
      await openConnectForm(
        runtime,
        { client: invocation.client, replier: invocation.replier },
        {
          triggerId: invocation.payload.trigger_id,
          teamId: invocation.payload.team_id ?? null,
          tenant: invocation.features.tenant,
        },
      );
    }),
};
