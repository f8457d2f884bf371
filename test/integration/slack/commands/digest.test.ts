/**
 * `/shipwatch digest` through signed HTTP, with a real store and the simulator: setting a digest reads the time in the
 * setter's own zone (users.info) and says so in the channel with who set it; `now` posts the channel's digest at once
 * from stored snapshots (no Terminal49 request); `off` stops it and says who did; a guest is refused by the write
 * policy; a time that is not one is answered with the usage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId, TEST_TEAM } from '../../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../../helpers/slack/watching-harness.js';
import { textOf } from '../interactions/world.js';

describe('/shipwatch digest', () => {
  let watching: WatchingHarness;
  let harness: BotHarness;

  beforeAll(async () => {
    watching = await startWatchingHarness('digest-command');
    ({ harness } = watching);
  });
  afterAll(async () => {
    await watching?.stop();
  });

  const watch = async (channelId: string, bl: string) => {
    await harness.command('/shipwatch', `watch ${bl}`, { channelId });
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(bl),
    );
    for (let tries = 0; tries < 100; tries += 1) {
      const watches = await watching.store.watching.watches.listByChannel(TEST_TEAM.id, channelId);
      if (watches.some((w) => w.shipmentNumber === bl)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('sets the digest at 08:00 in the setter’s own zone and says so in the channel, with who set it', async () => {
    harness.slack.setUser({ id: 'U0BERLIN', tz: 'Europe/Berlin' });
    const channelId = nextId('C');
    const sent = await harness.command('/shipwatch', 'digest 08:00 weekdays', {
      channelId,
      userId: 'U0BERLIN',
    });
    expect(sent.status).toBe(200);
    const line = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && textOf(call).includes('daily digest'),
    );
    expect(textOf(line)).toContain('<@U0BERLIN> set this channel');
    expect(textOf(line)).toContain('08:00 Europe/Berlin on working days');
    const stored = await watching.service.digests.setting(TEST_TEAM.id, channelId);
    expect(stored).toMatchObject({ hour: 8, minute: 0, timeZone: 'Europe/Berlin', workingDaysOnly: true });
  });

  it('posts the channel’s digest now, from stored snapshots, without a request to Terminal49', async () => {
    const channelId = nextId('C');
    await watch(channelId, DEMO.shipments.arrived.bl);
    const before = harness.gate.authorizations.length;
    await harness.command('/shipwatch', 'digest now', { channelId });
    const digest = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && textOf(call).startsWith('Shipwatch digest'),
    );
    const text = JSON.stringify(digest.args.blocks);
    expect(text).toContain('LFD today');
    expect(text).toContain(DEMO.containers.lfdToday);
    expect(harness.gate.authorizations.length).toBe(before);
  });

  it('stops the digest and says who did; with none set it says there is none, privately', async () => {
    const channelId = nextId('C');
    await harness.command('/shipwatch', 'digest 07:30', { channelId });
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && textOf(call).includes('set this channel'),
    );
    await harness.command('/shipwatch', 'digest off', { channelId });
    const line = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && textOf(call).includes('stopped this channel'),
    );
    expect(textOf(line)).toContain('it was 07:30');
    expect(await watching.service.digests.setting(TEST_TEAM.id, channelId)).toBeNull();
    const again = await harness.command('/shipwatch', 'digest off', { channelId });
    const note = JSON.stringify((await harness.responseUrls.waitForPost(again.responseUrl)).body);
    expect(note).toContain('This channel has no daily digest');
  });

  it('refuses a guest, and answers a time that is not one with the usage', async () => {
    harness.slack.setUser({ id: 'UGUEST2', isRestricted: true });
    const channelId = nextId('C');
    const refused = await harness.command('/shipwatch', 'digest 08:00', { channelId, userId: 'UGUEST2' });
    const answer = JSON.stringify((await harness.responseUrls.waitForPost(refused.responseUrl)).body);
    expect(answer).toContain("this channel's daily digest");
    expect(await watching.service.digests.setting(TEST_TEAM.id, channelId)).toBeNull();
    const bad = await harness.command('/shipwatch', 'digest 8am', { channelId });
    const usage = JSON.stringify((await harness.responseUrls.waitForPost(bad.responseUrl)).body);
    expect(usage).toContain('is not a time');
  });
});
