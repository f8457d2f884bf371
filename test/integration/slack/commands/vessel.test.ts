import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

describe('/vessel through signed HTTP requests', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('posts the vessel card with a week of positions when given an IMO number', async () => {
    const sent = await harness.command('/vessel', `IMO ${DEMO.vessels.withPositions.imo}`);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    expect(reply.text).toContain(DEMO.vessels.withPositions.name);
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
    const vesselRequests = harness.sim.requests.filter((request) => request.path.includes('/vessels/')) ?? [];
    const query = decodeURIComponent(vesselRequests.at(-1)?.query ?? '');
    expect(query).toContain('show_positions[from_timestamp]');
  });

  it('posts the vessel card when given the vessel id', async () => {
    const sent = await harness.command('/vessel', DEMO.vessels.moored.id);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    expect(reply.text).toContain(DEMO.vessels.moored.name);
  });

  it('says privately, in ops words, that no vessel has that IMO', async () => {
    const sent = await harness.command('/vessel', 'IMO 9999998');
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(reply.text).toContain("Couldn't find a vessel with IMO or id *9999998*");
    expect(reply.text).not.toMatch(/not_found|HTTP 404|Error:/);
  });

  it('shows the usage privately when no vessel was given', async () => {
    const sent = await harness.command('/vessel', '');
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(reply.text).toMatch(/^Usage: \/vessel/);
  });
});

describe('/vessel for an account without the routing-data feature', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({ apiKey: DEMO.apiKeys.noRouting });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('still shows the vessel, and explains that positions need the feature', async () => {
    const sent = await harness.command('/vessel', DEMO.vessels.withPositions.imo);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    expect(reply.text).toContain(DEMO.vessels.withPositions.name);
    expect(JSON.stringify(reply.blocks)).toMatch(/routing data/i);
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
  });
});
