/**
 * A write's intent reaches the store before Slack gets the ack (src/features/writes/early-intent.ts): once the person has
 * their ack, the write is recorded, so a crash right after it is recovered and reported instead of vanishing. The
 * wait is bounded: a store slower than 500 ms gets the store-unavailable answer in the ack itself, and nothing is
 * written. Shown with `/track-edit <id> ref=…` and a Rotate click, against an embedded store whose intent ledger is
 * slowed down or stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../src/cards/ids.js';
import { systemClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { type IntentStore, openStore, type Store } from '../../src/store/index.js';
import { eventually } from '../helpers/hardening/answers.js';
import { click, findElement, postCard } from '../helpers/hardening/cards.js';
import { startWorld, type World } from '../helpers/hardening/world.js';

const PATCH_TR = /^\/tracking_requests\/[^/]+$/;
const ROTATE = /^\/documents\/[^/]+\/rotate$/;

/** How the ledger's `begin` behaves for the next test: at once, after a delay, or never. */
let beginDelayMs: number | 'never' = 0;
/** When each begin settled (ms since the epoch). */
const begunAt: number[] = [];

function slowed(intents: IntentStore): IntentStore {
  return {
    ...intents,
    async begin(intent, options) {
      if (beginDelayMs === 'never') return new Promise(() => {});
      await new Promise((resolve) => setTimeout(resolve, beginDelayMs as number));
      const result = await intents.begin(intent, options);
      begunAt.push(Date.now());
      return result;
    },
  };
}

let world: World;
let store: Store;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-early-intent-'));
  const opened = await openStore({ dataDir, clock: systemClock, logger: silentLogger });
  store = { ...opened, intents: slowed(opened.intents) };
  world = await startWorld({ store });
});

afterAll(async () => {
  await world?.stop();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  beginDelayMs = 0;
  begunAt.length = 0;
});

const patches = () => world.sim.requests.filter((r) => r.method === 'PATCH' && PATCH_TR.test(r.path)).length;

describe('/track-edit <id> ref=… (a write typed as a command)', () => {
  it('acknowledges only once its intent is recorded', async () => {
    beginDelayMs = 250;
    world.sim.resetRequests();
    const sent = await world.command('/track-edit', `${DEMO.trackingRequests.created} ref=EARLY-1`);
    expect(sent.status).toBe(200);
    expect(begunAt).toHaveLength(1);
    expect(begunAt[0]).toBeLessThanOrEqual(sent.answeredAt);
    await eventually(() => patches() === 1, 'the PATCH');
  });

  it('answers in the ack that nothing was changed when the store does not record the intent within 500 ms', async () => {
    beginDelayMs = 'never';
    world.sim.resetRequests();
    const sent = await world.command('/track-edit', `${DEMO.trackingRequests.created} ref=EARLY-2`);
    expect(sent.status).toBe(200);
    expect(sent.elapsedMs).toBeGreaterThanOrEqual(450);
    expect(sent.elapsedMs).toBeLessThan(2_000);
    expect(sent.body).toContain("can't reach its database right now, so nothing was changed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(patches()).toBe(0);
  });
});

describe('a Rotate click (a write button)', () => {
  it('acknowledges only once its intent is recorded, and tells the person privately when the store is too slow', async () => {
    const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    world.sim.resetRequests();
    beginDelayMs = 250;
    const first = await click(world, card, findElement(card, ACTION.documentRotate90));
    expect(begunAt[0]).toBeLessThanOrEqual(first.answeredAt);

    beginDelayMs = 'never';
    const second = await click(world, card, findElement(card, ACTION.documentRotate180));
    expect(second.status).toBe(200);
    expect(second.elapsedMs).toBeLessThan(2_000);
    await eventually(
      () =>
        world.responseUrls
          .postsTo(second.responseUrl)
          .some((post) => /nothing was changed/.test(JSON.stringify(post.body))),
      'the private store-unavailable notice',
    );
    const rotations = world.sim.requests.filter((r) => r.method === 'POST' && ROTATE.test(r.path));
    expect(rotations).toHaveLength(1);
  });
});
