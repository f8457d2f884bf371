import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWebApi } from '../../helpers/slack/call-web-api.js';
import { ADA, GUS, type Harness, startHarness } from './helpers/harness.js';

const CHANNEL = 'C0SHIPOPS';
const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });
const modal = (title = 'Set custom field') => ({
  type: 'modal',
  callback_id: 'custom_field_modal',
  title: { type: 'plain_text', text: title },
  close: { type: 'plain_text', text: 'Cancel' },
  blocks: [section('Loading…')],
});

describe('the fake Slack Web API', () => {
  let h: Harness;
  const api = (method: string, args: Record<string, unknown> = {}) =>
    callWebApi(`${h.url}/api/`, h.token, method, args);

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  /** A trigger_id as the workspace issues one: for a command sent by `userId`. */
  async function issueTrigger(userId = ADA): Promise<string> {
    let trigger = '';
    h.bot.handle((request) => {
      trigger = request.fields.trigger_id ?? '';
      return null;
    });
    await h.ui('command', { userId, text: '/shipwatch help' });
    return trigger;
  }

  describe('authentication', () => {
    it('answers not_authed when no token is sent', async () => {
      const response = await fetch(`${h.url}/api/auth.test`, { method: 'POST' });
      expect(await response.json()).toEqual({ ok: false, error: 'not_authed' });
    });

    it('answers invalid_auth for a token other than the generated bot token', async () => {
      expect(await callWebApi(`${h.url}/api/`, 'xoxb-wrong', 'auth.test', {})).toEqual({
        ok: false,
        error: 'invalid_auth',
      });
    });

    it('identifies the bot and the team on auth.test', async () => {
      expect(await api('auth.test')).toMatchObject({ ok: true, user_id: 'U0SHIPWATCH', team_id: 'T0LOCAL' });
    });
  });

  describe('chat.postMessage', () => {
    it('accepts form-encoded bodies with JSON-encoded blocks, as @slack/web-api sends them', async () => {
      const result = await callWebApi(
        `${h.url}/api/`,
        h.token,
        'chat.postMessage',
        { channel: CHANNEL, text: 'fallback', blocks: [section('*hello*')] },
        'form',
      );
      expect(result).toMatchObject({ ok: true, channel: CHANNEL, message: { text: 'fallback' } });
      const posted = (await h.state()).timeline.find((e) => e.kind === 'message' && e.ts === result.ts);
      expect(posted).toMatchObject({ isBot: true, blocks: [{ type: 'section', text: { text: '*hello*' } }] });
    });

    it('gives blocks without a block_id a generated one, as Slack does', async () => {
      const result = await api('chat.postMessage', { channel: CHANNEL, text: 'x', blocks: [section('a')] });
      const message = result.message as { blocks: Array<{ block_id?: string }> };
      expect(message.blocks[0]?.block_id).toMatch(/^\S+$/);
    });

    it('posts a thread reply under its parent, normalising a reply ts to the parent', async () => {
      const parent = await api('chat.postMessage', { channel: CHANNEL, text: 'parent' });
      const first = await api('chat.postMessage', {
        channel: CHANNEL,
        text: 'reply 1',
        thread_ts: parent.ts,
      });
      await api('chat.postMessage', { channel: CHANNEL, text: 'reply 2', thread_ts: first.ts });
      const entry = (await h.state()).timeline.find((e) => e.kind === 'message' && e.ts === parent.ts);
      expect(entry?.replies.map((r) => r.text)).toEqual(['reply 1', 'reply 2']);
    });

    it('shows a reply sent with reply_broadcast in its thread and in the channel, as Slack does', async () => {
      const parent = await api('chat.postMessage', { channel: CHANNEL, text: 'the card' });
      const quiet = await api('chat.postMessage', {
        channel: CHANNEL,
        text: 'thread only',
        thread_ts: parent.ts,
      });
      const loud = await api('chat.postMessage', {
        channel: CHANNEL,
        text: 'also to the channel',
        thread_ts: parent.ts,
        reply_broadcast: true,
      });
      const { timeline } = await h.state();
      const card = timeline.find((e) => e.kind === 'message' && e.ts === parent.ts);
      expect(card?.replies.map((r) => r.ts)).toEqual([quiet.ts, loud.ts]);
      const inChannel = timeline.filter(
        (e) => e.kind === 'message' && (e.ts === loud.ts || e.ts === quiet.ts),
      );
      expect(inChannel.map((e) => (e.kind === 'message' ? [e.ts, e.broadcast] : null))).toEqual([
        [loud.ts, true],
      ]);
    });

    it('answers chat.getPermalink with a link to the message, and message_not_found for one nobody else sees', async () => {
      const card = await api('chat.postMessage', { channel: CHANNEL, text: 'the card' });
      const link = await api('chat.getPermalink', { channel: CHANNEL, message_ts: card.ts });
      expect(link).toMatchObject({
        ok: true,
        channel: CHANNEL,
        permalink: `https://shipwatch-local.slack.com/archives/${CHANNEL}/p${String(card.ts).replace('.', '')}`,
      });
      const { message_ts } = await api('chat.postEphemeral', {
        channel: CHANNEL,
        user: GUS,
        text: 'for gus',
      });
      expect(await api('chat.getPermalink', { channel: CHANNEL, message_ts })).toMatchObject({
        ok: false,
        error: 'message_not_found',
      });
    });

    it('refuses a message with neither text nor blocks (no_text)', async () => {
      expect(await api('chat.postMessage', { channel: CHANNEL })).toEqual({ ok: false, error: 'no_text' });
    });

    it('refuses an unknown channel (channel_not_found)', async () => {
      expect(await api('chat.postMessage', { channel: 'C0NOPE', text: 'x' })).toEqual({
        ok: false,
        error: 'channel_not_found',
      });
    });

    it('refuses more than 50 blocks with invalid_blocks and a json-pointer, like Slack', async () => {
      const blocks = Array.from({ length: 51 }, (_, i) => section(`row ${i}`));
      const result = await api('chat.postMessage', { channel: CHANNEL, text: 'x', blocks });
      expect(result).toMatchObject({ ok: false, error: 'invalid_blocks' });
      expect(result.errors).toContain('must be less than 51 items [json-pointer:/blocks]');
    });

    it('refuses a section without text or fields and a button text over 75 characters', async () => {
      const result = await api('chat.postMessage', {
        channel: CHANNEL,
        text: 'x',
        blocks: [
          { type: 'section' },
          {
            type: 'actions',
            elements: [
              { type: 'button', action_id: 'a', text: { type: 'plain_text', text: 'x'.repeat(76) } },
            ],
          },
        ],
      });
      expect(result.errors).toEqual([
        'must provide either text or fields [json-pointer:/blocks/0]',
        'must be 1-75 characters [json-pointer:/blocks/1/elements/0/text]',
      ]);
    });
  });

  describe('chat.update, chat.postEphemeral and chat.delete', () => {
    it('updates a message in place and keeps its blocks when only text is given', async () => {
      const posted = await api('chat.postMessage', {
        channel: CHANNEL,
        text: 'v1',
        blocks: [section('card')],
      });
      const updated = await api('chat.update', { channel: CHANNEL, ts: posted.ts, text: 'v2' });
      expect(updated).toMatchObject({ ok: true, ts: posted.ts, text: 'v2' });
      const entry = (await h.state()).timeline.find((e) => e.kind === 'message' && e.ts === posted.ts);
      expect(entry).toMatchObject({ text: 'v2', edited: true, version: 2, blocks: [{ type: 'section' }] });
    });

    it('cannot update an ephemeral message (message_not_found), as in Slack', async () => {
      const ephemeral = await api('chat.postEphemeral', { channel: CHANNEL, user: ADA, text: 'psst' });
      expect(ephemeral).toMatchObject({ ok: true });
      expect(await api('chat.update', { channel: CHANNEL, ts: ephemeral.message_ts, text: 'x' })).toEqual({
        ok: false,
        error: 'message_not_found',
      });
    });

    it('shows an ephemeral message only to its recipient', async () => {
      const { message_ts } = await api('chat.postEphemeral', {
        channel: CHANNEL,
        user: GUS,
        text: 'for gus',
      });
      const seenBy = async (user: string) =>
        (await h.state(user)).timeline.some((e) => e.kind === 'message' && e.ts === message_ts);
      expect(await seenBy(GUS)).toBe(true);
      expect(await seenBy(ADA)).toBe(false);
    });

    it('refuses to update a person’s message (cant_update_message)', async () => {
      await h.ui('command', { userId: ADA, text: 'hello team' });
      const mine = (await h.state()).timeline.findLast((e) => e.kind === 'message' && !e.isBot);
      expect(mine?.kind === 'message' && mine.text).toBe('hello team');
      const result = await api('chat.update', {
        channel: CHANNEL,
        ts: mine?.kind === 'message' ? mine.ts : '',
        text: 'x',
      });
      expect(result).toEqual({ ok: false, error: 'cant_update_message' });
    });

    it('leaves a "deleted" placeholder when a parent with replies is deleted', async () => {
      const parent = await api('chat.postMessage', { channel: CHANNEL, text: 'parent' });
      await api('chat.postMessage', { channel: CHANNEL, text: 'reply', thread_ts: parent.ts });
      expect(await api('chat.delete', { channel: CHANNEL, ts: parent.ts })).toMatchObject({ ok: true });
      const entry = (await h.state()).timeline.find((e) => e.kind === 'message' && e.ts === parent.ts);
      expect(entry).toMatchObject({ deleted: true, replies: [{ text: 'reply' }] });
    });
  });

  describe('views.open, views.update and views.push', () => {
    it('opens a modal for the user whose interaction issued the trigger_id', async () => {
      const trigger = await issueTrigger(GUS);
      const result = await api('views.open', { trigger_id: trigger, view: modal() });
      expect(result).toMatchObject({
        ok: true,
        view: { callback_id: 'custom_field_modal', hash: expect.any(String) },
      });
      expect((await h.state(GUS)).modals.map((m) => m.viewId)).toEqual([(result.view as { id: string }).id]);
      expect((await h.state(ADA)).modals).toEqual([]);
    });

    it('answers exchanged_trigger_id when a trigger_id is used twice', async () => {
      const trigger = await issueTrigger();
      await api('views.open', { trigger_id: trigger, view: modal() });
      expect(await api('views.open', { trigger_id: trigger, view: modal() })).toEqual({
        ok: false,
        error: 'exchanged_trigger_id',
      });
    });

    it('answers expired_trigger_id when views.open comes 3 seconds after the interaction', async () => {
      const trigger = await issueTrigger();
      h.advance(3_000);
      expect(await api('views.open', { trigger_id: trigger, view: modal() })).toEqual({
        ok: false,
        error: 'expired_trigger_id',
      });
    });

    it('answers invalid_trigger_id for a trigger it never issued', async () => {
      expect(await api('views.open', { trigger_id: '123.456.abc', view: modal() })).toEqual({
        ok: false,
        error: 'invalid_trigger_id',
      });
    });

    it('refuses a modal title over 24 characters (invalid_arguments)', async () => {
      const trigger = await issueTrigger();
      const result = await api('views.open', {
        trigger_id: trigger,
        view: modal('A title that is far too long'),
      });
      expect(result).toMatchObject({ ok: false, error: 'invalid_arguments' });
    });

    it('replaces a view by view_id and refuses a stale hash (hash_conflict)', async () => {
      const opened = await api('views.open', { trigger_id: await issueTrigger(), view: modal() });
      const { id, hash } = opened.view as { id: string; hash: string };
      const loaded = await api('views.update', {
        view_id: id,
        hash,
        view: { ...modal(), blocks: [section('Loaded')] },
      });
      expect(loaded).toMatchObject({ ok: true, view: { id, blocks: [{ text: { text: 'Loaded' } }] } });
      expect(await api('views.update', { view_id: id, hash, view: modal() })).toEqual({
        ok: false,
        error: 'hash_conflict',
      });
    });

    it('stacks at most three views (push_limit_reached)', async () => {
      await api('views.open', { trigger_id: await issueTrigger(), view: modal() });
      expect(await api('views.push', { trigger_id: await issueTrigger(), view: modal() })).toMatchObject({
        ok: true,
      });
      expect(await api('views.push', { trigger_id: await issueTrigger(), view: modal() })).toMatchObject({
        ok: true,
      });
      expect(await api('views.push', { trigger_id: await issueTrigger(), view: modal() })).toEqual({
        ok: false,
        error: 'push_limit_reached',
      });
    });
  });

  describe('directory lookups', () => {
    it('describes local users with their time zone, and the guest as restricted', async () => {
      const member = await api('users.info', { user: ADA });
      const guest = await api('users.info', { user: GUS });
      expect(member).toMatchObject({ ok: true, user: { tz: 'America/Los_Angeles', is_restricted: false } });
      expect(guest).toMatchObject({ ok: true, user: { tz: 'Europe/Berlin', is_restricted: true } });
      expect(typeof (member.user as { tz_offset: unknown }).tz_offset).toBe('number');
    });

    it('answers user_not_found for an unknown user', async () => {
      expect(await api('users.info', { user: 'U0NOBODY' })).toEqual({ ok: false, error: 'user_not_found' });
    });

    it('lists a user group’s members, without the guest', async () => {
      expect(await api('usergroups.users.list', { usergroup: 'S0SHIPOPS' })).toEqual({
        ok: true,
        users: ['U0LOCALADA', 'U0LOCALMEI'],
      });
    });

    it('describes the channel on conversations.info', async () => {
      expect(await api('conversations.info', { channel: CHANNEL })).toMatchObject({
        ok: true,
        channel: { id: CHANNEL, name: 'shipping-ops', is_member: true },
      });
    });
  });

  describe('methods it does not implement', () => {
    it('answers unknown_method and shows the gap on the page', async () => {
      expect(await api('files.upload', { channels: CHANNEL })).toEqual({
        ok: false,
        error: 'unknown_method',
      });
      const notices = (await h.state()).timeline.filter((e) => e.kind === 'notice');
      expect(notices.at(-1)).toMatchObject({
        level: 'warn',
        text: 'The bot called files.upload, which the local workspace does not implement (unknown_method).',
      });
    });
  });
});
