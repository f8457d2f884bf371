import { describe, expect, it } from 'vitest';
import type { ModalView, SlackMessage } from '../../../../src/cards/types.js';
import {
  openModal,
  postCard,
  postEphemeral,
  postThreadReply,
  updateCard,
  updateModal,
} from '../../../../src/slack/delivery/index.js';
import { createFakeMessagingClient } from '../../../helpers/slack/fake-messaging-client.js';

const card: SlackMessage = {
  text: 'card',
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'card' } }],
};
const modal: ModalView = { type: 'modal', title: { type: 'plain_text', text: 'Edit' }, blocks: [] };

describe('message primitives', () => {
  it('posts a card into a thread when given a thread ts', async () => {
    const fake = createFakeMessagingClient();
    const posted = await postCard(fake.client, { channel: 'C1', threadTs: '1.000001' }, card);
    expect(posted).toEqual({ channel: 'C1', ts: expect.any(String) });
    expect(fake.calls[0]?.args).toMatchObject({ channel: 'C1', thread_ts: '1.000001', text: 'card' });
  });

  it('updates a card in place by channel and ts', async () => {
    const fake = createFakeMessagingClient();
    await updateCard(fake.client, { channel: 'C1', ts: '1.000001' }, card);
    expect(fake.calls[0]).toEqual({
      method: 'chat.update',
      args: { channel: 'C1', ts: '1.000001', text: 'card', blocks: card.blocks },
    });
  });

  it('posts a plain audit line in the thread of a card', async () => {
    const fake = createFakeMessagingClient();
    await postThreadReply(fake.client, { channel: 'C1', ts: '1.000001' }, '🔄 <@U1> rotated `scan.png` 90°');
    expect(fake.calls[0]?.args).toMatchObject({
      channel: 'C1',
      thread_ts: '1.000001',
      text: expect.stringContaining('rotated'),
    });
    expect(fake.calls[0]?.args).not.toHaveProperty('blocks');
  });

  it('shows an ephemeral to one user, optionally inside a thread', async () => {
    const fake = createFakeMessagingClient();
    await postEphemeral(fake.client, { channel: 'C1', user: 'U1', threadTs: '1.000001' }, card);
    expect(fake.calls[0]?.args).toMatchObject({ channel: 'C1', user: 'U1', thread_ts: '1.000001' });
  });

  it('passes Slack errors through unchanged for the caller to classify', async () => {
    const fake = createFakeMessagingClient();
    fake.failNext('chat.update', { kind: 'platform', error: 'message_not_found' });
    await expect(updateCard(fake.client, { channel: 'C1', ts: '9' }, card)).rejects.toMatchObject({
      code: 'slack_webapi_platform_error',
      data: { error: 'message_not_found' },
    });
  });
});

describe('modal primitives', () => {
  it('opens a modal with the trigger and updates it with the returned id and hash', async () => {
    const fake = createFakeMessagingClient();
    const opened = await openModal(fake.client, 'TRIG-1', modal);
    await updateModal(fake.client, opened, { ...modal, title: { type: 'plain_text', text: 'Loaded' } });
    expect(fake.calls.map((call) => call.method)).toEqual(['views.open', 'views.update']);
    expect(fake.calls[1]?.args).toMatchObject({ view_id: opened.viewId, hash: opened.hash });
  });
});
