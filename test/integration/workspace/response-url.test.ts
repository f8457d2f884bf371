import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelMessage } from '../../../src/workspace/protocol.js';
import { callWebApi } from '../../helpers/slack/call-web-api.js';
import { ADA, GUS, type Harness, startHarness } from './helpers/harness.js';

describe('response_url', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const respond = async (url: string, body: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };

  /** Runs a slash command and returns the response_url the bot received. */
  async function commandResponseUrl(userId = ADA, text = '/shipment MAEU240817361'): Promise<string> {
    h.bot.handle(() => null);
    await h.ui('command', { userId, text });
    return h.bot.received.at(-1)?.fields.response_url ?? '';
  }

  /** Posts a card with a button, clicks it, and returns the interaction's response_url and the card's ts. */
  async function interactionResponseUrl(): Promise<{ url: string; ts: string }> {
    const posted = await callWebApi(`${h.url}/api/`, h.token, 'chat.postMessage', {
      channel: 'C0SHIPOPS',
      text: 'card',
      blocks: [
        {
          type: 'actions',
          block_id: 'b',
          elements: [{ type: 'button', action_id: 'go', text: { type: 'plain_text', text: 'Go' } }],
        },
      ],
    });
    h.bot.handle(() => null);
    const ts = String(posted.ts);
    await h.ui('action', {
      userId: ADA,
      source: { kind: 'message', channelId: 'C0SHIPOPS', ts },
      blockId: 'b',
      actionId: 'go',
    });
    return { url: String(h.bot.received.at(-1)?.payload?.response_url), ts };
  }

  const lastMessage = async (userId = ADA): Promise<ChannelMessage | undefined> =>
    (await h.state(userId)).timeline
      .filter((e): e is ChannelMessage & { replies: ChannelMessage[] } => e.kind === 'message')
      .at(-1);

  it('posts an ephemeral reply to the invoking user by default', async () => {
    const url = await commandResponseUrl(GUS);
    expect(await respond(url, { text: 'only for you' })).toEqual({ status: 200, json: { ok: true } });
    expect(await lastMessage(GUS)).toMatchObject({ text: 'only for you', ephemeralTo: GUS });
    expect((await lastMessage(ADA))?.text).not.toBe('only for you');
  });

  it('posts in the channel for response_type in_channel, after showing the command itself', async () => {
    const url = await commandResponseUrl(ADA, '/vessel 9778791');
    await respond(url, { response_type: 'in_channel', text: 'vessel card' });
    const messages = (await h.state(GUS)).timeline.filter((e) => e.kind === 'message').slice(-2);
    expect(messages.map((m) => m.kind === 'message' && [m.userId, m.text])).toEqual([
      [ADA, '/vessel 9778791'],
      ['U0SHIPWATCH', 'vessel card'],
    ]);
  });

  it('does not replace anything for replace_original on a slash command’s response_url', async () => {
    const url = await commandResponseUrl();
    await respond(url, { text: 'first' });
    await respond(url, { text: 'second', replace_original: true });
    const texts = (await h.state()).timeline.map((e) => (e.kind === 'message' ? e.text : null)).slice(-2);
    expect(texts).toEqual(['first', 'second']);
  });

  it('replaces the message that carried the interaction for replace_original', async () => {
    const { url, ts } = await interactionResponseUrl();
    await respond(url, { replace_original: true, text: 'replaced' });
    const card = (await h.state()).timeline.find((e) => e.kind === 'message' && e.ts === ts);
    expect(card).toMatchObject({ text: 'replaced', blocks: [], edited: true });
  });

  it('deletes the message that carried the interaction for delete_original', async () => {
    const { url, ts } = await interactionResponseUrl();
    await respond(url, { delete_original: true });
    expect((await h.state()).timeline.some((e) => e.kind === 'message' && e.ts === ts)).toBe(false);
  });

  it('accepts five uses and refuses the sixth (used_url)', async () => {
    const url = await commandResponseUrl();
    for (let use = 1; use <= 5; use += 1) {
      expect((await respond(url, { text: `use ${use}` })).status).toBe(200);
    }
    expect(await respond(url, { text: 'use 6' })).toEqual({
      status: 404,
      json: { ok: false, error: 'used_url' },
    });
  });

  it('refuses a response_url used more than 30 minutes after the command (expired_url)', async () => {
    const url = await commandResponseUrl();
    h.advance(30 * 60 * 1000 + 1);
    expect(await respond(url, { text: 'late' })).toEqual({
      status: 404,
      json: { ok: false, error: 'expired_url' },
    });
  });

  it('refuses blocks Slack would refuse (invalid_blocks)', async () => {
    const url = await commandResponseUrl();
    const result = await respond(url, {
      text: 'x',
      blocks: [{ type: 'header', text: { type: 'mrkdwn', text: 'x' } }],
    });
    expect(result).toEqual({ status: 400, json: { ok: false, error: 'invalid_blocks' } });
  });

  it('refuses a response_url it never issued', async () => {
    expect(await respond(`${h.url}/response/not-a-token`, { text: 'x' })).toEqual({
      status: 404,
      json: { ok: false, error: 'invalid_url' },
    });
  });
});
