import type { ReceiverEvent } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import { ignoreSlackRetries } from '../../../src/slack/middleware/ignore-retries.js';
import { createDirectApp } from '../../helpers/slack/direct-app.js';
import { slashCommand } from '../../helpers/slack/payloads.js';

function setup() {
  const { app, receiver } = createDirectApp('xoxb-unit');
  const runs: Array<{ text: string }> = [];
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ write: (line) => lines.push(JSON.parse(line)) });
  app.use(ignoreSlackRetries(logger));
  app.command('/track-edit', async ({ ack, command }) => {
    await ack();
    runs.push({ text: command.text });
  });
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

describe('the middleware that drops Slack re-deliveries', () => {
  it('lets a first delivery through: acked once, run with its text', async () => {
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
