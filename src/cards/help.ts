/**
 * `/shipwatch help` and the usage shown when a command is missing its input, rendered from the command table's
 * guides (src/slack/commands). The guides carry their examples already filled in: placeholders in a real workspace,
 * the simulator's demo numbers in the local one.
 */
import type { KnownBlock } from '@slack/types';
import { escapeEntities } from './format/mrkdwn.js';
import type { SlackMessage } from './types.js';

export interface CommandGuide {
  command: string;
  usage: string;
  description: string;
  examples: readonly string[];
}

export function renderHelpCard(guides: readonly CommandGuide[]): SlackMessage {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: 'Shipwatch commands' } },
    ...guides.map(guideSection),
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: 'Cards are posted to the channel so everyone sees the same status; add `private` to see one only yourself. Buttons on a card refresh it or act on it, and every change is noted in the card’s thread.',
        },
      ],
    },
  ];
  const text = `Shipwatch commands: ${guides.map((guide) => guide.command).join(', ')}`;
  return { text, blocks };
}

/** The usage of one command, optionally under a line saying what was wrong with the input. */
export function renderUsageCard(guide: CommandGuide, problem?: string | null): SlackMessage {
  const blocks: KnownBlock[] = [];
  if (problem) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${problem}` } });
  blocks.push(guideSection(guide), {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: 'Type `/shipwatch help` to see every command.' }],
  });
  return { text: `Usage: ${escapeEntities(guide.usage)}`, blocks };
}

function guideSection(guide: CommandGuide): KnownBlock {
  const examples = guide.examples.map((example) => `\`${escapeEntities(example)}\``).join('  ·  ');
  return {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: `*\`${escapeEntities(guide.usage)}\`*\n${guide.description}\n_Examples:_ ${examples}`,
    },
  };
}
