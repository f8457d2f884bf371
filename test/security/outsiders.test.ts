/**
 * Slack Connect: in a channel shared with another organisation, people of that organisation see the cards, but only
 * full members of the workspace that installed Shipwatch (or of its Enterprise Grid organisation) may change
 * tracking data. A refused outsider is told why, privately; the tracking API is never called for them; the log line
 * names their own workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../src/cards/ids.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { waitForAnswer } from '../helpers/hardening/answers.js';
import { click, findElement, postCard } from '../helpers/hardening/cards.js';
import { startWorld, type World } from '../helpers/hardening/world.js';
import { TEST_TEAM } from '../helpers/slack/payloads.js';

const OUTSIDER_REASON = /Only members of the workspace Shipwatch is installed in can change tracking data/;

describe('people from another organisation in a shared channel', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('cannot rotate a document: told why privately, no API call, the log names their own workspace', async () => {
    const outsider = 'U0PARTNER1';
    world.slack.setUser({ id: outsider, homeTeamId: 'T0PARTNER' });
    const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    world.sim.resetRequests();
    const sent = await click(world, card, findElement(card, ACTION.documentRotate90), { userId: outsider });
    expect(sent.status).toBe(200);
    const answer = await waitForAnswer(world, sent);
    expect(answer.text).toMatch(OUTSIDER_REASON);
    expect(world.sim.requests).toEqual([]);
    expect(world.logs).toContainEqual(
      expect.objectContaining({ msg: 'write', user: outsider, outcome: 'denied:outsider' }),
    );
    const logged = world.logs.find((line) => line.msg === 'write' && line.user === outsider);
    expect(logged?.userTeam).toBe('T0PARTNER');
  });

  it('cannot write when Slack marks them a stranger either', async () => {
    const stranger = 'U0STRANGER';
    world.slack.setUser({ id: stranger, isStranger: true });
    const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    world.sim.resetRequests();
    const sent = await click(world, card, findElement(card, ACTION.documentRotate180), { userId: stranger });
    expect((await waitForAnswer(world, sent)).text).toMatch(OUTSIDER_REASON);
    expect(world.sim.requests).toEqual([]);
  });

  it('still lets a full member of the installing workspace write, logging their own team', async () => {
    const member = 'U0MEMBER9';
    world.slack.setUser({ id: member });
    const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    world.sim.resetRequests();
    await click(world, card, findElement(card, ACTION.documentRotate270), { userId: member });
    await expect
      .poll(() =>
        world.logs.some((line) => line.msg === 'write' && line.user === member && line.outcome === 'ok'),
      )
      .toBe(true);
    const logged = world.logs.find((line) => line.msg === 'write' && line.user === member);
    // Their own workspace: here the installing one.
    expect(logged?.userTeam).toBe(TEST_TEAM.id);
  });
});
