/**
 * Bad input over the real wire: a few hundred generated commands, interaction payloads and broken bodies, signed and
 * POSTed to the running bot. Every one gets a clean HTTP answer (200 or 4xx, never 5xx, never silence) within Slack's
 * window, every command gets a visible reply, and afterwards the bot still serves a normal card with no unhandled
 * rejection. Two specific shapes that break it today are pinned below with the bug they show.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, VIEW } from '../../src/cards/ids.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { formBody, interactionFields } from '../../src/workspace/bot-link/payloads.js';
import { waitForAnswer } from '../helpers/hardening/answers.js';
import { actionCase, commandCase, viewCase } from '../helpers/hardening/arbitraries.js';
import {
  bodyFor,
  type CaseIds,
  type GeneratedCase,
  PROPERTY_GUEST,
  surfaceProblems,
  surfacesFor,
} from '../helpers/hardening/case-runner.js';
import { seedFromEnvironment } from '../helpers/hardening/property-report.js';
import {
  describeReasons,
  type RejectionRecorder,
  recordUnhandledRejections,
} from '../helpers/hardening/unhandled-rejections.js';
import { type HttpAnswer, startWorld, type World } from '../helpers/hardening/world.js';
import { nextId } from '../helpers/slack/payloads.js';

const SLACK_WINDOW_MS = 3_000;
const KNOWN_ACTIONS = new Set<unknown>(Object.values(ACTION));
/** Views with a submission listener (the loading view has no Save button). */
const KNOWN_VIEWS = new Set<unknown>([VIEW.customField, VIEW.trackEdit]);
const seed = seedFromEnvironment(process.env.FC_SEED, 20_251_122);

let world: World;
let rejections: RejectionRecorder;

beforeAll(async () => {
  rejections = recordUnhandledRejections();
  world = await startWorld();
  world.slack.setUser({ id: PROPERTY_GUEST, isRestricted: true });
});

afterAll(async () => {
  await world?.stop();
  rejections?.uninstall();
});

/** The form body Slack would POST for a generated case. */
function formBodyFor(generated: GeneratedCase, ids: CaseIds): string {
  const body = bodyFor(generated, ids);
  if (generated.kind !== 'command') return formBody(interactionFields(body));
  return formBody(Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])));
}

/** Sends every case signed, all at once, and returns the problems found. */
async function sendSigned(cases: readonly GeneratedCase[]): Promise<string[]> {
  const sent = await Promise.all(
    cases.map(async (generated) => {
      const ids: CaseIds = {
        channelId: nextId('CHTTP'),
        responseUrl: world.responseUrls.newUrl(),
        triggerId: nextId('TRIGHTTP'),
      };
      const answer = await world.postSigned(formBodyFor(generated, ids)).catch(
        (error: unknown): HttpAnswer => ({
          status: 0,
          body: String(error),
          elapsedMs: Number.NaN,
          answeredAt: Date.now(),
        }),
      );
      return { generated, ids, answer };
    }),
  );
  const problems: string[] = [];
  for (const { generated, ids, answer } of sent) {
    const label = JSON.stringify(generated).slice(0, 240);
    // Ids without a listener wait out Bolt's 3 s unhandled-request timer; that is pinned once, below.
    const unowned =
      (generated.kind === 'action' && !KNOWN_ACTIONS.has(generated.actionId)) ||
      (generated.kind === 'view' && !KNOWN_VIEWS.has(generated.callbackId));
    if (answer.status === 0) problems.push(`no HTTP answer (${answer.body}) for ${label}`);
    else if (answer.status >= 500) problems.push(`HTTP ${answer.status} for ${label}`);
    else if (!unowned && answer.elapsedMs > SLACK_WINDOW_MS) {
      problems.push(`answered after ${Math.round(answer.elapsedMs)} ms for ${label}`);
    }
    if (generated.kind === 'command') {
      const target = { ...ids, userId: '', startedAt: performance.now(), callsBefore: 0 };
      const replied = await waitForAnswer(world, target, () => true, 12_000).then(
        () => true,
        () => surfacesFor(world, ids).length > 0,
      );
      if (!replied) problems.push(`no visible reply for ${label}`);
    }
    problems.push(...surfaceProblems(surfacesFor(world, ids)).map((problem) => `${problem} for ${label}`));
  }
  return problems;
}

