/**
 * What docs/architecture.md promises: a new command, button or event surface is an adapter (its declaration, one line
 * in its table) + a feature + a card + tests, and nothing else. Here one feature ("how many containers does this
 * shipment have?") and one card are written in the test, then reached three ways — a slash command, a button on the
 * card, and an app mention — by adding only an adapter to each table of a real bot, driven through signed HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, button, section } from '../../../src/cards/blocks.js';
import { escapeMrkdwn } from '../../../src/cards/format/mrkdwn.js';
import type { SlackMessage } from '../../../src/cards/types.js';
import { type FeatureContext, trackingOf } from '../../../src/features/context.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import type { ButtonSpec } from '../../../src/slack/actions/button.js';
import { guarded } from '../../../src/slack/commands/answers.js';
import type { CommandSpec } from '../../../src/slack/commands/command.js';
import type { EventSpec } from '../../../src/slack/events/index.js';
import { APP_SURFACES } from '../../../src/slack/surfaces.js';
import { resolveShipment } from '../../../src/tracking/resolver.js';
import { type BotHarness, startBotHarness } from '../../helpers/slack/bot-harness.js';
import { TEST_CHANNEL, TEST_TEAM, TEST_USER } from '../../helpers/slack/payloads.js';

// The feature: Slack-agnostic, reads through the tenant's account.
interface ContainerCount {
  number: string;
  containers: number | null;
}
async function countContainers(ctx: FeatureContext, number: string): Promise<ContainerCount> {
  const found = await resolveShipment(trackingOf(ctx), number);
  return { number, containers: found.kind === 'shipment' ? found.detail.containers.length : null };
}

// The card: pure, model in, blocks out.
const RECOUNT = 'recount_containers';
function containerCountCard(model: ContainerCount): SlackMessage {
  const text =
    model.containers === null
      ? `${model.number}: not tracked`
      : `${model.number} has ${model.containers} container${model.containers === 1 ? '' : 's'}`;
  return { text, blocks: [section(escapeMrkdwn(text)), actions([button('Recount', RECOUNT, model.number)])] };
}

// The three adapters.
const countCommand: CommandSpec = {
  slash: '/count-containers',
  words: ['count-containers'],
  usage: '/count-containers <number>',
  description: 'How many containers a shipment has.',
  examples: () => ['/count-containers MAEU123'],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/count-containers', async (invocation) => {
      const model = await countContainers(invocation.features, invocation.text.trim());
      await invocation.replier.card(containerCountCard(model), 'channel');
    }),
};

const recountButton: ButtonSpec = {
  actionIds: [RECOUNT],
  access: 'read',
  create: () => async (click) => {
    await click.replier.replaceCard(
      containerCountCard(await countContainers(click.features, click.ctx.value)),
    );
  },
};

const mentionEvent: EventSpec = {
  event: 'app_mention',
  create: () => async (delivery) => {
    const number = String(delivery.event.text ?? '')
      .replace(/<@[^>]+>/g, '')
      .trim();
    await delivery.replier?.followUp(containerCountCard(await countContainers(delivery.features, number)));
  },
};

const BL = DEMO.shipments.manyContainers.booking;
/** The first request of a fresh bot loads its listeners' modules: generous on a loaded machine, never a retry. */
const WAIT_MS = 15_000;

describe('adding a surface: an adapter in its table, a feature and a card', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness({
      surfaces: {
        commands: [...APP_SURFACES.commands, countCommand],
        buttons: [...APP_SURFACES.buttons, recountButton],
        events: [...APP_SURFACES.events, mentionEvent],
        shortcuts: APP_SURFACES.shortcuts,
      },
    });
  });
  afterAll(() => h.stop());

  it('answers the new slash command with the new card', async () => {
    const sent = await h.command('/count-containers', BL);
    expect(sent.status).toBe(200);
    const posted = await h.waitForCall(
      'chat.postMessage',
      (call) => String(call.args.text).includes(BL),
      WAIT_MS,
    );
    expect(posted.args.text).toMatch(new RegExp(`^${BL} has \\d+ containers$`));
  });

  it('runs the new button on that card through the button runner', async () => {
    h.resetRecords();
    await h.action({
      actionId: RECOUNT,
      value: BL,
      container: { kind: 'message', channelId: TEST_CHANNEL.id, messageTs: '1700000000.000100' },
    });
    const updated = await h.waitForCall('chat.update', undefined, WAIT_MS);
    expect(updated.args).toMatchObject({ ts: '1700000000.000100', text: expect.stringContaining(BL) });
  });

  it('answers the new event in the thread of the message that mentioned the app', async () => {
    h.resetRecords();
    const body = JSON.stringify({
      type: 'event_callback',
      team_id: TEST_TEAM.id,
      api_app_id: 'A0SHIPWATCH',
      event_id: 'Ev0ADDING1',
      event_time: Math.floor(Date.now() / 1000),
      event: {
        type: 'app_mention',
        user: TEST_USER.id,
        channel: TEST_CHANNEL.id,
        text: `<@U0BOT> ${BL}`,
        ts: '1700000000.000200',
        event_ts: '1700000000.000200',
      },
    });
    const answer = await h.postSigned(body, { 'content-type': 'application/json' });
    expect(answer.status).toBe(200);
    const posted = await h.waitForCall(
      'chat.postMessage',
      (call) => String(call.args.text).includes(BL),
      WAIT_MS,
    );
    expect(posted.args).toMatchObject({ channel: TEST_CHANNEL.id, thread_ts: '1700000000.000200' });
  });
});
