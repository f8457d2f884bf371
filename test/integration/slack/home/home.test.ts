/**
 * App Home through signed HTTP, with a real store and the simulator: opening the Home tab publishes the person's view
 * across the channels they are in (and only those), most urgent first, each row naming its channel and linking to
 * its card, with a welcome on the first open only; admins also see the service; Slack refusing data_table gets the
 * same Home as sections (and sections for that workspace from then on); the list buttons page, filter and hand the
 * rows on as a CSV file; each row names who took its shipment, and "Mine" keeps the person's own. Home reads stored readings only: opening it sends no request to Terminal49.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../../src/cards/ids.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { eventEnvelope } from '../../../helpers/oauth/oauth-world.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import type { FakeSlackCall } from '../../../helpers/slack/fake-slack-api.js';
import { nextId, TEST_TEAM, TEST_USER } from '../../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../../helpers/slack/watching-harness.js';
import { textOf } from '../interactions/world.js';

describe('App Home', () => {
  let watching: WatchingHarness;
  let harness: BotHarness;
  const ops = nextId('C');
  const yard = nextId('C');
  const elsewhere = nextId('C');

  beforeAll(async () => {
    watching = await startWatchingHarness('home');
    ({ harness } = watching);
    await watch(ops, DEMO.shipments.arrived.bl);
    await watch(ops, DEMO.shipments.onWater.bl);
    await watch(yard, DEMO.shipments.appointment.bl);
    await watch(elsewhere, DEMO.shipments.slippedEta.bl);
    for (let tries = 0; tries < 200; tries += 1) {
      const counts = await watching.store.watching.watches.counts();
      if ((counts[0]?.active ?? 0) >= 4) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, 30_000);
  afterAll(async () => {
    await watching?.stop();
  });

  async function watch(channelId: string, bl: string): Promise<void> {
    await harness.command('/shipwatch', `watch ${bl}`, { channelId });
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(bl),
    );
  }

  /** Clicks "Download CSV" under one of the person's Home lists; the file Shipwatch sent them. */
  async function downloadCsv(userId: string, list: string) {
    await harness.action({
      actionId: ACTION.homeCsv,
      value: list,
      userId,
      container: { kind: 'view', viewId: nextId('V') },
    });
    const completed = await harness.slack.waitForCall(
      'files.completeUploadExternal',
      (call) => call.args.channel_id === `D${userId}`,
    );
    const [listed] = JSON.parse(String(completed.args.files)) as Array<{ id: string }>;
    return harness.slack.file(listed?.id ?? '');
  }

  async function openHome(userId: string): Promise<FakeSlackCall> {
    const before = harness.slack.callsTo('views.publish').length;
    const event = { type: 'app_home_opened', user: userId, channel: `D${userId}`, tab: 'home' };
    const answer = await harness.postSigned(JSON.stringify(eventEnvelope(event, { teamId: TEST_TEAM.id })), {
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(200);
    return harness.slack.waitForCall(
      'views.publish',
      (call) =>
        call.args.user_id === userId && harness.slack.callsTo('views.publish').indexOf(call) >= before,
    );
  }

  const viewOf = (call: FakeSlackCall) =>
    call.args.view as { type: string; blocks: Array<Record<string, unknown>> };

  it('shows the person the containers of the channels they are in, most urgent first, linked to their cards, with a welcome the first time', async () => {
    const userId = nextId('U');
    harness.slack.setMemberships(userId, [ops, yard]);
    const requestsBefore = harness.sim.requests.length;

    const published = await openHome(userId);

    expect(harness.sim.requests.length).toBe(requestsBefore); // stored readings only
    const view = viewOf(published);
    expect(view.type).toBe('home');
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    const json = JSON.stringify(view);
    expect(json).toContain('Welcome to Shipwatch');
    expect(json).toContain(DEMO.containers.lfdOverdue);
    expect(json).toContain(DEMO.containers.lfdToday);
    expect(json).toContain(DEMO.containers.lfdNextWeek);
    expect(json).not.toContain(DEMO.shipments.slippedEta.bl); // a channel the person is not in
    expect(view.blocks.filter((block) => block.type === 'data_table')).toHaveLength(3);
    // Overdue first, then today; each row names its channel and links to its card.
    expect(json.indexOf(DEMO.containers.lfdOverdue)).toBeLessThan(json.indexOf(DEMO.containers.lfdToday));
    expect(json).toMatch(new RegExp(`"channel_id":"${ops}"`));
    expect(json).toMatch(new RegExp(`https://[^"]+/archives/${ops}/p\\d+`));
    // No admin section for a member who is not an admin.
    expect(json).not.toContain('Shipwatch for admins');

    const again = viewOf(await openHome(userId));
    expect(JSON.stringify(again)).not.toContain('Welcome to Shipwatch');
  });

  it('shows admins the service: the Terminal49 key, the webhook, the watch load and who may write', async () => {
    const userId = nextId('U');
    harness.slack.setUser({ id: userId, isAdmin: true });
    harness.slack.setMemberships(userId, [ops]);
    const json = JSON.stringify(viewOf(await openHome(userId)));
    expect(json).toContain('Shipwatch for admins');
    expect(json).toContain('TRACKING_API_KEY');
    expect(json).toContain('Webhook');
    expect(json).toMatch(/Watching: \d+ shipments/);
    expect(json).toContain('Who may write: every full member');
  });

  it('publishes the same Home as sections when Slack refuses data_table, and keeps to sections for that workspace', async () => {
    const userId = nextId('U');
    harness.slack.setMemberships(userId, [ops]);
    harness.slack.failNext('views.publish', { kind: 'error', error: 'invalid_blocks' });
    const before = harness.slack.callsTo('views.publish').length;
    await openHome(userId);
    const published = await harness.slack.waitForCall(
      'views.publish',
      (call) => call.ok && harness.slack.callsTo('views.publish').indexOf(call) > before,
    );
    const json = JSON.stringify(viewOf(published));
    expect(json).not.toContain('data_table');
    expect(json).toContain(DEMO.containers.lfdOverdue);
    expect(json).toContain(`<#${ops}>`);

    const other = nextId('U');
    harness.slack.setMemberships(other, [ops]);
    const next = JSON.stringify(viewOf(await openHome(other)));
    expect(next).not.toContain('data_table');
    await watching.store.members.put(TEST_TEAM.id, 'home:layout', null, 0); // back to data_table for the next tests
  });

  it('filters every list by terminal, and sends the list as shown as a CSV file to the person', async () => {
    const userId = nextId('U');
    harness.slack.setMemberships(userId, [ops, yard]);
    const first = viewOf(await openHome(userId));
    const filters = first.blocks.find((block) => block.block_id === 'home_filters') as
      | { elements: Array<{ action_id: string; options: Array<{ value: string }> }> }
      | undefined;
    const terminal = filters?.elements.find((element) => element.action_id === ACTION.homeFilterTerminal);
    expect(terminal?.options.length).toBeGreaterThan(2);
    const chosen = terminal?.options[1]?.value ?? '';

    const before = harness.slack.callsTo('views.publish').length;
    await harness.action({
      kind: 'overflow',
      actionId: ACTION.homeFilterTerminal,
      selectedValue: chosen,
      userId,
      container: { kind: 'view', viewId: nextId('V') },
    });
    const filtered = await harness.slack.waitForCall(
      'views.publish',
      (call) =>
        call.args.user_id === userId && harness.slack.callsTo('views.publish').indexOf(call) >= before,
    );
    const rows = (
      viewOf(filtered).blocks.filter((block) => block.type === 'data_table') as Array<{
        rows: Array<Array<{ text?: string }>>;
      }>
    ).flatMap((table) => table.rows.slice(1));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[4]?.text === chosen)).toBe(true);

    const requestsBefore = harness.sim.requests.length;
    const file = await downloadCsv(userId, 'attention');
    expect(harness.sim.requests.length).toBe(requestsBefore);
    expect(file?.filename).toMatch(/^shipwatch-attention-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = file?.text.trim().split('\r\n') ?? [];
    expect(lines[0]).toBe('Container,Status,LFD,ETA,Terminal,Customer,Shipment,Channel,Owner');
    expect(lines.slice(1).every((line) => line.includes(chosen))).toBe(true);
  });

  it('names who took each shipment, and keeps only the person’s own under "Mine"', async () => {
    const userId = nextId('U');
    harness.slack.setUser({ id: userId, name: 'Dana Okafor' });
    harness.slack.setMemberships(userId, [ops, yard]);
    const taken = await watching.service.find(TEST_TEAM.id, ops, DEMO.shipments.arrived.id);
    await harness.action({
      actionId: ACTION.shipmentTakeIt,
      value: DEMO.shipments.arrived.id,
      userId,
      container: { kind: 'message', channelId: ops, messageTs: taken?.cardTs ?? '' },
    });
    for (let tries = 0; tries < 200; tries += 1) {
      const owner = await watching.store.watching.alerts.owners.get(TEST_TEAM.id, DEMO.shipments.arrived.id);
      if (owner?.userId === userId) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const tablesOf = (call: FakeSlackCall) =>
      viewOf(call).blocks.filter((block) => block.type === 'data_table') as Array<{
        rows: Array<Array<{ text?: string; elements?: unknown }>>;
      }>;
    const home = await openHome(userId);
    const [heading] = tablesOf(home)[0]?.rows ?? [];
    expect(heading?.map((cell) => cell.text)).toContain('Owner');
    const owned = tablesOf(home)
      .flatMap((table) => table.rows.slice(1))
      .filter((row) => JSON.stringify(row).includes(`"user_id":"${userId}"`));
    const arrived = await harness.tracking.getShipment(DEMO.shipments.arrived.id);
    expect(owned.length).toBe(arrived.containers.filter((box) => box.number).length);
    const filters = viewOf(home).blocks.find((block) => block.block_id === 'home_filters') as
      | { elements: Array<{ action_id: string; options: Array<{ value: string; text: { text: string } }> }> }
      | undefined;
    const owner = filters?.elements.find((element) => element.action_id === ACTION.homeFilterOwner);
    expect(owner?.options.map((option) => option.text.text)).toEqual([
      "Everyone's",
      `Mine (${owned.length})`,
    ]);

    const before = harness.slack.callsTo('views.publish').length;
    await harness.action({
      kind: 'overflow',
      actionId: ACTION.homeFilterOwner,
      selectedValue: 'mine',
      userId,
      container: { kind: 'view', viewId: nextId('V') },
    });
    const mine = await harness.slack.waitForCall(
      'views.publish',
      (call) =>
        call.args.user_id === userId && harness.slack.callsTo('views.publish').indexOf(call) >= before,
    );
    const rows = tablesOf(mine).flatMap((table) => table.rows.slice(1));
    expect(rows).toHaveLength(owned.length);
    expect(rows.every((row) => JSON.stringify(row).includes(`"user_id":"${userId}"`))).toBe(true);
    // The list handed on names the owner as people outside Slack know them.
    const csvLines = (await downloadCsv(userId, 'attention'))?.text.trim().split('\r\n') ?? [];
    expect(csvLines.slice(1).filter((line) => line.endsWith(',Dana Okafor')).length).toBeGreaterThan(0);
    expect(csvLines.join('\n')).not.toContain(userId);
    // Another person's Home names the owner too, without "Mine" (they took nothing).
    const other = nextId('U');
    harness.slack.setMemberships(other, [ops]);
    const theirs = JSON.stringify(viewOf(await openHome(other)));
    expect(theirs).toContain(`"user_id":"${userId}"`);
    expect(theirs).not.toContain(ACTION.homeFilterOwner);
  });

  it('hands on the /shipwatch watching list as a CSV file', async () => {
    const sent = await harness.command('/shipwatch', 'watching', { channelId: ops });
    const list = (await harness.responseUrls.waitForPost(sent.responseUrl)).body;
    expect(JSON.stringify(list)).toContain(ACTION.watchingCsv);
    await harness.action({
      actionId: ACTION.watchingCsv,
      value: ops,
      container: { kind: 'message', channelId: ops, messageTs: '1700000000.000100', isEphemeral: true },
    });
    const completed = await harness.slack.waitForCall(
      'files.completeUploadExternal',
      (call) => call.args.channel_id === `D${TEST_USER.id}`,
    );
    const [listed] = JSON.parse(String(completed.args.files)) as Array<{ id: string }>;
    const text = harness.slack.file(listed?.id ?? '')?.text ?? '';
    expect(text).toContain(DEMO.containers.lfdOverdue);
    expect(text).toContain(DEMO.shipments.onWater.bl);
    expect(text.indexOf(DEMO.containers.lfdOverdue)).toBeLessThan(text.indexOf(DEMO.shipments.onWater.bl));
  });
});
