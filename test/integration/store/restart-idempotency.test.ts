/**
 * Write idempotency outlives the process: with the embedded store, a click that Slack re-delivers after the bot
 * restarted finds the first delivery's claim and writes nothing, and a second bot on the same store answers as one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../src/cards/ids.js';
import { renderEmailSubmissionCard } from '../../../src/cards/index.js';
import { systemClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { createSimulator, DEMO, type Simulator } from '../../../src/simulator/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { startBotHarness } from '../../helpers/slack/bot-harness.js';
import { postCard, threadReply } from '../slack/interactions/world.js';

describe('a click re-delivered after a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-restart-'));
  // One simulator for both bots: the second answers the same API data after the restart.
  const simulator: Simulator = createSimulator({ clock: systemClock });
  afterAll(() => simulator.close());

  const open = (): Promise<Store> => openStore({ dataDir, clock: systemClock, logger: silentLogger });
  const rotations = () =>
    simulator.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/rotate'));

  it('does not rotate the document a second time', async () => {
    let store = await open();
    const first = await startBotHarness({ sim: simulator, store });
    const detail = await first.tracking.getEmailSubmission(DEMO.emailSubmissions.withImages);
    const card = await postCard(
      first,
      renderEmailSubmissionCard(detail, { now: new Date(), downloadUrls: {} }),
    );
    const clicked = await first.action({
      actionId: ACTION.documentRotate90,
      value: DEMO.documents.jpeg,
      container: {
        kind: 'message',
        channelId: card.channelId,
        messageTs: card.ts,
        messageBlocks: card.blocks,
      },
    });
    expect(clicked.status).toBe(200);
    const body = clicked.rawBody;
    await threadReply(first, card);
    expect(rotations()).toHaveLength(1);
    await first.stop();
    await store.close();

    store = await open();
    const second = await startBotHarness({ sim: simulator, store });
    // Slack's retry of the same payload, signed anew (here by the restarted bot's secret).
    const retry = await second.postSigned(body, {
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
