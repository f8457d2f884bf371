/**
 * Write idempotency outlives the process: with the embedded store, a click that Slack re-delivers after the bot
 * restarted finds the first delivery's claim and writes nothing, and a second bot on the same store answers as one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../src/cards/ids.js';
import { renderEmailSubmissionCard } from '../../../src/cards/index.js';
import { systemClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { createSimulator, DEMO, type Simulator } from '../../../src/simulator/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { createTrackingClient, type HttpTrackingClient } from '../../../src/tracking/index.js';
import { startBotHarness } from '../../helpers/slack/bot-harness.js';
import { blockAction, interactionBody } from '../../helpers/slack/payloads.js';
import { signSlackRequest } from '../../helpers/slack/sign.js';
import { postCard, threadReply } from '../slack/interactions/world.js';

describe('a click re-delivered after a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-restart-'));
  let simulator: Simulator;
  let closeSimulator: () => Promise<void>;
  let tracking: HttpTrackingClient;
  beforeAll(async () => {
    simulator = createSimulator({ clock: systemClock });
    const running = await simulator.listen({ port: 0 });
    closeSimulator = () => running.close();
    tracking = createTrackingClient({ baseUrl: running.url, apiKey: DEMO.apiKeys.full, cacheTtlMs: 0 });
  });
  afterAll(async () => {
    await tracking?.close();
    await closeSimulator?.();
  });

  const open = (): Promise<Store> => openStore({ dataDir, clock: systemClock, logger: silentLogger });
  const rotations = () =>
    simulator.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/rotate'));

  it('does not rotate the document a second time', async () => {
    let store = await open();
    const first = await startBotHarness({ tracking, store });
    const detail = await tracking.getEmailSubmission(DEMO.emailSubmissions.withImages);
    const card = await postCard(
      first,
      renderEmailSubmissionCard(detail, { now: new Date(), downloadUrls: {} }),
    );
    const body = interactionBody(
      blockAction({
        actionId: ACTION.documentRotate90,
        value: DEMO.documents.jpeg,
        responseUrl: first.responseUrls.newUrl(),
        container: {
          kind: 'message',
          channelId: card.channelId,
          messageTs: card.ts,
          messageBlocks: card.blocks,
        },
      }),
    );
    expect((await first.postRaw(body, { ...signSlackRequest(first.signingSecret, body) })).status).toBe(200);
    await threadReply(first, card);
    expect(rotations()).toHaveLength(1);
    await first.stop();
    await store.close();

    store = await open();
    const second = await startBotHarness({ tracking, store });
    // Slack's retry of the same payload, signed anew (here by the restarted bot's secret).
    const retry = await second.postRaw(body, {
      ...signSlackRequest(second.signingSecret, body, Math.floor(Date.now() / 1000) + 1),
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_timeout',
    });
    expect(retry.status).toBe(200);
    await expect
      .poll(() => second.logs.some((line) => line.msg === 're-sent interaction dropped'))
      .toBe(true);
    expect(rotations()).toHaveLength(1);
    await second.stop();
    await store.close();
  });
});
