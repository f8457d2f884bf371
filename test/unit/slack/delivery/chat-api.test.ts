import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type ClosableChatApi, createChatApi } from '../../../../src/slack/delivery/chat-api.js';
import { classifySlackError } from '../../../../src/slack/delivery/slack-failure.js';
import { type LoopbackServer, listenOnLoopback, readBody } from '../../../helpers/slack/loopback-server.js';

interface Seen {
  method: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

type Answer = (response: ServerResponse) => void;

const TOKEN = 'xoxb-fake-chat-api-test';
let server: LoopbackServer | null = null;
let chat: ClosableChatApi | null = null;

afterEach(async () => {
  await chat?.close();
  await server?.close();
  chat = null;
  server = null;
});

/** A Web API stand-in that answers each call with the next of `answers` (the last one repeats). */
async function slackAnswering(answers: Answer[], options: { retries?: number; timeoutMs?: number } = {}) {
  const seen: Seen[] = [];
  server = await listenOnLoopback(async (request: IncomingMessage, response) => {
    const raw = await readBody(request);
    seen.push({
      method: (request.url ?? '').replace('/api/', ''),
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: JSON.parse(raw),
    });
    (answers[seen.length - 1] ?? answers.at(-1))?.(response);
  });
  chat = createChatApi({
    apiUrl: `${server.origin}/api/`,
    token: TOKEN,
    timeoutMs: options.timeoutMs ?? 2_000,
    retries: options.retries ?? 0,
    sleep: async () => {},
  });
  return { chat, seen };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return classifySlackError(error);
  }
  throw new Error('expected the call to fail');
}

describe('the chat client', () => {
  it('posts JSON with the bot token as a bearer and returns where the message landed', async () => {
    const { chat, seen } = await slackAnswering([
      json(200, { ok: true, channel: 'C1', ts: '1700000000.000100' }),
    ]);
    const blocks = [{ type: 'section' as const, text: { type: 'mrkdwn' as const, text: '*TCLU1234567*' } }];
    await expect(chat.postMessage({ channel: 'C1', text: 'card', blocks })).resolves.toEqual({
      channel: 'C1',
      ts: '1700000000.000100',
    });
    expect(seen).toEqual([
      {
        method: 'chat.postMessage',
        authorization: `Bearer ${TOKEN}`,
        contentType: 'application/json; charset=utf-8',
        body: { channel: 'C1', text: 'card', blocks },
      },
    ]);
  });

  it('asks Slack for a message’s permalink, to point people at a card', async () => {
    const permalink = 'https://acme.slack.com/archives/C1/p1700000000000100';
    const { chat, seen } = await slackAnswering([json(200, { ok: true, channel: 'C1', permalink })]);
    await expect(chat.getPermalink({ channel: 'C1', message_ts: '1700000000.000100' })).resolves.toEqual({
      permalink,
    });
    expect(seen[0]).toMatchObject({
      method: 'chat.getPermalink',
      body: { channel: 'C1', message_ts: '1700000000.000100' },
    });
  });

  it("reports Slack's ok:false as a platform error the fallbacks recognise, without retrying it", async () => {
    const { chat, seen } = await slackAnswering([json(200, { ok: false, error: 'not_in_channel' })]);
    expect(await failureOf(chat.postMessage({ channel: 'C2', text: 'x' }))).toMatchObject({
      kind: 'channel_unavailable',
      slackError: 'not_in_channel',
    });
    expect(seen).toHaveLength(1);
  });

  it('rejects a rate-limited call at once with the seconds Slack asked to wait', async () => {
    const { chat, seen } = await slackAnswering([json(429, { ok: false }, { 'retry-after': '12' })], {
      retries: 2,
    });
    expect(await failureOf(chat.update({ channel: 'C1', ts: '1.2', text: 'x' }))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 12,
    });
    expect(seen).toHaveLength(1);
  });

  it('retries a 5xx up to its limit, then reports the HTTP status', async () => {
    const { chat, seen } = await slackAnswering([json(503, { ok: false })], { retries: 2 });
    expect(await failureOf(chat.postEphemeral({ channel: 'C1', user: 'U1', text: 'x' }))).toMatchObject({
      kind: 'http',
      status: 503,
    });
    expect(seen).toHaveLength(3);
  });

  it('succeeds when a retry after a 5xx is answered', async () => {
    const { chat, seen } = await slackAnswering([json(502, {}), json(200, { ok: true, ts: '9.9' })], {
      retries: 1,
    });
    await expect(chat.postMessage({ channel: 'C1', text: 'x' })).resolves.toEqual({ ts: '9.9' });
    expect(seen).toHaveLength(2);
  });

  it('gives up on a Slack that does not answer within the timeout, as a timeout', async () => {
    const { chat } = await slackAnswering([() => {}], { timeoutMs: 100 });
    expect(await failureOf(chat.postMessage({ channel: 'C1', text: 'x' }))).toMatchObject({
      kind: 'timeout',
    });
  });

  it('treats an answer that is not JSON as a Slack error, not a crash', async () => {
    const { chat } = await slackAnswering([
      (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>'),
    ]);
    expect(await failureOf(chat.postMessage({ channel: 'C1', text: 'x' }))).toMatchObject({
      kind: 'slack_error',
      slackError: 'invalid_response',
    });
  });
});
