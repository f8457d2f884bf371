/**
 * The one reader of Slack payloads reads who, where and which workspace the same way for every kind of payload, and
 * treats anything that is not a non-empty string as absent.
 */
import { describe, expect, it } from 'vitest';
import { readPayloadContext } from '../../../src/slack/context/payload-context.js';

describe('readPayloadContext', () => {
  it('reads a slash command', () => {
    expect(
      readPayloadContext({
        command: '/shipment',
        team_id: 'T1',
        enterprise_id: 'E1',
        user_id: 'U1',
        channel_id: 'C1',
        response_url: 'https://hooks.slack.com/commands/1',
        trigger_id: 'tr-1',
        is_enterprise_install: 'false',
      }),
    ).toEqual({
      kind: 'command',
      teamId: 'T1',
      enterpriseId: 'E1',
      isEnterpriseInstall: false,
      userId: 'U1',
      userTeamId: 'T1',
      channelId: 'C1',
      responseUrl: 'https://hooks.slack.com/commands/1',
      triggerId: 'tr-1',
    });
  });

  it("reads a button click, with the person's own workspace apart from the channel's (Slack Connect)", () => {
    const read = readPayloadContext({
      type: 'block_actions',
      team: { id: 'T1' },
      user: { id: 'U2', team_id: 'T2' },
      container: { channel_id: 'C1' },
      trigger_id: 'tr-2',
      response_url: 'https://hooks.slack.com/actions/2',
    });
    expect(read).toMatchObject({
      kind: 'block_actions',
      teamId: 'T1',
      userId: 'U2',
      userTeamId: 'T2',
      channelId: 'C1',
    });
  });

  it('reads a modal submission and a message shortcut', () => {
    expect(
      readPayloadContext({ type: 'view_submission', team: { id: 'T1' }, user: { id: 'U1' } }),
    ).toMatchObject({
      kind: 'view_submission',
      teamId: 'T1',
      userId: 'U1',
      channelId: null,
    });
    expect(
      readPayloadContext({
        type: 'message_action',
        team: { id: 'T1' },
        user: { id: 'U1' },
        channel: { id: 'C9' },
        response_url: 'https://hooks.slack.com/x',
      }),
    ).toMatchObject({ kind: 'message_action', channelId: 'C9', responseUrl: 'https://hooks.slack.com/x' });
  });

  it('reads an event (App Home opened, a link shared), and an org-wide install', () => {
    expect(
      readPayloadContext({
        type: 'event_callback',
        team_id: 'T1',
        enterprise_id: 'E1',
        is_enterprise_install: true,
        event: { type: 'app_home_opened', user: 'U1', channel: 'D1' },
      }),
    ).toMatchObject({
      kind: 'event',
      teamId: 'T1',
      enterpriseId: 'E1',
      isEnterpriseInstall: true,
      userId: 'U1',
      channelId: 'D1',
    });
  });

  it('treats numbers, objects and empty strings where ids belong as absent', () => {
    expect(
      readPayloadContext({ type: 'block_actions', team: { id: 7 }, user: { id: '' }, container: {} }),
    ).toMatchObject({
      teamId: null,
      userId: null,
      channelId: null,
    });
    expect(readPayloadContext(null)).toMatchObject({ kind: 'other', teamId: null, userId: null });
  });
});
