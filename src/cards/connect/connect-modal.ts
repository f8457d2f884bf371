/**
 * `/shipwatch connect` (OAuth mode): the workspace's Terminal49 account as a modal — whether a key is connected and
 * how notifications arrive (webhook, or polling), a field for a key (never prefilled: a connected key is never shown
 * again), and, when one is connected, a choice to remove it. docs/oauth.md, "Connecting a key".
 */
import type { KnownBlock } from '@slack/types';
import { INPUT, VIEW } from '../ids.js';
import { plain } from '../modals/modal-text.js';
import type { ModalView } from '../types.js';

export interface ConnectModalState {
  connected: boolean;
  webhook: boolean;
  sharedWith: number;
}

export function renderConnectModal(state: ConnectModalState): ModalView {
  const status = !state.connected
    ? ':link: *Not connected yet.* Paste a Terminal49 API key to let this workspace look up and watch its shipments.'
    : `:white_check_mark: *Connected.* ${
        state.webhook
          ? 'Terminal49 sends this account’s changes to Shipwatch as they happen.'
          : 'Terminal49 does not send this account’s changes (no webhook entitlement): Shipwatch polls watched shipments.'
      }${state.sharedWith > 0 ? ` ${state.sharedWith} other workspace${state.sharedWith === 1 ? '' : 's'} use the same account and share its budget.` : ''}`;
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: status } },
    {
      type: 'input',
      block_id: INPUT.connectKey.block,
      optional: state.connected,
      label: plain(state.connected ? 'Replace the key' : 'Terminal49 API key', 2000),
      hint: plain(
        'In Terminal49: Developers → API keys. It is checked with Terminal49 first, stored encrypted, and never shown again. Replacing it keeps the account and its watched shipments.',
        2000,
      ),
      element: {
        type: 'plain_text_input',
        action_id: INPUT.connectKey.action,
        max_length: 200,
        placeholder: plain('Paste the key', 150),
      },
    },
  ];
  if (state.connected) {
    blocks.push({
      type: 'input',
      block_id: INPUT.connectRemove.block,
      optional: true,
      label: plain('Remove', 2000),
      element: {
        type: 'checkboxes',
        action_id: INPUT.connectRemove.action,
        options: [
          {
            text: plain('Remove the connected key from this workspace', 75),
            value: 'remove',
          },
        ],
      },
    });
  }
  return {
    type: 'modal',
    callback_id: VIEW.connect,
    title: plain('Terminal49 account', 24),
    submit: plain(state.connected ? 'Save' : 'Connect', 24),
    close: plain('Cancel', 24),
    blocks,
  };
}
