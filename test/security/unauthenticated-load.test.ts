/**
 * What an attacker without the signing secret can make the bot do: nearly nothing. A request without Slack's
 * signature headers is refused before its body is read, a body larger than Slack ever sends is refused, only a bounded
 * number of bodies are read at once, and a flood of such requests neither grows memory without bound nor delays the
 * acknowledgement of Slack's real requests. A signed request replayed within Slack's 5-minute window writes nothing.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, SET_FIELD_OPTION_PREFIX } from '../../src/cards/ids.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';
import { click, findElement, postCard } from '../helpers/hardening/cards.js';
import { openCustomFieldForm, saveCustomField } from '../helpers/hardening/modals.js';
import { startWorld, type World } from '../helpers/hardening/world.js';

/** POSTs `size` bytes to /slack/events with `headers`, resolving with the status and when it came. */
function post(
  url: string,
  headers: Record<string, string>,
  size: number,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const target = new URL('/slack/events', url);
    const req = httpRequest(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(size),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The bot may close the connection while the rest of a refused body is still being sent.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET')
        resolve({ status: -1, ms: performance.now() - started });
      else reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('requests without the signing secret', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('refuses a request with no signature headers before reading its 4 MB body', async () => {
    const answer = await post(world.url, {}, 4 * 1024 * 1024);
    expect([401, -1]).toContain(answer.status);
    expect(world.logs).toContainEqual(
      expect.objectContaining({
        msg: 'refused a request to the Slack endpoint',
        reason: 'the request carries no Slack signature',
      }),
    );
  });

  it('refuses a body larger than Slack sends, even with signature headers', async () => {
    const headers = {
      'x-slack-signature': `v0=${'0'.repeat(64)}`,
      'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
    };
    const answer = await post(world.url, headers, 2 * 1024 * 1024);
    expect([413, -1]).toContain(answer.status);
  });

  it('keeps memory bounded and real commands acknowledged under 300 concurrent forged posts', async () => {
    const before = process.memoryUsage().rss;
    const forged = Array.from({ length: 300 }, (_, index) =>
      post(
        world.url,
        index % 2 === 0
          ? {}
          : {
              'x-slack-signature': 'v0=deadbeef',
              'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
            },
        900 * 1024,
      ),
    );
    const real = await world.command('/shipment', DEMO.shipments.slippedEta.bl);
    const answers = await Promise.all(forged);
    const after = process.memoryUsage().rss;
    expect(real.status).toBe(200);
    expect(real.elapsedMs).toBeLessThan(3_000);
    expect(answers.every((answer) => answer.status !== 200)).toBe(true);
    // 300 × 900 KB is 264 MB if every body were read at once; at most 64 are read at a time.
    expect(after - before).toBeLessThan(120 * 1024 * 1024);
  }, 30_000);
});

describe('a signed request sent again within the replay window', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('is answered but writes nothing the second time', async () => {
    const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    world.sim.resetRequests();
    const first = await click(world, card, findElement(card, ACTION.documentRotate90));
    // The same bytes under one signature, sent twice: an attacker replaying a request they captured.
    const signed = signSlackRequest(world.secrets.signingSecret, first.rawBody, Date.now() + 1_000);
    const headers = { 'content-type': 'application/x-www-form-urlencoded', ...signed };
    expect((await world.postRaw(first.rawBody, headers)).status).toBe(200);
    const replay = await world.postRaw(first.rawBody, headers);
    expect(replay.status).toBe(200);
    await expect
      .poll(() =>
        world.logs.some((line) => line.msg === 'a signed request was replayed; answered and ignored'),
      )
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(world.sim.requests.filter((request) => request.path.endsWith('/rotate'))).toHaveLength(1);
  });

  // Found by probing: Bolt compares only what follows the first `=` of the signature, so variants of one captured
  // header (`v0=<digest>=x`, `=y`, …) each looked new to a guard keyed on the header, and a form replayed under
  // them 6 s later wrote again.
  it('refuses a captured form replayed under variants of its signature header, and writes once', async () => {
    const card = await postCard(world, '/shipment', DEMO.shipments.slippedEta.bl);
    const form = await openCustomFieldForm(
      world,
      card,
      findElement(card, ACTION.containerOverflow, SET_FIELD_OPTION_PREFIX),
    );
    world.sim.resetRequests();
    const saved = await saveCustomField(world, form, 'PO-REPLAYED');
    expect(saved.status).toBe(200);
    const captured = signSlackRequest(world.secrets.signingSecret, saved.rawBody, Date.now() + 1_000);
    const headers = { 'content-type': 'application/x-www-form-urlencoded', ...captured };
    expect((await world.postRaw(saved.rawBody, headers)).status).toBe(200);
    for (const suffix of ['=x', '=y', '=', '==']) {
      const variant = { ...headers, 'x-slack-signature': `${captured['x-slack-signature']}${suffix}` };
      expect((await world.postRaw(saved.rawBody, variant)).status).toBe(401);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const writes = world.sim.requests.filter(
      (request) => request.method === 'PATCH' && /custom_fields/.test(request.path),
    );
    expect(writes).toHaveLength(1);
  });
});
