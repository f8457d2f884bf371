import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../../src/cards/ids.js';
import { renderEmailSubmissionCard } from '../../../../src/cards/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { signSlackRequest } from '../../../../src/workspace/bot-link/sign.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { blockAction, interactionBody } from '../../../helpers/slack/payloads.js';
import { click, postCard, textOf, threadReply, writes } from './world.js';

const ROTATE_IDS: readonly string[] = [
  ACTION.documentRotate90,
  ACTION.documentRotate180,
  ACTION.documentRotate270,
];

async function emailCard(harness: BotHarness, submissionId: string) {
  const detail = await harness.tracking.getEmailSubmission(submissionId);
  const downloadUrls: Record<string, string> = {};
  for (const document of detail.documents) {
    downloadUrls[document.id] = await harness.tracking.getDocumentDownloadUrl(document.id);
  }
  const card = await postCard(harness, renderEmailSubmissionCard(detail, { now: new Date(), downloadUrls }));
  return { card, detail, downloadUrls };
}

function pngLinkIn(text: string): string {
  return text.match(new RegExp(`documents/${DEMO.documents.png}/file\\?[^"|>\\s]*`))?.[0] ?? '';
}

function rotateButtonsIn(blocks: unknown): string[] {
  return (JSON.stringify(blocks).match(/"action_id":"document_rotate_\d+"/g) ?? []).map((m) =>
    m.slice(13, -1),
  );
}

describe('rotating a scanned document through signed HTTP', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('rotates a PNG, re-renders the card with its new download URL and records it in the thread', async () => {
    const { card, detail, downloadUrls } = await emailCard(harness, DEMO.emailSubmissions.withImages);
    const png = detail.documents.find((document) => document.id === DEMO.documents.png);
    expect(rotateButtonsIn(card.blocks).length).toBeGreaterThan(0);
    harness.sim.resetRequests();
    await click(harness, card, { actionId: ACTION.documentRotate90, value: DEMO.documents.png });
    const update = await harness.waitForCall('chat.update', { ts: card.ts });
    expect(downloadUrls[DEMO.documents.png]).toMatch(/rotation=0/);
    expect(pngLinkIn(JSON.stringify(card.blocks))).toMatch(/rotation=0/);
    // The simulator's presigned URL names the rotation it serves: the card now links the rotated image.
    expect(pngLinkIn(textOf(update))).toMatch(/rotation=90/);
    expect(writes(harness)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/documents/${DEMO.documents.png}/rotate`,
        status: 202,
      }),
    ]);
    const audit = await threadReply(harness, card);
    const name = png?.name ?? png?.fileName ?? '';
    expect(String(audit.args.text)).toBe(`🔄 <@U0ALICE> rotated \`${name}\` 90°`);
  });

  it('offers no rotate buttons on a submission of PDFs only', async () => {
    const { card } = await emailCard(harness, DEMO.emailSubmissions.pdfOnly);
    expect(rotateButtonsIn(card.blocks)).toEqual([]);
    for (const id of ROTATE_IDS) expect(JSON.stringify(card.blocks)).not.toContain(id);
  });

  it('explains that only images rotate when the API refuses a PDF', async () => {
    const { card } = await emailCard(harness, DEMO.emailSubmissions.withImages);
    const answer = await click(harness, card, {
      actionId: ACTION.documentRotate180,
      value: DEMO.documents.pdf,
    });
    const post = await harness.responseUrls.waitForPost(answer.responseUrl);
    expect(JSON.stringify(post.body)).toMatch(/only image documents/);
    expect(harness.slack.callsTo('chat.postMessage', { thread_ts: card.ts })).toHaveLength(0);
  });

  it('rotates once when the button is double-clicked', async () => {
    const { card } = await emailCard(harness, DEMO.emailSubmissions.withImages);
    harness.sim.resetRequests();
    const button = { actionId: ACTION.documentRotate270, value: DEMO.documents.jpeg };
    const answers = await Promise.all([click(harness, card, button), click(harness, card, button)]);
    for (const answer of answers) expect(answer.status).toBe(200);
    await threadReply(harness, card);
    const rotations = writes(harness).filter((request) => request.path.endsWith('/rotate'));
    expect(rotations).toHaveLength(1);
    expect(harness.slack.callsTo('chat.postMessage', { thread_ts: card.ts })).toHaveLength(1);
    expect(harness.logs.filter((line) => line.msg === 'write' && line.outcome === 'duplicate')).toHaveLength(
      1,
    );
  });

  it('rotates once when Slack re-sends the same payload (X-Slack-Retry-Num)', async () => {
    const { card } = await emailCard(harness, DEMO.emailSubmissions.withImages);
    harness.sim.resetRequests();
    const body = interactionBody(
      blockAction({
        actionId: ACTION.documentRotate90,
        value: DEMO.documents.jpeg,
        responseUrl: harness.responseUrls.newUrl(),
        container: {
          kind: 'message',
          channelId: card.channelId,
          messageTs: card.ts,
          messageBlocks: card.blocks,
        },
      }),
    );
    const first = await harness.postRaw(body, { ...signSlackRequest(harness.secrets.signingSecret, body) });
    await threadReply(harness, card);
    // Slack signs a retry anew, a moment later (an identical signature is a replay, refused before routing).
    const retry = await harness.postRaw(body, {
      ...signSlackRequest(harness.secrets.signingSecret, body, Date.now() + 1_000),
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_timeout',
    });
    expect([first.status, retry.status]).toEqual([200, 200]);
    await expect
      .poll(() => harness.logs.some((line) => line.msg === 're-sent interaction dropped'))
      .toBe(true);
    expect(writes(harness).filter((request) => request.path.endsWith('/rotate'))).toHaveLength(1);
  });
});
