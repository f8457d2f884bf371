import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

describe('/email-submission through signed HTTP requests', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('posts the submission card with a download link for each of its documents, the PDF too', async () => {
    harness.sim.resetRequests();
    const sent = await harness.command('/email-submission', DEMO.emailSubmissions.withImages);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
    const downloads = (harness.sim.requests ?? [])
      .filter((request) => request.path.includes('download_url'))
      .map((request) => request.path);
    expect(downloads).toHaveLength(3);
    expect(downloads.some((path) => path.includes(DEMO.documents.png))).toBe(true);
    expect(downloads.some((path) => path.includes(DEMO.documents.jpeg))).toBe(true);
    expect(downloads.some((path) => path.includes(DEMO.documents.pdf))).toBe(true);
  });

  it('says privately, in ops words, that there is no such submission', async () => {
    const sent = await harness.command('/email-submission', 'no-such-submission');
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(reply.text).toContain("Couldn't find the email submission *no-such-submission*");
    expect(reply.text).not.toMatch(/not_found|HTTP 404|Error:/);
  });
});
