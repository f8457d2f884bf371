import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/logger.js';
import type { Respond } from '../../../src/slack/delivery/index.js';
import { registerErrorHandler } from '../../../src/slack/error-handler.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import { createDirectApp } from '../../helpers/slack/direct-app.js';
import { slashCommand } from '../../helpers/slack/payloads.js';

function setup() {
  const { app, receiver } = createDirectApp('xoxb-unit');
  const lines: Array<Record<string, unknown>> = [];
  const posted: Array<{ url: string; message: Parameters<Respond>[0] }> = [];
  registerErrorHandler(app, {
    slackApiUrl: 'https://hooks.slack.test/api/',
    logger: createLogger({ secrets: ['xoxb-unit'], write: (line) => lines.push(JSON.parse(line)) }),
    clock: fixedClock('2026-03-10T12:00:00Z'),
    respondTo: (url) => async (message) => {
      posted.push({ url, message });
    },
  });
  return { app, receiver, lines, posted };
}

describe('the error handler', () => {
  it('tells the person what went wrong through the response_url when a listener throws', async () => {
    const { app, receiver, posted } = setup();
    app.command('/shipment', async ({ ack }) => {
      await ack();
      throw new TrackingApiError({
        code: 'rate_limited',
        message: 'slow down',
        status: 429,
        retryAfterSeconds: 20,
      });
    });
    let acked = false;
    await receiver.send({
      body: slashCommand({ command: '/shipment', text: 'x', responseUrl: 'https://hooks.slack.test/r/1' }),
      ack: async () => {
        acked = true;
      },
    });
    expect(acked).toBe(true);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.url).toBe('https://hooks.slack.test/r/1');
    expect(posted[0]?.message).toMatchObject({ response_type: 'ephemeral', replace_original: false });
  });

  it('logs the failure with the command and error code, never the token', async () => {
    const { app, receiver, lines } = setup();
    app.command('/vessel', async ({ ack }) => {
      await ack();
      throw new Error('boom with xoxb-unit inside');
    });
    await receiver.send({
      body: slashCommand({ command: '/vessel', text: '', responseUrl: 'https://hooks.slack.test/r/2' }),
      ack: async () => {},
    });
    const failure = lines.find((line) => line.msg === 'listener failed');
    expect(failure).toMatchObject({ level: 'error', command: '/vessel' });
    expect(JSON.stringify(lines)).not.toContain('xoxb-unit');
  });

  it('keeps going when the response_url cannot be reached', async () => {
    const { app, receiver } = createDirectApp('xoxb-unit');
    const lines: Array<Record<string, unknown>> = [];
    registerErrorHandler(app, {
      slackApiUrl: 'https://hooks.slack.test/api/',
      logger: createLogger({ write: (line) => lines.push(JSON.parse(line)) }),
      clock: fixedClock('2026-03-10T12:00:00Z'),
      respondTo: () => async () => {
        throw new Error('expired');
      },
    });
    app.command('/shipment', async ({ ack }) => {
      await ack();
      throw new Error('boom');
    });
    await expect(
      receiver.send({
        body: slashCommand({ command: '/shipment', text: '', responseUrl: 'https://hooks.slack.test/r/3' }),
        ack: async () => {},
      }),
    ).resolves.toBeUndefined();
    expect(lines.some((line) => line.msg === 'could not tell the user about a failed listener')).toBe(true);
  });
});
