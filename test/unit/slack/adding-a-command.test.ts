/**
 * What docs/architecture.md promises: a new command is one declaration (its handler file), its card, its line in the table
 * and in manifest.yml. Here a `/containers-at-risk` declared in the test is added to the table and is then answered
 * as a slash command, reachable as `/shipwatch containers-at-risk`, and listed with its examples on the help card.
 * test/integration/slack/adding-a-surface.test.ts does the same for a command, a button and an event end to end.
 */
import { describe, expect, it } from 'vitest';
import { noticeCard } from '../../../src/cards/notice.js';
import { guarded } from '../../../src/slack/commands/answers.js';
import type { CommandSpec } from '../../../src/slack/commands/command.js';
import { COMMANDS } from '../../../src/slack/commands/index.js';
import { createCommandKit } from '../../helpers/slack/command-kit.js';

const containersAtRisk: CommandSpec = {
  slash: '/containers-at-risk',
  words: ['containers-at-risk', 'at-risk'],
  usage: '/containers-at-risk',
  description: 'Containers whose last free day is close.',
  examples: () => ['/containers-at-risk'],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/containers-at-risk', async (invocation) => {
      await invocation.replier.card(noticeCard('2 containers at risk'), 'channel');
    }),
};

const table = [...COMMANDS, containersAtRisk];

describe('adding a command to the table', () => {
  it('answers it as a slash command of its own', async () => {
    const kit = createCommandKit({ commands: table });
    await kit.invoke('/containers-at-risk', '');
    expect(kit.slack.callsTo('chat.postMessage')[0]?.args).toMatchObject({ text: '2 containers at risk' });
  });

  it('reaches it under /shipwatch by each of its words', async () => {
    const kit = createCommandKit({ commands: table });
    await kit.invoke('/shipwatch', 'at-risk');
    await kit.invoke('/shipwatch', 'containers-at-risk');
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(2);
  });

  it('lists it on the help card with its examples', async () => {
    const kit = createCommandKit({ commands: table });
    await kit.invoke('/shipwatch', 'help');
    const help = JSON.stringify(kit.slack.responses[0]?.blocks);
    expect(help).toContain('/containers-at-risk');
    expect(help).toContain('Containers whose last free day is close.');
  });

  it('leaves the app without it when it is not in the table', async () => {
    const kit = createCommandKit();
    await expect(kit.invoke('/containers-at-risk', '')).rejects.toThrow(/no command/);
  });
});
