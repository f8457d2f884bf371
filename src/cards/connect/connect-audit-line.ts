/**
 * The line a workspace's admin gets when its Terminal49 key was connected, replaced or removed: who did it, how
 * Terminal49's changes now reach Shipwatch (webhook or polling), and whether other workspaces share the account (one
 * budget). The key itself never appears.
 */
import { renderNotice, renderNoticeBy } from '../notice.js';
import type { SlackMessage } from '../types.js';
import type { ConnectOutcome } from './connect-outcome.js';

/** What the connect form saved: a key connected (or replaced), or the key removed (`was`: there was one). */
export type ConnectSaved =
  | { kind: 'connect'; outcome: Extract<ConnectOutcome, { kind: 'connected' }> }
  | { kind: 'removed'; stillUsedBy: number; was: boolean };

export function renderConnectAuditLine(userId: string, saved: ConnectSaved): SlackMessage {
  if (saved.kind === 'removed')
    return saved.was
      ? renderNoticeBy(':wastebasket:', userId, 'removed this workspace’s Terminal49 key.')
      : renderNotice(':wastebasket:', 'No Terminal49 key was connected.');
  const did = saved.outcome.replaced ? 'replaced' : 'connected';
  return renderNoticeBy(
    ':link:',
    userId,
    `${did} this workspace’s Terminal49 key. ${webhookWords(saved.outcome.webhook.kind)}${sharedWords(saved.outcome.sharedWith)}`,
  );
}

function webhookWords(kind: 'registered' | 'not_entitled' | 'failed'): string {
  return kind === 'registered'
    ? 'Terminal49 now sends its changes to Shipwatch as they happen.'
    : kind === 'not_entitled'
      ? 'The account cannot send webhooks, so Shipwatch polls watched shipments.'
      : 'Shipwatch polls watched shipments until its webhook can be registered.';
}

function sharedWords(sharedWith: number): string {
  return sharedWith > 0
    ? ` ${sharedWith} other workspace${sharedWith === 1 ? '' : 's'} use the same account: one budget, shared.`
    : '';
}
