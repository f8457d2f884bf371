import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../../src/logger.js';
import {
  type CommandInvocation,
  registerCommand,
} from '../../../../../src/slack/listeners/commands/command-context.js';
import { slashCommand } from '../../../../helpers/slack/payloads.js';

/** Hands events straight to app.processEvent, as Bolt's HTTP receiver does after verifying them. */
class DirectReceiver implements Receiver {
  private app: App | null = null;
  init(app: App): void {
    this.app = app;
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  send(event: ReceiverEvent): Promise<void> {
    return this.app?.processEvent(event) ?? Promise.resolve();
  }
}

function setup() {
  const receiver = new DirectReceiver();
  const app = new App({
    receiver,
    authorize: async () => ({ botToken: 'xoxb-unit' }),
    extendedErrorHandler: true,
    convoStore: false,
  });
  const runs: CommandInvocation[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ write: (line) => lines.push(JSON.parse(line)) });
  registerCommand(
    app,
    '/track-edit',
    async (invocation) => {
      runs.push(invocation);
    },
    logger,
  );
  const deliver = async (retry: Pick<ReceiverEvent, 'retryNum' | 'retryReason'> = {}) => {
    let acks = 0;
    await receiver.send({
      body: slashCommand({
        command: '/track-edit',
        text: 'tr-1 ref=ONCE',
        responseUrl: 'https://hooks.slack.test/r/1',
      }),
      ack: async () => {
        acks++;
      },
      ...retry,
    });
    return acks;
  };
  return { deliver, runs, lines };
}

describe('registerCommand', () => {
  it('acks, then runs the command with its text', async () => {
    const { deliver, runs } = setup();
    expect(await deliver()).toBe(1);
    expect(runs.map((run) => run.text)).toEqual(['tr-1 ref=ONCE']);
  });

  it('acks a delivery Slack marks as a retry but does not run the command again', async () => {
    const { deliver, runs, lines } = setup();
    expect(await deliver({ retryNum: 1, retryReason: 'http_timeout' })).toBe(1);
    expect(runs).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'info',
        command: '/track-edit',
        retryNum: 1,
        retryReason: 'http_timeout',
      }),
    );
  });

  it('runs a delivery whose retry number is zero', async () => {
    const { deliver, runs } = setup();
    await deliver({ retryNum: 0 });
    expect(runs).toHaveLength(1);
  });
});
