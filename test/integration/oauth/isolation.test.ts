/**
 * What one workspace does cannot show another's data, through signed HTTP in OAuth mode: a button that names another
 * account's shipment (a forged or replayed click) reads nothing of it; /vessel, /track-edit and /email-submission with
 * another account's ids find nothing; and an org-wide install serves two workspaces of its organisation with the key
 * the organisation connected. (Commands and watches of two workspaces: two-workspaces.test.ts; settings:
 * workspace-settings.test.ts; uninstall and revocation: uninstall.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../src/cards/ids.js';
import { DEMO } from '../../../src/simulator/index.js';
import {
  type SignedOAuthShipwatch,
  startSignedOAuthShipwatch,
  until,
} from '../../helpers/oauth/signed-oauth-shipwatch.js';
import { orgGrant } from '../../helpers/slack/install-grants.js';

const ADMIN = 'U0ADMIN';
const ORG_ADMIN = 'U0ORGADMIN';
const A = { team: 'T0ALPHA', key: DEMO.apiKeys.full, shipment: DEMO.shipments.slippedEta };
const B = { team: 'T0BRAVO', key: DEMO.apiKeys.otherAccount, shipment: DEMO.otherAccount.railMove };
const ORG = { id: 'E0ORG', teams: ['T0ORGONE', 'T0ORGTWO'] as const };

describe('nothing one workspace does shows another workspace’s data', () => {
  let world: SignedOAuthShipwatch;

  beforeAll(async () => {
    world = await startSignedOAuthShipwatch();
    world.slack.setUser({ id: ADMIN, isAdmin: true });
    world.slack.setUser({ id: ORG_ADMIN, isAdmin: true, enterpriseId: ORG.id });
    for (const { team } of [A, B]) expect(await world.install(team)).toBe(200);
    await world.connect(A.team, A.key, ADMIN);
    await world.connect(B.team, B.key, ADMIN);
  });

  afterAll(async () => {
    await world?.stop();
  });

  /** Everything the bot sent to Slack since call `from` that mentions `text`, with the token it used. */
  const sentSince = (from: number, text: string) =>
    world.slack.calls.slice(from).filter((call) => JSON.stringify(call.args).includes(text));
  const answeredSince = (from: number, text: string) =>
    world.slack.responseUrls.posts.slice(from).filter((post) => JSON.stringify(post.body).includes(text));

  it("refreshes a workspace's own card, and reads nothing when another workspace's click names that shipment", async () => {
    const from = world.slack.calls.length;
    await world.command(A.team, A.shipment.bl, ADMIN);
    const card = await until(
      () => world.postsIn(A.team, from).find((call) => String(call.args.text).includes(A.shipment.bl)),
      "A's card",
    );
    const ts = String(card.answer?.ts ?? '');
    const refreshed = world.slack.calls.length;
    await world.click(A.team, ADMIN, {
      actionId: ACTION.shipmentRefresh,
      value: A.shipment.id,
      messageTs: ts,
    });
    await until(
      () =>
        world.slack.calls
          .slice(refreshed)
          .find((call) => call.method === 'chat.update' && String(call.args.text).includes(A.shipment.bl)),
      "A's refreshed card",
    );

    // B clicks "Refresh" on a message of its own channel with A's shipment id (a forged or replayed click).
    const forged = world.slack.calls.length;
    const told = world.slack.responseUrls.posts.length;
    const ack = await world.click(B.team, ADMIN, {
      actionId: ACTION.shipmentRefresh,
      value: A.shipment.id,
      messageTs: '1700000000.000100',
    });
    expect(ack.status).toBe(200);
    await until(
      () => world.slack.responseUrls.posts.slice(told).find(() => true) ?? sentSince(forged, ADMIN)[0],
      "B's private answer",
    );
    expect(sentSince(forged, A.shipment.bl)).toEqual([]);
    expect(answeredSince(told, A.shipment.bl)).toEqual([]);
  });

  it("shows none of another account's tracking requests or documents with /track-edit or /email-submission", async () => {
    for (const [name, id, marker] of [
      // The tracking request that tracks A's shipment: its form would show A's number.
      ['/track-edit', DEMO.trackingRequests.created, A.shipment.bl],
      ['/email-submission', DEMO.emailSubmissions.withImages, DEMO.documents.png],
    ] as const) {
      const from = world.slack.calls.length;
      const told = world.slack.responseUrls.posts.length;
      await world.command(B.team, id, ADMIN, name);
      await until(
        () =>
          world.slack.responseUrls.posts.slice(told)[0] ??
          world.slack.calls.slice(from).find((call) => call.method === 'views.update'),
        `B's answer to ${name}`,
      );
      expect(sentSince(from, marker), name).toEqual([]);
      expect(answeredSince(told, marker), name).toEqual([]);
    }
  });

  it('serves two workspaces of an organisation from its org-wide install, with the key the organisation connected', async () => {
    expect(await world.install(orgGrant(ORG.id))).toBe(200);
    for (const team of ORG.teams) world.inOrganisation(team, ORG.id);
    await world.connect(ORG.teams[0], B.key, ORG_ADMIN);
    for (const team of ORG.teams) {
      const from = world.slack.calls.length;
      await world.command(team, B.shipment.bl, ORG_ADMIN);
      const card = await until(
        () => world.postsIn(team, from).find((call) => String(call.args.text).includes(B.shipment.bl)),
        `the card in ${team}`,
      );
      expect(card.token).toBe(world.slack.oauth?.currentToken(ORG.id));
    }
    const account = await world.shipwatch.store.accounts.forTenant(ORG.id);
    expect(account?.id).toBe((await world.shipwatch.store.accounts.forTenant(B.team))?.id);
  });
});
