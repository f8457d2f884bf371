/**
 * Builds requests exactly as Slack sends them: form-encoded bodies (slash commands as fields, interactions as one
 * `payload` JSON field) signed with Slack's v0 HMAC-SHA256 by the local workspace's signer (src/workspace/bot-link).
 */
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export interface SignedHeaders {
  'content-type': string;
  'x-slack-request-timestamp': string;
  'x-slack-signature': string;
}

export function signedHeaders(
  signingSecret: string,
  body: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): SignedHeaders {
  return {
    'content-type': FORM_CONTENT_TYPE,
    ...signSlackRequest(signingSecret, body, timestampSeconds * 1000),
  };
}

export interface SlashCommandFields {
  command: string;
  text: string;
  channelId: string;
  userId: string;
  responseUrl: string;
  triggerId: string;
  teamId?: string;
}

export function slashCommandBody(fields: SlashCommandFields): string {
  return new URLSearchParams({
    token: 'bench-verification-token',
    team_id: fields.teamId ?? 'TBENCH',
    team_domain: 'bench',
    channel_id: fields.channelId,
    channel_name: 'bench',
    user_id: fields.userId,
    user_name: 'bench',
    command: fields.command,
    text: fields.text,
    api_app_id: 'ABENCH',
    is_enterprise_install: 'false',
    response_url: fields.responseUrl,
    trigger_id: fields.triggerId,
  }).toString();
}

/** Interactions (block_actions, view_submission) arrive as `payload=<json>`. */
export function interactionBody(payload: unknown): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}
