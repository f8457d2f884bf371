/**
 * Injection: API data and user input are data, never markup. The simulator serves a shipment, its containers,
 * ports and terminals, a vessel, tracking requests and an email submission whose every free-text value carries
 * `<!channel>`, `<@U…>`, `<https://evil|click>`, `*bold*`, right-to-left overrides and, in places, 10 000
 * characters. Whatever the bot then shows — cards, refreshed cards, thread lines, modals, ephemerals — has no live
 * control sequence in any mrkdwn text, no bidi override anywhere, the control sequences visibly escaped, and stays
 * within Block Kit limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, SET_FIELD_OPTION_PREFIX } from '../../src/cards/ids.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { findBlockKitViolations } from '../helpers/block-kit-validator.js';
import { eventually, waitForAnswer } from '../helpers/hardening/answers.js';
import { click, elementsOf, findElement, type PostedCard, postCard } from '../helpers/hardening/cards.js';
import { openCustomFieldForm, openTrackEditForm, saveCustomField } from '../helpers/hardening/modals.js';
import {
  allStrings,
  BIDI_CONTROLS,
  liveControlSequences,
  mrkdwnStrings,
} from '../helpers/hardening/mrkdwn-scan.js';
import { INJECTION, type PoisonedData, writePoisonedDataDir } from '../helpers/hardening/poison.js';
import { startWorld, type World } from '../helpers/hardening/world.js';
import { TEST_USER } from '../helpers/slack/payloads.js';

let world: World;
let poisoned: PoisonedData;

beforeAll(async () => {
  poisoned = await writePoisonedDataDir();
  world = await startWorld({ simulator: { dataDir: poisoned.dir } });
});

afterAll(async () => {
  await world?.stop();
  poisoned?.cleanup();
});

interface Surface {
  where: string;
  surface: Record<string, unknown>;
}

interface Mark {
  calls: number;
  posts: number;
}

/** Where the records stand now; a scenario checks only what was shown after its mark. */
function mark(): Mark {
  return { calls: world.slack.calls.length, posts: world.responseUrls.posts.length };
}

/** Every message, update, ephemeral, modal and response_url body the bot has sent since `from`. */
function everythingShown(from: Mark = { calls: 0, posts: 0 }): Surface[] {
  const shown: Surface[] = [];
  for (const [index, call] of world.slack.calls.entries()) {
    if (index < from.calls) continue;
    if (call.method.startsWith('chat.'))
      shown.push({ where: `${call.method} #${index}`, surface: call.args });
    if (call.method.startsWith('views.') && isRecord(call.args.view)) {
      shown.push({ where: `${call.method} #${index}`, surface: call.args.view });
    }
  }
  for (const [index, post] of world.responseUrls.posts.entries()) {
    if (index < from.posts) continue;
    shown.push({ where: `response_url post #${index}`, surface: post.body });
  }
  return shown;
}

function limitViolations(surface: Record<string, unknown>): string[] {
  if (surface.type !== 'modal' && !Array.isArray(surface.blocks)) {
    const text = typeof surface.text === 'string' ? surface.text : '';
    return text.length > 0 && text.length <= 40_000 ? [] : [`text: ${text.length} chars`];
  }
  return findBlockKitViolations(surface).map((violation) => `${violation.path}: ${violation.problem}`);
}

/** The assertions every scenario ends with, over everything shown since `from`. */
function expectAllInert(from: Mark): void {
  const shown = everythingShown(from);
  expect(shown.length).toBeGreaterThan(0);
  for (const { where, surface } of shown) {
    expect(liveControlSequences(surface, { allowedUsers: [TEST_USER.id] }), where).toEqual([]);
    // Visible text only: private_metadata and button values are machine data nobody reads.
    const visible = allStrings(surface).filter(({ path }) => /(^|\.)(text|alt_text)$/.test(path));
    const bidi = visible.filter(({ text }) => BIDI_CONTROLS.test(text));
    expect(
      bidi.map(({ path }) => path),
      `${where}: bidi controls`,
    ).toEqual([]);
    const styled = mrkdwnStrings(surface).filter(({ text }) => text.includes('*PWNED-BOLD*'));
    expect(
      styled.map(({ path }) => path),
      `${where}: live *bold* from data`,
    ).toEqual([]);
    expect(limitViolations(surface), where).toEqual([]);
  }
}

/** True when some mrkdwn the bot sent shows `<!channel>` as visible, escaped text. */
function showsEscapedMention(from: Mark): boolean {
  return everythingShown(from).some(({ surface }) =>
    mrkdwnStrings(surface).some(({ text }) => text.includes('&lt;!channel&gt;')),
  );
}

