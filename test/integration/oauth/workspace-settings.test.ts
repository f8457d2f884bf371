/**
 * Each workspace's own settings in OAuth mode, through signed HTTP (docs/oauth.md, "Workspace settings"): an admin
 * opens `/shipwatch settings workspace`, sees what is saved and saves new settings; someone who is not an admin is
 * refused; the saved channels and editors apply to that workspace and to no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT, VIEW } from '../../../src/cards/ids.js';
import { DEMO } from '../../../src/simulator/index.js';
import {
  type SignedOAuthShipwatch,
  startSignedOAuthShipwatch,
  until,
} from '../../helpers/oauth/signed-oauth-shipwatch.js';

const ADMIN = 'U0ADMIN';
const MEMBER = 'U0MEMBER';
const EDITOR = 'U0EDITOR';
const A = { team: 'T0ALPHA', key: DEMO.apiKeys.full, bl: DEMO.shipments.slippedEta.bl };
const B = { team: 'T0BRAVO', key: DEMO.apiKeys.otherAccount, bl: DEMO.otherAccount.railMove.bl };
const OPS_ROOM = 'C0OPSROOM';

describe("a workspace's own settings in OAuth mode", () => {
  let world: SignedOAuthShipwatch;

  beforeAll(async () => {
    world = await startSignedOAuthShipwatch();
    world.slack.setUser({ id: ADMIN, isAdmin: true });
    world.slack.setUser({ id: MEMBER });
    world.slack.setUser({ id: EDITOR });
    for (const { team } of [A, B]) expect(await world.install(team)).toBe(200);
    await world.connect(A.team, A.key, ADMIN);
    await world.connect(B.team, B.key, ADMIN);
  });

  afterAll(async () => {
    await world?.stop();
  });

  /** The private answers (response_url) that mention `text`, since `from`. */
  const toldSince = (from: number, text: string) =>
    world.slack.responseUrls.posts.slice(from).filter((post) => JSON.stringify(post.body).includes(text));

  it('refuses someone who is not an admin, in the modal, without the form', async () => {
    const from = world.slack.calls.length;
    await world.command(A.team, 'settings workspace', MEMBER, '/shipwatch');
    const refused = await until(
      () =>
        world.slack.calls
          .slice(from)
          .find(
            (call) => call.method === 'views.update' && JSON.stringify(call.args).includes('workspace admin'),
          ),
      'the refusal in the modal',
    );
    expect(JSON.stringify(refused.args)).toContain('Shipwatch settings');
    expect(JSON.stringify(refused.args)).not.toContain(INPUT.settingsEditors.block);
  });

  it("lets an admin save the workspace's settings, once, and tells them what they are now", async () => {
    const from = world.slack.calls.length;
    await world.command(A.team, 'settings workspace', ADMIN, '/shipwatch');
    const viewId = await world.modal(VIEW.workspaceSettings, from);
    const form = world.slack.calls
      .slice(from)
      .find((call) => call.method === 'views.update' && call.args.view_id === viewId);
    // Nothing saved yet: every field empty (the defaults).
    expect(JSON.stringify(form?.args)).not.toContain('initial_value');

    const values = {
      [INPUT.settingsEditors.block]: { [INPUT.settingsEditors.action]: `<@${EDITOR}|editor>, ${ADMIN}` },
      [INPUT.settingsChannels.block]: { [INPUT.settingsChannels.action]: OPS_ROOM },
      [INPUT.settingsCustomFields.block]: { [INPUT.settingsCustomFields.action]: 'po_number trucker' },
      [INPUT.settingsOwnerField.block]: { [INPUT.settingsOwnerField.action]: '' },
    };
    expect((await world.submit(A.team, ADMIN, viewId, VIEW.workspaceSettings, values)).status).toBe(200);
    // The same submission again (a re-delivery) is not a second change.
    await world.submit(A.team, ADMIN, viewId, VIEW.workspaceSettings, values);

    const saved = await world.shipwatch.store.workspaceSettings.get(A.team);
    expect(saved?.settings).toEqual({
      editors: [EDITOR, ADMIN],
      channels: [OPS_ROOM],
      customFieldSlugs: ['po_number', 'trucker'],
      ownerField: null,
    });
    expect(saved?.updatedBy).toBe(ADMIN);
    expect(await world.shipwatch.store.workspaceSettings.get(B.team)).toBeNull();
    // Told to the admin privately: who changed the settings, and what they are now.
    const line = await until(
      () =>
        world.slack.calls
          .slice(from)
          .find(
            (call) =>
              call.method === 'chat.postMessage' &&
              call.args.channel === ADMIN &&
              String(call.args.text).includes('changed this workspace'),
          ),
      'the line saying who changed the settings',
    );
    expect(JSON.stringify(line.args.blocks)).toContain(`<#${OPS_ROOM}>`);

    // Opened again, the form shows what is saved.
    const again = world.slack.calls.length;
    await world.command(A.team, 'settings workspace', ADMIN, '/shipwatch');
    const reopened = await world.modal(VIEW.workspaceSettings, again);
    const filled = world.slack.calls
      .slice(again)
      .find((call) => call.method === 'views.update' && call.args.view_id === reopened);
    expect(JSON.stringify(filled?.args)).toContain(`${EDITOR}, ${ADMIN}`);
  });

  it('says which value it cannot use, next to its field, and saves nothing', async () => {
    const from = world.slack.calls.length;
    await world.command(B.team, 'settings workspace', ADMIN, '/shipwatch');
    const viewId = await world.modal(VIEW.workspaceSettings, from);
    const { body: response } = await world.submit(B.team, ADMIN, viewId, VIEW.workspaceSettings, {
      [INPUT.settingsChannels.block]: { [INPUT.settingsChannels.action]: '#shipping-ops' },
    });
    expect(response).toContain('"response_action":"errors"');
    expect(response).toContain(INPUT.settingsChannels.block);
    expect(response).toContain('channel ids');
    expect(await world.shipwatch.store.workspaceSettings.get(B.team)).toBeNull();
  });

  it("answers lookups only in the workspace's own channels, and in every channel of the other workspace", async () => {
    const told = world.slack.responseUrls.posts.length;
    await world.command(A.team, A.bl, ADMIN);
    await until(
      () => toldSince(told, "isn't enabled in this channel")[0],
      'the refusal outside the listed channels',
    );
    const from = world.slack.calls.length;
    await world.command(A.team, A.bl, ADMIN, '/shipment', OPS_ROOM);
    await until(
      () =>
        world.slack.calls
          .slice(from)
          .find(
            (call) =>
              call.method === 'chat.postMessage' &&
              call.args.channel === OPS_ROOM &&
              String(call.args.text).includes(A.bl),
          ),
      "A's card in its listed channel",
    );
    const fromB = world.slack.calls.length;
    await world.command(B.team, B.bl, ADMIN);
    await until(
      () => world.postsIn(B.team, fromB).find((call) => String(call.args.text).includes(B.bl)),
      "B's card in any channel",
    );
  });

  it("lets only the workspace's editors change things there, and everyone in the other workspace", async () => {
    const told = world.slack.responseUrls.posts.length;
    await world.command(A.team, 'settings', MEMBER, '/shipwatch', OPS_ROOM);
    await until(() => toldSince(told, 'Only the people set up as Shipwatch editors')[0], 'the refusal');

    const from = world.slack.calls.length;
    await world.command(A.team, 'settings', EDITOR, '/shipwatch', OPS_ROOM);
    await until(
      () =>
        world.slack.calls
          .slice(from)
          .find(
            (call) => call.method === 'views.open' && JSON.stringify(call.args).includes(VIEW.watchSettings),
          ),
      "the editor's channel settings",
    );
    const fromB = world.slack.calls.length;
    await world.command(B.team, 'settings', MEMBER, '/shipwatch');
    await until(
      () =>
        world.slack.calls
          .slice(fromB)
          .find(
            (call) => call.method === 'views.open' && JSON.stringify(call.args).includes(VIEW.watchSettings),
          ),
      "B's member's channel settings",
    );
  });
});
