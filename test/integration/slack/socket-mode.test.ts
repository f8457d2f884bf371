/**
 * Socket Mode end to end, against stand-ins for both of Slack's sides: the bot asks the Web API at SLACK_API_URL for
 * its WebSocket (apps.connections.open, with the app-level token), connects, acknowledges a slash-command envelope by
 * its envelope_id, and posts the card through the same Web API. Shipwatch's HTTP server still owns PORT: `/healthz`
 * and Terminal49's webhooks are served there in Socket Mode too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { loadConfig } from '../../../src/config/env.js';
import type { HttpRoute } from '../../../src/http/route.js';
import { silentLogger } from '../../../src/logger.js';
import { type RunningService, startService } from '../../../src/service/index.js';
import { createSimulator, DEMO } from '../../../src/simulator/index.js';
import { createTrackingClient, type HttpTrackingClient } from '../../../src/tracking/index.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { type FakeSocketMode, startFakeSocketMode } from '../../helpers/slack/fake-socket-mode.js';
import { nextId, slashCommand } from '../../helpers/slack/payloads.js';

const BOT_TOKEN = 'xoxb-socket-test';
const APP_TOKEN = 'xapp-1-socket-test';

describe('the bot in Socket Mode', () => {
  let socket: FakeSocketMode;
  let slack: FakeSlackApi;
  let tracking: HttpTrackingClient;
  let closeSimulator: () => Promise<void>;
  const webhooks = recordingWebhookRoute();
  let bot: RunningService;
  beforeAll(async () => {
    socket = await startFakeSocketMode();
    slack = await startFakeSlackApi({ botToken: BOT_TOKEN, socketModeUrl: () => socket.url });
    const running = await createSimulator({ clock: systemClock }).listen({ port: 0 });
    closeSimulator = () => running.close();
    tracking = createTrackingClient({ baseUrl: running.url, apiKey: DEMO.apiKeys.full, cacheTtlMs: 0 });
    bot = await startService({
      port: 0,
      config: loadConfig({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_APP_TOKEN: APP_TOKEN,
        SLACK_API_URL: slack.url,
      }),
      tracking,
      logger: silentLogger,
      clock: systemClock,
      routes: [webhooks.route],
    });
  });
  afterAll(async () => {
    await bot?.stop();
    await Promise.allSettled([socket?.close(), slack?.close(), tracking?.close(), closeSimulator?.()]);
  });

  it('opens its connection through SLACK_API_URL with the app-level token', async () => {
    expect(bot.mode).toBe('socket');
    const opened = await slack.waitForCall('apps.connections.open');
    expect(opened.token).toBe(APP_TOKEN);
    await socket.connected();
  });

  it('acknowledges a slash-command envelope and posts the card in the channel', async () => {
    await socket.connected();
    const channelId = nextId('C');
    const ack = socket.send(
      'slash_commands',
      slashCommand({
        command: '/shipment',
        text: DEMO.shipments.slippedEta.bl,
        channelId,
        responseUrl: `${slack.origin}/commands/${nextId('R')}`,
        triggerId: nextId('TRIG'),
      }),
    );
    await expect(ack).resolves.toBeDefined();
    const card = await slack.waitForCall('chat.postMessage', { channel: channelId });
    expect(card.token).toBe(BOT_TOKEN);
    expect(String(card.args.text)).toContain(DEMO.shipments.slippedEta.bl);
  });

  it('serves /healthz and the Terminal49 webhook route on its own port', async () => {
    expect((await fetch(`${bot.url}/healthz`)).status).toBe(200);
    const delivered = await fetch(`${bot.url}/webhooks/terminal49`, { method: 'POST', body: '{}' });
    expect(delivered.status).toBe(200);
    expect(webhooks.received).toBe(1);
    expect((await fetch(`${bot.url}/slack/events`, { method: 'POST', body: '' })).status).toBe(404);
  });
});

/** A stand-in for the webhook route: what matters here is that the server in Socket Mode reaches it. */
function recordingWebhookRoute() {
  const recorded = { received: 0 };
  const route: HttpRoute = {
    method: 'POST',
    path: '/webhooks/terminal49',
    handle(req, res) {
      recorded.received += 1;
      req.resume();
      res.writeHead(200).end();
    },
  };
  return Object.assign(recorded, { route });
}
