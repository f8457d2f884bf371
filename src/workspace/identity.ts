/**
 * Who lives in the local workspace: one team, one channel, the bot, a few people (one of them a guest, so the
 * bot's "full members only" write policy can be seen working) and one user group. The bot token and signing
 * secret are generated per start, so nothing secret is ever fixed in the source.
 */
import { randomBytes } from 'node:crypto';
import type { LocalUser } from './protocol.js';

export interface WorkspaceIdentity {
  team: { id: string; name: string; domain: string };
  channel: { id: string; name: string; topic: string; created: number };
  bot: { userId: string; botId: string; appId: string; name: string };
  users: LocalUser[];
  usergroups: Array<{ id: string; handle: string; name: string; userIds: string[] }>;
  botToken: string;
  signingSecret: string;
  /** The legacy verification token Slack still puts in payloads (Bolt ignores it). */
  verificationToken: string;
}

export const LOCAL_USERS: readonly LocalUser[] = [
  {
    id: 'U0LOCALADA',
    name: 'ada',
    realName: 'Ada Okafor',
    title: 'Import coordinator',
    tz: 'America/Los_Angeles',
    isGuest: false,
    isAdmin: true,
  },
  {
    id: 'U0LOCALMEI',
    name: 'mei',
    realName: 'Mei Tan',
    title: 'Logistics analyst',
    tz: 'Asia/Singapore',
    isGuest: false,
  },
  {
    id: 'U0LOCALGUS',
    name: 'gus',
    realName: 'Gus Brandt',
    title: 'Customs broker (guest)',
    tz: 'Europe/Berlin',
    isGuest: true,
  },
];

/** The second workspace of the install demo (SHIPWATCH_LOCAL_OAUTH): another team with its own people. */
export const SECOND_WORKSPACE_USERS: readonly LocalUser[] = [
  {
    id: 'U0HARBORBIA',
    name: 'bia',
    realName: 'Bia Santos',
    title: 'Operations lead',
    tz: 'America/New_York',
    isGuest: false,
    isAdmin: true,
  },
  {
    id: 'U0HARBORTOM',
    name: 'tom',
    realName: 'Tom Reyes',
    title: 'Dispatcher',
    tz: 'America/Chicago',
    isGuest: false,
  },
];

/**
 * The second workspace of the install demo: its own team, channel, bot user and people, and the same signing secret
 * (one Slack app signs every workspace's requests alike).
 */
export function createSecondIdentity(
  first: WorkspaceIdentity,
  random: (size: number) => Buffer = randomBytes,
): WorkspaceIdentity {
  return {
    team: { id: 'T0HARBOR', name: 'Harbor Freight (local)', domain: 'harbor-local' },
    channel: {
      id: 'C0HARBOROPS',
      name: 'harbor-ops',
      topic:
        'A second workspace: install Shipwatch here, connect its own key, and see its own shipments only',
      created: 1_700_000_000,
    },
    bot: { userId: 'U0SHIPWATCHB', botId: 'B0SHIPWATCHB', appId: first.bot.appId, name: 'Shipwatch' },
    users: SECOND_WORKSPACE_USERS.map((user) => ({ ...user })),
    usergroups: [],
    botToken: `xoxb-local-${random(12).toString('hex')}`,
    signingSecret: first.signingSecret,
    verificationToken: first.verificationToken,
  };
}

export function createIdentity(random: (size: number) => Buffer = randomBytes): WorkspaceIdentity {
  const members = LOCAL_USERS.filter((user) => !user.isGuest).map((user) => user.id);
  return {
    team: { id: 'T0LOCAL', name: 'Shipwatch (local)', domain: 'shipwatch-local' },
    channel: {
      id: 'C0SHIPOPS',
      name: 'shipping-ops',
      topic: 'Try /shipment, /vessel, /track-edit, /email-submission or /shipwatch help',
      created: 1_700_000_000,
    },
    bot: { userId: 'U0SHIPWATCH', botId: 'B0SHIPWATCH', appId: 'A0SHIPWATCH', name: 'Shipwatch' },
    users: LOCAL_USERS.map((user) => ({ ...user })),
    usergroups: [{ id: 'S0SHIPOPS', handle: 'shipping-ops', name: 'Shipping ops', userIds: members }],
    botToken: `xoxb-local-${random(12).toString('hex')}`,
    signingSecret: random(16).toString('hex'),
    verificationToken: random(12).toString('hex'),
  };
}
