/**
 * Interaction payloads as Slack sends them for a click on a card button and for a modal submission. Only the fields
 * Bolt routes on and listeners read are filled in; ids are the caller's so replies can be matched to requests.
 */
import type { KnownBlock } from '@slack/types';

const TEAM = { id: 'TBENCH', domain: 'bench' };

export interface ButtonClick {
  actionId: string;
  value: string;
  blockId?: string;
  channelId: string;
  messageTs: string;
  userId: string;
  responseUrl: string;
  triggerId: string;
  /** The card the button sits on (listeners may read it back). */
  messageBlocks?: KnownBlock[];
  messageText?: string;
  actionTs?: string;
}

export function blockActionPayload(click: ButtonClick): Record<string, unknown> {
  const actionTs = click.actionTs ?? (Date.now() / 1000).toFixed(6);
  return {
    type: 'block_actions',
    team: TEAM,
    user: { id: click.userId, username: 'bench', name: 'bench', team_id: TEAM.id },
    api_app_id: 'ABENCH',
    token: 'bench-verification-token',
    container: {
      type: 'message',
      message_ts: click.messageTs,
      channel_id: click.channelId,
      is_ephemeral: false,
    },
    trigger_id: click.triggerId,
    channel: { id: click.channelId, name: 'bench' },
    message: {
      type: 'message',
      user: 'UBOT',
      bot_id: 'BBOT',
      ts: click.messageTs,
      text: click.messageText ?? '',
      blocks: click.messageBlocks ?? [],
    },
    response_url: click.responseUrl,
    actions: [
      {
        type: 'button',
        action_id: click.actionId,
        block_id: click.blockId ?? 'bench_block',
        value: click.value,
        text: { type: 'plain_text', text: 'Button' },
        action_ts: actionTs,
      },
    ],
  };
}

export interface ModalSubmission {
  callbackId: string;
  privateMetadata: string;
  /** block_id → action_id → state value (e.g. `{ type: 'plain_text_input', value: 'x' }`). */
  values: Record<string, Record<string, Record<string, unknown>>>;
  userId: string;
  viewId: string;
  triggerId: string;
}

export function viewSubmissionPayload(submission: ModalSubmission): Record<string, unknown> {
  return {
    type: 'view_submission',
    team: TEAM,
    user: { id: submission.userId, username: 'bench', name: 'bench', team_id: TEAM.id },
    api_app_id: 'ABENCH',
    token: 'bench-verification-token',
    trigger_id: submission.triggerId,
    view: {
      id: submission.viewId,
      team_id: TEAM.id,
      type: 'modal',
      callback_id: submission.callbackId,
      private_metadata: submission.privateMetadata,
      hash: `${submission.viewId}-hash`,
      title: { type: 'plain_text', text: 'Bench' },
      blocks: [],
      state: { values: submission.values },
      app_id: 'ABENCH',
      bot_id: 'BBOT',
    },
    response_urls: [],
  };
}
