/**
 * One lean chat client per bot token, as Bolt keeps one WebClient per installation: each workspace's messages go out
 * with its own token; past the pool's size the least recently used client is closed. And the client a listener gets
 * says what it is: only the lean client's chat methods compile.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withChatApi } from '../../../../src/slack/delivery/chat-api.js';
import { createChatPool } from '../../../../src/slack/delivery/chat-pool.js';
import { createFakeMessagingClient } from '../../../helpers/slack/fake-messaging-client.js';

describe('the chat pool', () => {
  const seen: string[] = [];
  let apiUrl = '';
  const server = createServer((req, res) => {
    seen.push(String(req.headers.authorization));
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"channel":"C1","ts":"1.1"}');
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  it("posts each workspace's messages with its own token, one client per token", async () => {
    const pool = createChatPool({ apiUrl, timeoutMs: 2_000, retries: 0 });
    expect(pool.for('xoxb-team-a')).toBe(pool.for('xoxb-team-a'));
    await pool.for('xoxb-team-a').postMessage({ channel: 'C1', text: 'a' });
    await pool.for('xoxb-team-b').postMessage({ channel: 'C1', text: 'b' });
    expect(seen.slice(-2)).toEqual(['Bearer xoxb-team-a', 'Bearer xoxb-team-b']);
    await pool.close();
  });

  it('closes the least recently used client past its size, and makes a new one when that token comes back', async () => {
    const pool = createChatPool({ apiUrl, timeoutMs: 2_000, retries: 0, max: 2 });
    const first = pool.for('xoxb-1');
    pool.for('xoxb-2');
    pool.for('xoxb-1');
    pool.for('xoxb-3');
    expect(pool.for('xoxb-1')).toBe(first);
    expect(pool.for('xoxb-2')).not.toBe(undefined);
    await pool.close();
  });

  it('gives listeners a client whose type has only the lean chat methods', () => {
    const { client } = createFakeMessagingClient();
    const messaging = withChatApi(
      client,
      createChatPool({ apiUrl, timeoutMs: 100, retries: 0 }).for('xoxb-x'),
    );
    expect(typeof messaging.chat.postMessage).toBe('function');
    // chat.unfurl is one of them (link previews), with its own type and implementation.
    expect(typeof messaging.chat.unfurl).toBe('function');
    // @ts-expect-error: chat.scheduleMessage is not a method of the lean client; it must go through Bolt's client.
    expect(messaging.chat.scheduleMessage).toBeUndefined();
  });
});