/** Form bodies that are not what Slack sends: broken JSON, wrong encodings, stray fields, nothing at all. */
const brokenBody = fc
  .oneof(
    fc.string({ maxLength: 200 }).map((text) => `payload=${encodeURIComponent(`{${text}`)}`),
    fc.string({ maxLength: 200 }).map((text) => `payload=${text}`),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.constantFrom(
      '',
      'payload=',
      'payload=%7B%7D',
      'payload=42',
      'payload=%22text%22',
      'payload=%5B%5D',
      'payload=%5Bnull%5D',
      '&&&===%%%',
      'command=&text=',
      'command=%2Fshipment',
      `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', actions: 'nope', user: { id: 'U1' } }))}`,
      `payload=${encodeURIComponent(JSON.stringify({ type: 'view_submission', user: { id: 'U1' } }))}`,
      `payload=${encodeURIComponent(JSON.stringify({ type: 'mystery', user: { id: 'U1' } }))}`,
    ),
    // `payload=null` is left out here: it is pinned on its own below (it leaves the request hanging).
  )
  .filter((body) => !/^payload=null$/i.test(body.trim()));

describe('generated input over signed HTTP', () => {
  it('gives every generated command a clean, timely answer and a visible reply', async () => {
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(commandCase, { minLength: 25, maxLength: 25 }), async (cases) => {
        problems.push(...(await sendSigned(cases)));
      }),
      { numRuns: 6, seed, endOnFailure: true },
    );
    expect(problems).toEqual([]);
  }, 90_000);

  it('gives every generated interaction payload a clean answer', async () => {
    const problems: string[] = [];
    // Mostly ids with a listener: the unowned ones each cost Bolt's 3 s timer and are pinned once below.
    const owned = (generated: GeneratedCase) =>
      generated.kind === 'action'
        ? KNOWN_ACTIONS.has(generated.actionId)
        : generated.kind === 'view'
          ? KNOWN_VIEWS.has(generated.callbackId)
          : true;
    const interaction = fc.oneof(actionCase, actionCase, viewCase).filter(owned);
    await fc.assert(
      fc.asyncProperty(fc.array(interaction, { minLength: 25, maxLength: 25 }), async (cases) => {
        problems.push(...(await sendSigned(cases)));
      }),
      { numRuns: 6, seed, endOnFailure: true },
    );
    expect(problems).toEqual([]);
  }, 90_000);

  it('answers broken bodies with a 4xx or 200, never a 5xx or silence', async () => {
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(brokenBody, { minLength: 50, maxLength: 50 }), async (bodies) => {
        const answers = await Promise.all(
          bodies.map((body) =>
            world.postSigned(body).catch(
              (error: unknown): HttpAnswer => ({
                status: 0,
                body: String(error),
                elapsedMs: 0,
                answeredAt: Date.now(),
              }),
            ),
          ),
        );
        answers.forEach((answer, index) => {
          if (answer.status === 0 || answer.status >= 500) {
            problems.push(
              `HTTP ${answer.status || 'no answer'} for ${JSON.stringify(bodies[index]).slice(0, 200)}`,
            );
          }
        });
      }),
      { numRuns: 2, seed, endOnFailure: true },
    );
    expect([...new Set(problems)]).toEqual([]);
  }, 90_000);

  it('still serves a normal card afterwards, with no unhandled rejection', async () => {
    const sent = await world.command('/shipment', DEMO.shipments.slippedEta.bl);
    const answer = await waitForAnswer(world, sent);
    expect(answer.via).toBe('message');
    expect(describeReasons(rejections.reasons)).toEqual([]);
  });
});

describe('shapes that break the bot today', () => {
  // Bug: a click on a button without a listener (a card posted by an older version) is never acknowledged; Bolt's
  // unhandled-request timer answers 404 only after 3001 ms, past Slack's 3 s, so the person sees a timeout warning.
  it('answers a click on a button it has no listener for within Slack’s 3 seconds', async () => {
    const card = {
      actionId: 'shipment_refresh_v0',
      value: DEMO.shipments.slippedEta.id,
      container: { kind: 'message' as const, channelId: nextId('C'), messageTs: '1700000000.000001' },
    };
    const sent = await world.action(card);
    expect(sent.status).toBeLessThan(500);
    expect(sent.elapsedMs).toBeLessThan(SLACK_WINDOW_MS);
  });

  // Bug: Bolt's buildSource reads `body.view.app_installed_team_id` before any listener runs, so processEvent rejects
  // and the HTTP receiver's default processEventErrorHandler answers 500.
  it('answers a signed view_submission that carries no view with a 4xx, not a 500', async () => {
    const body = `payload=${encodeURIComponent(JSON.stringify({ type: 'view_submission', user: { id: 'U1' } }))}`;
    const answer = await world.postSigned(body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  // Bug: a signed interaction whose payload is JSON `null` makes Bolt's HTTPReceiver read `null.ssl_check`
  // (HTTPReceiver.js, after parseHTTPRequestBody): an unhandled rejection, and the request is never answered.
  it('answers a signed interaction whose payload is JSON null with a 4xx', async () => {
    const answer = await world.postSigned('payload=null', {}, 4_000).catch(
      (error: unknown): HttpAnswer => ({
        status: 0,
        body: String(error),
        elapsedMs: 0,
        answeredAt: Date.now(),
      }),
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  }, 15_000);
});
