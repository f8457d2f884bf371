/**
 * `/shipwatch help` and the usage shown when a command is missing its input. Examples use the demo catalogue's
 * numbers, so a new user can paste them as-is against the embedded simulator and see real cards.
 */
import type { KnownBlock } from '@slack/types';
import { DEMO } from '../simulator/demo/catalog.js';
import { escapeEntities } from './format/mrkdwn.js';
import type { SlackMessage } from './types.js';

export interface CommandGuide {
  command: string;
  usage: string;
  description: string;
  examples: readonly string[];
}

export const COMMAND_GUIDE: readonly CommandGuide[] = [
  {
    command: '/shipment',
    usage: '/shipment <bill of lading | booking | container number | shipment id> [private]',
    description:
      'Where a shipment is, when it arrives (in the port’s time zone), which containers can be picked up, holds, fees and last free days.',
    examples: [
      `/shipment ${DEMO.shipments.slippedEta.bl}`,
      `/shipment ${DEMO.containers.onHold}`,
      `/shipment ${DEMO.shipments.manyContainers.booking} private`,
    ],
  },
  {
    command: '/vessel',
    usage: '/vessel <vessel id | IMO number> [private]',
    description: 'Where a vessel is now, its speed and heading, and its positions over the last 7 days.',
    examples: [`/vessel ${DEMO.vessels.withPositions.imo}`, `/vessel ${DEMO.vessels.moored.id}`],
  },
  {
    command: '/track-edit',
    usage: '/track-edit <tracking request id> [ref=VALUE] [tags=a,b]',
    description:
      'Change a tracking request’s reference number and tags: opens a form, or applies `ref=` / `tags=` at once (`ref=` alone clears it; quote values with spaces).',
    examples: [
      `/track-edit ${DEMO.trackingRequests.created}`,
      `/track-edit ${DEMO.trackingRequests.created} ref=PO-4500123 tags=urgent,customer-x`,
    ],
  },
  {
    command: '/email-submission',
    usage: '/email-submission <email submission id> [private]',
    description: 'The documents of an emailed submission with download links; scanned images can be rotated.',
    examples: [`/email-submission ${DEMO.emailSubmissions.withImages}`],
  },
  {
    command: '/shipwatch',
    usage: '/shipwatch help | /shipwatch <shipment | vessel | track-edit | email-submission> …',
    description: 'This help, and every command above under one name (for workspaces where a name is taken).',
    examples: ['/shipwatch help', `/shipwatch shipment ${DEMO.shipments.slippedEta.bl}`],
  },
];

export function renderHelpCard(): SlackMessage {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: 'Shipwatch commands' } },
    ...COMMAND_GUIDE.map(guideSection),
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
  const text = `Shipwatch commands: ${COMMAND_GUIDE.map((guide) => guide.command).join(', ')}`;
  return { text, blocks };
}

/** The usage of one command (`/shipment`, …), optionally under a line saying what was wrong with the input. */
export function renderUsageCard(command: string, problem?: string | null): SlackMessage {
  const guide = COMMAND_GUIDE.find((entry) => entry.command === command);
  if (!guide) return renderHelpCard();
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