describe('a shipment whose data is hostile', () => {
  let card: PostedCard;

  it('is shown as a card in which nothing from the data is live markup', async () => {
    const from = mark();
    card = await postCard(world, '/shipment', DEMO.shipments.slippedEta.id);
    expect(elementsOf(card.blocks).some((element) => element.actionId === ACTION.shipmentRefresh)).toBe(true);
    expect(showsEscapedMention(from)).toBe(true);
    expectAllInert(from);
  });

  it('stays inert when refreshed in place', async () => {
    const from = mark();
    const sent = await click(world, card, findElement(card, ACTION.shipmentRefresh));
    await waitForAnswer(world, sent, (answer) => answer.via === 'update');
    expect(showsEscapedMention(from)).toBe(true);
    expectAllInert(from);
  });

  it('stays inert and within limits with 60 hostile containers, and in the full list in the thread', async () => {
    const from = mark();
    const many = await postCard(world, '/shipment', DEMO.shipments.manyContainers.id);
    const showAll = elementsOf(many.blocks).find(
      (element) => element.actionId === ACTION.shipmentShowAllContainers,
    );
    expect(showAll).toBeDefined();
    if (showAll) {
      const before = world.slack.callsTo('chat.postMessage').length;
      await click(world, many, showAll);
      await eventually(
        () => world.slack.callsTo('chat.postMessage', { thread_ts: many.ts }).length > 0,
        'the container list in the thread',
      );
      expect(world.slack.callsTo('chat.postMessage').length).toBeGreaterThan(before);
    }
    expectAllInert(from);
  });

  it('stays inert in the vessel card opened from the shipment', async () => {
    const from = mark();
    const vessel = elementsOf(card.blocks).find((element) => element.actionId === ACTION.shipmentOpenVessel);
    const sent = await world.command('/vessel', DEMO.vessels.withPositions.imo);
    await waitForAnswer(world, sent);
    if (vessel) {
      const clicked = await click(world, card, vessel);
      await waitForAnswer(world, clicked);
    }
    expect(showsEscapedMention(from)).toBe(true);
    expectAllInert(from);
  });

  it('stays inert in the custom-field form opened from a hostile container row', async () => {
    const from = mark();
    await openCustomFieldForm(
      world,
      card,
      findElement(card, ACTION.containerOverflow, SET_FIELD_OPTION_PREFIX),
    );
    expectAllInert(from);
  });
});

describe('hostile values written through the bot', () => {
  it('renders a custom-field value full of control sequences inert, in the card and in the audit line', async () => {
    const from = mark();
    const card = await postCard(world, '/shipment', DEMO.shipments.slippedEta.id);
    const form = await openCustomFieldForm(
      world,
      card,
      findElement(card, ACTION.containerOverflow, SET_FIELD_OPTION_PREFIX),
    );
    const answer = await saveCustomField(world, form, INJECTION.slice(0, 200));
    expect(answer.status).toBe(200);
    await world.slack.waitForCall('chat.postMessage', (call) => call.args.thread_ts === card.ts);
    expectAllInert(from);
  });

  it('renders a tracking-request ref and tags full of control sequences inert after /track-edit', async () => {
    const from = mark();
    const sent = await world.command(
      '/track-edit',
      `${DEMO.trackingRequests.created} ref="<!channel> *PWNED-BOLD* <https://evil.example|x>" tags="<@U0VICTIM>,<!here>"`,
    );
    await waitForAnswer(world, sent, (candidate) => candidate.via === 'message');
    await eventually(
      () =>
        world.slack.callsTo('chat.postMessage', (call) => call.args.channel === sent.channelId).length >= 2,
      'the card and its audit line',
    );
    expectAllInert(from);
  });

  it('keeps the track-edit form of a hostile tracking request inert and within limits', async () => {
    const from = mark();
    await openTrackEditForm(world, DEMO.trackingRequests.created);
    await openTrackEditForm(world, DEMO.trackingRequests.pending);
    expectAllInert(from);
  });
});

describe('an email submission whose subject, sender and file names are hostile', () => {
  it('is shown inert, and stays inert after a rotation re-renders it', async () => {
    const from = mark();
    const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    const rotate = elementsOf(card.blocks).find((element) => element.actionId === ACTION.documentRotate90);
    if (rotate) {
      await click(world, card, rotate);
      await world.slack.waitForCall('chat.postMessage', (call) => call.args.thread_ts === card.ts);
    }
    expect(showsEscapedMention(from)).toBe(true);
    expectAllInert(from);
  });
});

describe('hostile text typed by a person', () => {
  it('echoes nothing live back in usage, not-found and error answers', async () => {
    const from = mark();
    const texts = [
      '<!channel> <@U0VICTIM>',
      '<https://evil.example|click> *PWNED-BOLD*',
      '\u202Egnp.exe MAEU<!here>',
      `${'<!everyone>'.repeat(2_000)}`,
    ];
    for (const command of ['/shipment', '/vessel', '/email-submission', '/track-edit', '/shipwatch']) {
      for (const text of texts) {
        const sent = await world.command(command, text);
        await waitForAnswer(world, sent);
      }
    }
    for (const { where, surface } of everythingShown(from)) {
      const live = liveControlSequences(surface, { allowedUsers: [TEST_USER.id] });
      const echoed = live.filter(({ sequence }) => /VICTIM|evil|!channel|!here|!everyone/.test(sequence));
      expect(echoed, where).toEqual([]);
      expect(limitViolations(surface), where).toEqual([]);
    }
  });

  // Bug: renderUsageCard puts `Usage: /shipment <bill of lading | …>` in the top-level text unescaped; Slack parses
  // that fallback (notifications, screen readers) as mrkdwn and reads the placeholder as a link.
  it('shows usage whose fallback text has no unescaped <placeholders>', async () => {
    const from = mark();
    for (const command of ['/shipment', '/vessel', '/email-submission', '/track-edit']) {
      const sent = await world.command(command, '');
      await waitForAnswer(world, sent);
    }
    expectAllInert(from);
  });
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
