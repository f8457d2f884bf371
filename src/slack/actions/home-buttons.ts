/**
 * The Home tab's buttons and menus (docs/home.md): a list's next or previous page, the terminal, customer and owner
 * ("Mine") filters (each republishes the person's Home with their choice, remembered for a day), "Download CSV" (the list's
 * rows as shown, every page, sent to the person as a file) and, for admins, "Connect Terminal49" (the modal of
 * `/shipwatch connect`). All read stored readings only.
 */
import { renderConnectModal } from '../../cards/connect/connect-modal.js';
import { ACTION, VIEW } from '../../cards/ids.js';
import { renderNotice } from '../../cards/notice.js';
import { homeRowsCsv } from '../../features/home/home-csv.js';
import { homeNotesOf } from '../../features/home/home-notes.js';
import { HOME_LISTS, type HomeListName } from '../../features/home/home-rows.js';
import { type HomeState, homeListRows } from '../../features/home/load-home.js';
import { sendFileOrSay } from '../delivery/file-upload.js';
import { allowedToEdit, fillModal, openLoadingModal } from '../flows/modal-flow.js';
import { channelsOf, homeClientOf, publishHome } from '../home/publish-home.js';
import type { ButtonSpec, Click } from './button.js';
import { csvOwnerNames } from './csv-owner-names.js';

const LIST_TITLES: Record<HomeListName, string> = {
  attention: 'Needs attention',
  arriving: 'Arriving in the next 7 days',
  watched: 'Everything else watched',
};

function listName(value: string): HomeListName | null {
  return (HOME_LISTS as readonly string[]).includes(value) ? (value as HomeListName) : null;
}

async function republish(
  runtime: Parameters<ButtonSpec['create']>[0],
  click: Click,
  change: (state: HomeState) => HomeState,
): Promise<void> {
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
    const [name, page] = click.ctx.value.split(':');
    const list = listName(name ?? '');
    const number = Number(page);
    if (list === null || !Number.isInteger(number) || number < 0) return;
    await republish(runtime, click, (state) => ({ ...state, pages: { ...state.pages, [list]: number } }));
  },
};

export const homeFilterMenu: ButtonSpec = {
  actionIds: [ACTION.homeFilterTerminal, ACTION.homeFilterCustomer, ACTION.homeFilterOwner],
  access: 'read',
  surface: 'home',
  create: (runtime) => async (click) => {
    const value = click.ctx.value === '*' ? null : click.ctx.value;
    const { actionId } = click.ctx;
    const filter: Partial<HomeState> =
      actionId === ACTION.homeFilterOwner
        ? { mine: value === 'mine' }
        : actionId === ACTION.homeFilterTerminal
          ? { terminal: value }
          : { customer: value };
    // A new filter starts every list on its first page.
    await republish(runtime, click, (state) => ({
      ...state,
      ...filter,
      pages: { attention: 0, arriving: 0, watched: 0 },
    }));
  },
};

export const homeCsvButton: ButtonSpec = {
  actionIds: [ACTION.homeCsv],
  access: 'read',
  surface: 'home',
  create: (runtime) => async (click) => {
    const list = listName(click.ctx.value);
    if (list === null) return;
    const teamId = click.ctx.teamId ?? '';
    const client = homeClientOf(click.client);
    const state = await homeNotesOf(runtime).state(teamId, click.ctx.userId);
    const allowed = click.features.tenant.settings.channels;
    const channelIds = (await channelsOf(client, click.ctx.userId)).filter(
      (id) => allowed.length === 0 || allowed.includes(id),
    );
    const rows = await homeListRows(click.features, {
      teamId,
      userId: click.ctx.userId,
      channelIds,
      state,
      list,
    });
    const owner = await csvOwnerNames(runtime, client, teamId, rows);
    const day = runtime.clock.now().toISOString().slice(0, 10);
    await sendFileOrSay(
      client,
      {
        userId: click.ctx.userId,
        filename: `shipwatch-${list}-${day}.csv`,
        title: `${LIST_TITLES[list]} (${day})`,
        content: homeRowsCsv(rows, { owner }),
        comment: `${LIST_TITLES[list]}: ${rows.length} rows, as Home shows them${state.terminal || state.customer || state.mine ? ' (filtered)' : ''}.`,
      },
      (problem) => click.replier.tell(renderNotice(':warning:', problem)),
      runtime.logger,
    );
  },
};

const CONNECT_TITLE = 'Terminal49 account';

export const homeConnectButton: ButtonSpec = {
  actionIds: [ACTION.homeConnect],
  access: 'modal',
  surface: 'home',
  create: (runtime) => async (click) => {
    const admin = runtime.workspaceAdmin;
    if (!admin) {
      await click.replier.tell(
        renderNotice(
          ':information_source:',
          'This Shipwatch uses the Terminal49 key its operator configured.',
        ),
      );
      return;
    }
    const io = { client: click.client, replier: click.replier };
    const opened = await openLoadingModal(runtime, io, click.ctx.triggerId, CONNECT_TITLE);
    if (!opened) return;
    const { tenant } = click.features;
    const edit = {
      title: CONNECT_TITLE,
      action: VIEW.connect,
      target: tenant.id,
      teamId: click.ctx.teamId,
      tenant,
      policy: 'admin' as const,
    };
    if (!(await allowedToEdit(runtime, io, opened, edit))) return;
    await fillModal(runtime, io, opened, CONNECT_TITLE, async () =>
      renderConnectModal(await admin.connection(tenant.id)),
    );
  },
};
