/**
 * A workspace's policy settings (docs/oauth.md, "Workspace settings"): in OAuth mode a modal its admins edit — who may
 * write, where Shipwatch answers, the custom fields offered, the owner field — each a text of ids or slugs prefilled
 * with what is saved; in single-workspace mode a private message that shows the environment's values read-only and
 * says where they come from. Ids are shown as Slack mentions (`<@U…>`, `<#C…>`): they were checked to be bare ids
 * before they were saved, so nothing in them can form other markup.
 */
import type { KnownBlock } from '@slack/types';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { INPUT, VIEW } from '../ids.js';
import { plain } from '../modals/modal-text.js';
import type { ModalView, SlackMessage } from '../types.js';

export interface WorkspaceSettingsModel {
  editors: readonly string[];
  channels: readonly string[];
  customFieldSlugs: readonly string[];
  ownerField: string | null;
}

const ID = /^[A-Z0-9]+$/;

function person(id: string): string {
  if (!ID.test(id)) return inlineMrkdwn(id);
  return id.startsWith('S') ? `<!subteam^${id}>` : `<@${id}>`;
}

function channel(id: string): string {
  return ID.test(id) ? `<#${id}>` : inlineMrkdwn(id);
}

function listed(items: readonly string[], each: (item: string) => string, none: string): string {
  return items.length === 0 ? none : items.map(each).join(', ');
}

function summaryLines(model: WorkspaceSettingsModel): string[] {
  return [
    `*Who may change things:* ${listed(model.editors, person, 'every full member of the workspace')}`,
    `*Where Shipwatch answers:* ${listed(model.channels, channel, 'every channel')}`,
    `*Custom fields offered:* ${listed(model.customFieldSlugs, (slug) => `\`${inlineMrkdwn(slug)}\``, 'every container field the account defines')}`,
    `*Owner field:* ${model.ownerField ? `\`${inlineMrkdwn(model.ownerField)}\`` : 'none'}`,
  ];
}

/** Single-workspace mode: the environment's values, read-only, and where to change them. */
export function renderEnvironmentSettings(model: WorkspaceSettingsModel): SlackMessage {
  const intro =
    ':gear: This Shipwatch serves one workspace: its settings come from the environment its operator set (SHIPWATCH_EDITORS, SHIPWATCH_CHANNELS, SHIPWATCH_CUSTOM_FIELDS) and change with a restart, not here.';
  const lines = summaryLines(model);
  return {
    text: `This workspace's Shipwatch settings come from the environment. ${lines.join(' ')}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: intro } },
      { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
    ],
  };
}

function textInput(
  ids: { block: string; action: string },
  label: string,
  hint: string,
  initial: string,
  placeholder: string,
): KnownBlock {
  return {
    type: 'input',
    block_id: ids.block,
    optional: true,
    label: plain(label, 2000),
    hint: plain(hint, 2000),
    element: {
      type: 'plain_text_input',
      action_id: ids.action,
      max_length: 3000,
      placeholder: plain(placeholder, 150),
      ...(initial ? { initial_value: initial } : {}),
    },
  };
}

/** OAuth mode: the workspace's own settings in a form its admins save. */
export function renderWorkspaceSettingsModal(model: WorkspaceSettingsModel): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.workspaceSettings,
    title: plain('Workspace settings', 24),
    submit: plain('Save', 24),
    close: plain('Cancel', 24),
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: ':gear: These settings are this workspace’s own. Leave a field empty for its default.',
        },
      },
      textInput(
        INPUT.settingsEditors,
        'Who may change things',
        'User ids (U…) and user-group ids (S…), separated by commas. Empty: every full member of the workspace. Admins can always change these settings.',
        model.editors.join(', '),
        'U0123ABCD, S0456EFGH',
      ),
      textInput(
        INPUT.settingsChannels,
        'Where Shipwatch answers',
        'Channel ids (C…, G…), separated by commas. Empty: every channel.',
        model.channels.join(', '),
        'C0123ABCD',
      ),
      textInput(
        INPUT.settingsCustomFields,
        'Custom fields offered',
        'Terminal49 custom-field slugs for "Set custom field", separated by commas. Empty: every container field the account defines.',
        model.customFieldSlugs.join(', '),
        'po_number, trucker',
      ),
      textInput(
        INPUT.settingsOwnerField,
        'Owner field',
        'A Terminal49 custom-field slug that mirrors an alert’s owner. Empty: none.',
        model.ownerField ?? '',
        'owner',
      ),
    ],
  };
}

/** The line that says who changed the workspace's settings, and what they are now. */
export function renderSettingsSavedLine(userId: string, model: WorkspaceSettingsModel): SlackMessage {
  const lines = summaryLines(model);
  return {
    text: `<@${userId}> changed this workspace's Shipwatch settings.`,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `:gear: <@${userId}> changed this workspace’s Shipwatch settings.\n${lines.join('\n')}`,
        },
      },
    ],
  };
}
