/**
 * The Home tab's buttons and menus (docs/home.md): a list's next or previous page, the terminal, customer and owner
 * ("Mine") filters (each republishes the person's Home with their choice, remembered for a day), "Download CSV" (the list's
 * rows as shown, every page, sent to the person as a file) and, for admins, "Connect Terminal49" (the modal of
 * `/shipwatch connect`). All read stored readings only.
 */
import { ACTION } from '../../cards/ids.js';
import { filterChange, type HomeChange, pageChange } from '../../features/home/home-choices.js';
import { homeListNamed, sendHomeListCsv } from '../../features/home/home-list-csv.js';
import { homeNotesOf } from '../../features/home/home-notes.js';
import { openConnectForm } from '../flows/connect-form.js';
import { channelsOf, homeClientOf, publishHome } from '../home/publish-home.js';
import type { SlackRuntime } from '../runtime.js';
import type { ButtonSpec, Click } from './button.js';
import { csvDelivery } from './csv-delivery.js';

/** Home again with the person's choice changed (features/home/home-choices.ts), remembered for next time. */
async function republish(runtime: SlackRuntime, click: Click, change: HomeChange): Promise<void> {
  const teamId = click.ctx.teamId ?? '';
  const notes = homeNotesOf(runtime);
  const state = change(await notes.state(teamId, click.ctx.userId));
  await publishHome(
    runtime,
    { client: homeClientOf(click.client), features: click.features, notes },
    { teamId, userId: click.ctx.userId, state },
  );
}

export const homePageButton: ButtonSpec = {
  actionIds: [ACTION.homePage],
  access: 'read',
  surface: 'home',
  create: (runtime) => async (click) => {
    const change = pageChange(click.ctx.value);
    if (change !== null) await republish(runtime, click, change);
  },
};

export const homeFilterMenu: ButtonSpec = {
  actionIds: [ACTION.homeFilterTerminal, ACTION.homeFilterCustomer, ACTION.homeFilterOwner],
  access: 'read',
  surface: 'home',
  create: (runtime) => async (click) => {
    await republish(runtime, click, filterChange(click.ctx.actionId, click.ctx.value));
  },
};

export const homeCsvButton: ButtonSpec = {
  actionIds: [ACTION.homeCsv],
  access: 'read',
  surface: 'home',
  create: (runtime) => async (click) => {
    const list = homeListNamed(click.ctx.value);
    if (list === null) return;
    const teamId = click.ctx.teamId ?? '';
    const { userId } = click.ctx;
    const state = await homeNotesOf(runtime).state(teamId, userId);
    const channelIds = await channelsOf(homeClientOf(click.client), userId);
    await sendHomeListCsv(
      click.features,
      { teamId, userId, channelIds, state, list },
      csvDelivery(runtime, click),
    );
  },
};

export const homeConnectButton: ButtonSpec = {
  actionIds: [ACTION.homeConnect],
  access: 'modal',
  surface: 'home',
  create: (runtime) => async (click) => {
    await openConnectForm(
      runtime,
      { client: click.client, replier: click.replier },
      { triggerId: click.ctx.triggerId, teamId: click.ctx.teamId, tenant: click.features.tenant },
    );
  },
};
