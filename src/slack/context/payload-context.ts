/**
 * The one reader of Slack payloads: who, where and from which workspace, read the same way for a slash command, a
 * button, a modal submission, a shortcut and an event (slack-edge's context reader has the shape). Bolt's payload
 * types are loose, so every field is read defensively: anything that is not a non-empty string is absent, never
 * trusted. Listeners read this (and the tenant it resolves to) from the request's context (tenant-context.ts).
 */

export type PayloadKind =
  | 'command'
  | 'block_actions'
  | 'view_submission'
  | 'view_closed'
  | 'shortcut'
  | 'message_action'
  | 'event'
  | 'other';

export interface PayloadContext {
  kind: PayloadKind;
  /** The workspace the payload belongs to (the channel's, for a Slack Connect channel). */
  teamId: string | null;
  enterpriseId: string | null;
  /** Installed for a whole Enterprise Grid organisation. */
  isEnterpriseInstall: boolean;
  userId: string | null;
  /** The person's own workspace (differs from `teamId` for someone from a Slack Connect partner). */
  userTeamId: string | null;
  channelId: string | null;
  responseUrl: string | null;
  triggerId: string | null;
}

type Fields = Record<string, unknown>;

export function readPayloadContext(body: unknown): PayloadContext {
  const root = record(body);
  const event = record(root.event);
  const kind = kindOf(root);
  if (kind === 'command') {
    return {
      kind,
      teamId: text(root.team_id),
      enterpriseId: text(root.enterprise_id),
      isEnterpriseInstall: root.is_enterprise_install === true || root.is_enterprise_install === 'true',
      userId: text(root.user_id),
      userTeamId: text(root.team_id),
      channelId: text(root.channel_id),
      responseUrl: text(root.response_url),
      triggerId: text(root.trigger_id),
    };
  }
  if (kind === 'event') {
    const channel = event.channel;
    return {
      kind,
      teamId: text(root.team_id) ?? text(event.team),
      enterpriseId: text(root.enterprise_id),
      isEnterpriseInstall: root.is_enterprise_install === true,
      userId: text(event.user) ?? text(record(event.user).id),
      userTeamId: text(event.user_team) ?? text(event.team),
      channelId: typeof channel === 'string' ? text(channel) : text(record(channel).id),
      responseUrl: null,
      triggerId: text(event.trigger_id),
    };
  }
  const user = record(root.user);
  const team = record(root.team);
  const enterprise = record(root.enterprise);
  const container = record(root.container);
  const responseUrls = Array.isArray(root.response_urls) ? root.response_urls.map(record) : [];
  return {
    kind,
    teamId: text(team.id) ?? text(user.team_id),
    enterpriseId: text(enterprise.id) ?? text(user.enterprise_id),
    isEnterpriseInstall: root.is_enterprise_install === true,
    userId: text(user.id),
    userTeamId: text(user.team_id) ?? text(team.id),
    channelId: text(container.channel_id) ?? text(record(root.channel).id),
    responseUrl: text(root.response_url) ?? text(responseUrls[0]?.response_url),
    triggerId: text(root.trigger_id),
  };
}

function kindOf(root: Fields): PayloadKind {
  if (typeof root.command === 'string') return 'command';
  if (root.type === 'event_callback' || (root.event !== undefined && root.type === undefined)) return 'event';
  switch (root.type) {
    case 'block_actions':
    case 'view_submission':
    case 'view_closed':
    case 'shortcut':
    case 'message_action':
      return root.type;
    default:
      return 'other';
  }
}

function record(value: unknown): Fields {
  // SAFETY: a non-null, non-array object; every field read from it is checked before use.
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}
