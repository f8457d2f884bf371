/**
 * A response_url is where a command's or a click's answer goes, and it arrives inside the payload. Shipwatch posts
 * only to Slack's hosts (or the configured stand-in's), so a payload naming another host cannot make the bot send a
 * card there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { isAllowedResponseUrl } from '../../../../src/slack/delivery/response-url.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { TEST_USER } from '../../../helpers/slack/payloads.js';

describe('response_url hosts', () => {
  it("allows Slack's hosts over HTTPS and the stand-in's host, nothing else", () => {
    expect(isAllowedResponseUrl('https://hooks.slack.com/commands/T1/2/x', null)).toBe(true);
    expect(isAllowedResponseUrl('https://hooks.slack-gov.com/actions/T1/2/x', null)).toBe(true);
    expect(isAllowedResponseUrl('http://hooks.slack.com/commands/T1/2/x', null)).toBe(false);
    expect(isAllowedResponseUrl('https://hooks.slack.com.evil.test/x', null)).toBe(false);
    expect(isAllowedResponseUrl('https://evilslack.com/x', null)).toBe(false);
    expect(isAllowedResponseUrl('http://127.0.0.1:9/hook', 'http://127.0.0.1:4000/api/')).toBe(true);
    expect(isAllowedResponseUrl('http://localhost:9/hook', 'http://127.0.0.1:4000/api/')).toBe(false);
    expect(isAllowedResponseUrl('not a url', 'http://127.0.0.1:4000/api/')).toBe(false);
  });
});

describe('a command whose response_url names another host', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('never posts to it, and still answers the person through Slack', async () => {
    // Same machine, other name: the catcher would receive the post if the bot sent it.
    const foreign = harness.responseUrls.newUrl().replace('127.0.0.1', 'localhost');
    const sent = await harness.command('/shipment', `${DEMO.shipments.slippedEta.bl} private`, {
      responseUrl: foreign,
    });
    expect(sent.status).toBe(200);
    const channelId = sent.channelId;
    const shown = await harness.waitForCall('chat.postEphemeral', { channel: channelId, user: TEST_USER.id });
    expect(String(shown.args.text)).toContain(DEMO.shipments.slippedEta.bl);
    expect(harness.responseUrls.posts.filter((post) => post.url.includes('localhost'))).toEqual([]);
  });
});
