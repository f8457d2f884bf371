/**
 * Stopping the bot (SIGTERM from an orchestrator) while acknowledged commands still wait on a slow API: each person
 * is told Shipwatch restarted and to try again, and the stop is over within about 10 seconds.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { startBotHarness } from '../../../helpers/slack/bot-harness.js';

describe('stopping while commands are still being answered', () => {
  it('tells each waiting person, and stops within the bound', async () => {
    // The API hangs far longer than the stop may take.
    const harness = await startBotHarness({ simulator: { latencyMs: 30_000 } });
    const sent = await Promise.all([
      harness.command('/shipment', DEMO.shipments.slippedEta.bl),
      harness.command('/vessel', DEMO.vessels.withPositions.imo),
    ]);
    for (const command of sent) expect(command.status).toBe(200);
    const started = performance.now();
    const told = Promise.all(
      sent.map((command) =>
        harness.responseUrls.waitForPost(
          command.responseUrl,
          (post) => /restarted/.test(JSON.stringify(post.body)),
          12_000,
        ),
      ),
    );
    await harness.stop();
    const posts = await told;
    expect(performance.now() - started).toBeLessThan(10_500);
    for (const post of posts) expect(post.body).toMatchObject({ response_type: 'ephemeral' });
  }, 30_000);
});

describe('stopping while a request is half sent', () => {
  it('does not wait for the rest of it', async () => {
    const harness = await startBotHarness();
    const { hostname, port } = new URL(harness.url);
    const socket = connect({ host: hostname, port: Number(port) });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers that promise a body, then only part of it: the sender goes quiet.
    socket.write(
      'POST /slack/events HTTP/1.1\r\nHost: x\r\nx-slack-signature: v0=00\r\nx-slack-request-timestamp: 1\r\n' +
        'content-type: application/x-www-form-urlencoded\r\ncontent-length: 1000\r\n\r\ncommand=%2Fship',
    );
    socket.on('error', () => {});
    const started = performance.now();
    await harness.stop();
    expect(performance.now() - started).toBeLessThan(3_000);
    socket.destroy();
  });
});
