/**
 * A tiny stand-in for the bot, for testing the workspace on its own: a node:http server that verifies Slack
 * signatures with Bolt's own `verifySlackRequest` (so a signing bug fails here exactly as in production), records
 * what it received, and answers with whatever the test's handler returns. (It is the one fake bot: the other side
 * of the local workspace, which is itself the product's stand-in for Slack.)
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySlackRequest } from '@slack/bolt';

export interface ReceivedRequest {
  contentType: string;
  rawBody: string;
  /** Form fields for slash commands; the parsed `payload` JSON for interactions. */
  fields: Record<string, string>;
  payload: Record<string, unknown> | null;
}

/** What the handler wants sent back: a JSON body, a text body, or nothing (an empty 200, i.e. `ack()`). */
export type BotAnswer =
  | { json: unknown }
  | { text: string }
  | { status: number }
  | { delayMs: number }
  | null;

export interface FakeBot {
  eventsUrl: string;
  received: ReceivedRequest[];
  rejected: number;
  handle(handler: (request: ReceivedRequest) => Promise<BotAnswer> | BotAnswer): void;
  close(): Promise<void>;
}

export async function startFakeBot(signingSecret: string, now: () => number = Date.now): Promise<FakeBot> {
  let handler: (request: ReceivedRequest) => Promise<BotAnswer> | BotAnswer = () => null;
  const bot: Omit<FakeBot, 'eventsUrl' | 'close'> & { rejected: number } = {
    received: [],
    rejected: 0,
    handle(next) {
      handler = next;
    },
  };
  const server = createServer(async (request, response) => {
    const rawBody = await readAll(request);
    try {
      verifySlackRequest({
        signingSecret,
        body: rawBody,
        nowMilliseconds: now(),
        headers: {
          'x-slack-signature': String(request.headers['x-slack-signature']),
          'x-slack-request-timestamp': Number(request.headers['x-slack-request-timestamp']),
        },
      });
    } catch {
      bot.rejected += 1;
      response.writeHead(401).end();
      return;
    }
    const fields = Object.fromEntries(new URLSearchParams(rawBody));
    const payload = typeof fields.payload === 'string' ? JSON.parse(fields.payload) : null;
    const received: ReceivedRequest = {
      contentType: String(request.headers['content-type']),
      rawBody,
      fields,
      payload,
    };
    bot.received.push(received);
    const answer = await handler(received);
    if (answer && 'delayMs' in answer) {
      await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (!response.destroyed) response.writeHead(200).end();
    } else if (answer && 'json' in answer) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    } else if (answer && 'text' in answer) {
      response.writeHead(200).end(answer.text);
    } else if (answer && 'status' in answer) {
      response.writeHead(answer.status).end();
    } else {
      response.writeHead(200).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // SAFETY: a listening TCP server reports an AddressInfo.
  const { port } = server.address() as AddressInfo;
  return Object.assign(bot, {
    eventsUrl: `http://127.0.0.1:${port}/slack/events`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    // SAFETY: node:http request bodies are Buffers unless an encoding is set.
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
