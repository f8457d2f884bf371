/**
 * Shipwatch as a distributed app, end to end through signed HTTP: `shipwatch start` in OAuth mode, two workspaces
 * installed through the browser flow, each connecting its own Terminal49 key with `/shipwatch connect`. Each sees its
 * own shipments and none of the other's, through commands and watching; each answers with its own bot token; a
 * workspace without a key is told how to connect one; someone who is not an admin cannot connect a key.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT } from '../../../src/cards/ids.js';
import { DEMO } from '../../../src/simulator/index.js';
import {
  type SignedOAuthShipwatch,
  startSignedOAuthShipwatch,
  until,
} from '../../helpers/oauth/signed-oauth-shipwatch.js';

const ADMIN = 'U0ADMIN';
const MEMBER = 'U0MEMBER';
const A = { team: 'T0ALPHA', key: DEMO.apiKeys.full, bl: DEMO.shipments.slippedEta.bl };
const B = { team: 'T0BRAVO', key: DEMO.apiKeys.otherAccount, bl: DEMO.otherAccount.railMove.bl };

describe('two workspaces installed through OAuth, each with its own Terminal49 key', () => {
  let world: SignedOAuthShipwatch;
  let slack: SignedOAuthShipwatch['slack'];

  beforeAll(async () => {
    world = await startSignedOAuthShipwatch();
    slack = world.slack;
    slack.setUser({ id: ADMIN, isAdmin: true });
    slack.setUser({ id: MEMBER });
    for (const { team } of [A, B]) expect(await world.install(team)).toBe(200);
  });

  afterAll(async () => {
    await world?.stop();
  });

  const command = (team: string, text: string, user = ADMIN, name = '/shipment') =>
    world.command(team, text, user, name);
  const connect = (team: string, key: string, user = ADMIN) => world.connect(team, key, user);
  const postsIn = (team: string, from: number) => world.postsIn(team, from);

  it('tells a workspace with no key how to connect one', async () => {
    const from = slack.calls.length;
    await command(A.team, A.bl, MEMBER);
    const answer = await until(
      () =>
        slack.responseUrls.posts
          .slice(-5)
          .find((post) => JSON.stringify(post.body).includes('/shipwatch connect')),
      'the not-connected answer',
    );
    expect(JSON.stringify(answer.body)).toContain('ask an admin');
    expect(postsIn(A.team, from)).toEqual([]);
  });

  it('refuses to let someone who is not an admin connect a key', async () => {
    const from = slack.calls.length;
    await command(A.team, 'connect', MEMBER, '/shipwatch');
    const refused = await until(
      () =>
        slack.calls
          .slice(from)
          .find(
            (call) => call.method === 'views.update' && JSON.stringify(call.args).includes('workspace admin'),
          ),
      'the refusal in the modal',
    );
    expect(JSON.stringify(refused.args)).not.toContain(INPUT.connectKey.block);
  });

  it("shows each workspace its own shipments and none of the other's, each answered with its own token", async () => {
    await connect(A.team, A.key);
    await connect(B.team, B.key);
    const from = slack.calls.length;
    await command(A.team, A.bl);
    await command(B.team, B.bl);
    const cardA = await until(
      () => postsIn(A.team, from).find((call) => String(call.args.text).includes(A.bl)),
      "A's card",
    );
    const cardB = await until(
      () => postsIn(B.team, from).find((call) => String(call.args.text).includes(B.bl)),
      "B's card",
    );
    expect(cardA.token).not.toBe(cardB.token);

    // Each key sees nothing of the other account: the other's number is not found.
    const crossFrom = slack.calls.length;
    await command(A.team, B.bl);
    await until(
      () => slack.responseUrls.posts.slice(-5).find((post) => JSON.stringify(post.body).includes(B.bl)),
      "A's not-found answer",
    );
    expect(postsIn(A.team, crossFrom).filter((call) => String(call.args.text).includes(B.bl))).toEqual([]);
  });

  it("watches a shipment with its workspace's account", async () => {
    const from = slack.calls.length;
    await command(B.team, `watch ${B.bl}`, ADMIN, '/shipwatch');
    await until(
      () => postsIn(B.team, from).find((call) => String(call.args.text).includes(B.bl)),
      "B's watched card",
    );
    const store = world.shipwatch.store;
    const snapshot = await store.watching.snapshots.get(DEMO.otherAccount.railMove.id);
    const account = await store.accounts.forTenant(B.team);
    expect(account).not.toBeNull();
    expect(snapshot?.accountId).toBe(account?.id);
    expect(snapshot?.accountId).not.toBe((await store.accounts.forTenant(A.team))?.id);
  });

  it("shows each workspace's admin its own Home: its watches, its connection and the Connect button, published with its own token", async () => {
    const open = async (team: string): Promise<{ json: string; token: string | null }> => {
      const from = slack.calls.length;
      const envelope = {
        token: 'unused',
        team_id: team,
        api_app_id: 'A0SHIPWATCH',
        type: 'event_callback',
        event_id: `Ev${team}${slack.calls.length}`,
        event_time: Math.floor(Date.now() / 1000),
        event: { type: 'app_home_opened', user: ADMIN, channel: `D${ADMIN}`, tab: 'home' },
        authorizations: [{ enterprise_id: null, team_id: team, user_id: 'U0BOT', is_bot: true }],
      };
      const answer = await world.post(JSON.stringify(envelope));
      expect(answer.status).toBe(200);
      const published = await until(
        () => slack.calls.slice(from).find((call) => call.method === 'views.publish' && call.ok),
        `${team}'s Home`,
      );
      return { json: JSON.stringify(published.args.view), token: published.token };
    };
    const homeB = await open(B.team);
    expect(homeB.json).toContain(B.bl); // watched in B's channel just before
    expect(homeB.json).toContain('Terminal49: connected');
    expect(homeB.json).toContain('home_connect');
    const homeA = await open(A.team);
    expect(homeA.json).not.toContain(B.bl);
    expect(homeA.token).not.toBe(homeB.token);
  });
});
