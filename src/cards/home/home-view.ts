/**
 * The Home tab (docs/home.md): a welcome with three things to try on the first open; for admins, the service's state
 * and the Connect button; then the person's three lists — needs attention, arriving in the next 7 days, the rest
 * watched — each a page of rows naming its channel and its owner and linking to its card, with paging and "Download
 * CSV", and filters by terminal, customer and owner ("Mine"). Lists
 * are `data_table` blocks (Slack sorts and filters them in place); `layout: 'sections'` renders the same rows as
 * mrkdwn lines for a Slack that refuses `data_table` (`invalid_blocks`). Whatever the number watched, Home is one
 * page per list: at most about 30 blocks, far inside the 100 Slack allows.
 */
import type {
  Button,
  DataTableBlock,
  KnownBlock,
  PlainTextOption,
  RichTextBlock,
  StaticSelect,
  View,
} from '@slack/types';
import { plural } from '../../domain/words.js';
import type { HomeRow } from '../../features/home/home-rows.js';
import { HOME_PAGE_SIZE, type HomeList, type HomeModel } from '../../features/home/load-home.js';
import type { ServiceState } from '../../features/home/service-state.js';
import { actions, button, context, divider, header, plain, section } from '../blocks.js';
import { MAX_OPTION_VALUE, MAX_SELECT_OPTIONS } from '../format/block-kit-limits.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { ACTION } from '../ids.js';

export type HomeLayout = 'data_table' | 'sections';

export type HomeView = View & { type: 'home' };

export interface HomeRenderInput {
  model: HomeModel;
  /** Shown to admins only; null for everyone else. */
  service: ServiceState | null;
  /** The first open: a short welcome with three things to try. */
  welcome: boolean;
  layout: HomeLayout;
  /** `https://<workspace>.slack.com/archives/`: card links are built from it; null: rows name the channel only. */
  permalinkBase: string | null;
  /** Set when the lists could not be read (no store): said instead of the lists. */
  unavailable?: string | null;
}

const TITLES: Record<HomeList['name'], string> = {
  attention: 'Needs attention',
  arriving: 'Arriving in the next 7 days',
  watched: 'Everything else watched',
};

const EMPTY: Record<HomeList['name'], string> = {
  attention: 'Nothing needs attention: no last free day is close and nothing is held after discharge.',
  arriving: 'Nothing arrives in the next 7 days.',
  watched: 'Nothing else is watched.',
};

const COLUMNS = ['Container', 'Status', 'LFD', 'ETA', 'Terminal', 'Customer', 'Shipment', 'Channel', 'Owner'];

const TIER_EMOJI: Record<string, string> = {
  lfd_passed: '🔴',
  lfd_today: '🔴',
  lfd_next_working_day: '🟠',
  held_after_discharge: '⛔',
  lfd_within_3_days: '🟡',
};

export function renderHomeView(input: HomeRenderInput): HomeView {
  const blocks: KnownBlock[] = [header('Your shipments')];
  const { model } = input;
  if (input.welcome) blocks.push(...welcomeBlocks());
  if (input.service) blocks.push(...serviceBlocks(input.service));
  if (input.unavailable) {
    blocks.push(section(`:warning: ${inlineMrkdwn(input.unavailable)}`));
    return { type: 'home', blocks };
  }
  blocks.push(
    context(
      `${plural(model.shipments, 'shipment')} watched in ${plural(model.channels, 'channel')} you are in`,
    ),
  );
  const filters = filterBlock(model);
  if (filters) blocks.push(filters);
  for (const list of model.lists) blocks.push(divider(), ...listBlocks(list, input));
  return { type: 'home', blocks };
}

function welcomeBlocks(): KnownBlock[] {
  return [
    section(
      [
        '*Welcome to Shipwatch.* Home gathers the shipments watched in every channel you are in, most urgent first. Three things to try:',
        '1. Look a shipment up in a channel: `/shipment <bill of lading, booking or container number>`.',
        '2. Click *Watch* on its card (or `/shipwatch watch <number>`): the card stays true and changes go to its thread.',
        '3. Come back here: containers whose last free day is close show first; *Download CSV* hands a list on.',
      ].join('\n'),
    ),
  ];
}

function serviceBlocks(service: ServiceState): KnownBlock[] {
  const connection =
    service.connection.kind === 'configured'
      ? ':white_check_mark: Terminal49: the key the operator configured (TRACKING_API_KEY)'
      : service.connection.kind === 'connected'
        ? `:white_check_mark: Terminal49: connected${service.connection.sharedWith > 0 ? ` (the same account as ${plural(service.connection.sharedWith, 'other workspace')})` : ''}`
        : ':x: Terminal49: no key connected. Until one is, commands say how to connect one.';
  const webhook = service.webhook
    ? ':white_check_mark: Webhook: Terminal49 tells Shipwatch of changes'
    : ':information_source: Webhook: not registered; Shipwatch polls for changes';
  const lines = [connection, webhook];
  if (service.watch) {
    const { active, paused, neededPerMinute, plannedPerMinute, shortfall } = service.watch;
    lines.push(
      `${shortfall ? ':warning:' : ':white_check_mark:'} Watching: ${plural(active, 'shipment')}${paused > 0 ? ` (+${paused} paused)` : ''}; polls need ${neededPerMinute}/min of ${plannedPerMinute}/min planned${shortfall ? ' — *short*: routine polls are stretched' : ''}`,
    );
  }
  lines.push(
    service.editors.length === 0
      ? 'Who may write: every full member of this workspace'
      : `Who may write: ${service.editors.map(mention).join(', ')}`,
  );
  const blocks: KnownBlock[] = [section(`*Shipwatch for admins*\n${lines.join('\n')}`)];
  if (service.connection.kind !== 'configured') {
    const label = service.connection.kind === 'connected' ? 'Change Terminal49 key' : 'Connect Terminal49';
    blocks.push(
      actions([
        button(label, ACTION.homeConnect, 'connect', {
          ...(service.connection.kind === 'not_connected' ? { style: 'primary' as const } : {}),
        }),
      ]),
    );
  }
  return blocks;
}

function isUserId(id: string | null): id is string {
  return id !== null && /^[UW][A-Z0-9]+$/.test(id);
}

function mention(id: string): string {
  if (/^S[A-Z0-9]+$/.test(id)) return `<!subteam^${id}>`;
  return /^[UW][A-Z0-9]+$/.test(id) ? `<@${id}>` : inlineMrkdwn(id);
}

function filterBlock(model: HomeModel): KnownBlock | null {
  const elements: StaticSelect[] = [];
  const select = (
    actionId: string,
    what: string,
    values: readonly string[],
    current: string | null,
  ): void => {
    const usable = values
      .filter((value) => value.length <= MAX_OPTION_VALUE)
      .slice(0, MAX_SELECT_OPTIONS - 1);
    if (usable.length < 2 && current === null) return;
    const all: PlainTextOption = { text: plain(`Every ${what}`), value: '*' };
    const options: PlainTextOption[] = [all, ...usable.map((value) => ({ text: plain(value), value }))];
    const chosen = options.find((option) => option.value === (current ?? '*')) ?? all;
    elements.push({
      type: 'static_select',
      action_id: actionId,
      placeholder: plain(`Filter by ${what}`),
      options,
      initial_option: chosen,
    });
  };
  select(ACTION.homeFilterTerminal, 'terminal', model.terminals, model.state.terminal);
  select(ACTION.homeFilterCustomer, 'customer', model.customers, model.state.customer);
  const mine = ownerSelect(model);
  if (mine) elements.push(mine);
  return elements.length > 0 ? { type: 'actions', block_id: 'home_filters', elements } : null;
}

/** "Mine": offered once the person took something (or while it is on, so it can be turned off). */
function ownerSelect(model: HomeModel): StaticSelect | null {
  if (model.mine === 0 && !model.state.mine) return null;
  const everyone: PlainTextOption = { text: plain("Everyone's"), value: '*' };
  const mine: PlainTextOption = { text: plain(`Mine (${model.mine})`), value: 'mine' };
  return {
    type: 'static_select',
    action_id: ACTION.homeFilterOwner,
    placeholder: plain('Filter by owner'),
    options: [everyone, mine],
    initial_option: model.state.mine ? mine : everyone,
  };
}

function listBlocks(list: HomeList, input: HomeRenderInput): KnownBlock[] {
  const title = `*${TITLES[list.name]}* (${plural(list.total, list.name === 'attention' || list.rows.some((row) => row.container) ? 'container' : 'row')})`;
  if (list.total === 0) return [section(`${title}\n${EMPTY[list.name]}`)];
  const blocks: KnownBlock[] = [section(title)];
  if (input.layout === 'data_table') blocks.push(dataTable(list, input.permalinkBase));
  else blocks.push(...rowSections(list.rows, input.permalinkBase));
  const first = list.page * HOME_PAGE_SIZE + 1;
  if (list.pageCount > 1)
    blocks.push(
      context(
        `Rows ${first}–${first + list.rows.length - 1} of ${list.total} · page ${list.page + 1} of ${list.pageCount}`,
      ),
    );
  const buttons: Button[] = [];
  if (list.page > 0) buttons.push(button('‹ Previous', ACTION.homePage, `${list.name}:${list.page - 1}`));
  if (list.page < list.pageCount - 1)
    buttons.push(button('Next ›', ACTION.homePage, `${list.name}:${list.page + 1}`));
  buttons.push(button('Download CSV', ACTION.homeCsv, list.name));
  // Two buttons with one action id in a block need distinct block ids: one actions block per list.
  blocks.push(actions(buttons, `home_list_${list.name}`));
  return blocks;
}

/** The card a row links to, when the workspace's permalink base is known. */
export function cardUrl(base: string | null, row: Pick<HomeRow, 'channelId' | 'cardTs'>): string | null {
  if (base === null || row.cardTs === '') return null;
  return `${base}${row.channelId}/p${row.cardTs.replace('.', '')}`;
}

function dataTable(list: HomeList, base: string | null): DataTableBlock {
  const raw = (text: string) => ({ type: 'raw_text' as const, text: text === '' ? '–' : text });
  const rich = (elements: RichTextBlock['elements'][number]['elements']): RichTextBlock =>
    ({ type: 'rich_text', elements: [{ type: 'rich_text_section', elements }] }) as RichTextBlock;
  const rows: DataTableBlock['rows'] = [COLUMNS.map(raw)];
  for (const row of list.rows) {
    const url = cardUrl(base, row);
    const label = row.container ?? row.shipmentNumber;
    rows.push([
      url ? rich([{ type: 'link', url, text: label }]) : raw(label),
      raw(`${row.tier ? `${TIER_EMOJI[row.tier] ?? ''} ` : ''}${row.status}`.trim()),
      raw(row.lfd ?? ''),
      raw(row.eta ? row.eta.slice(0, 10) : ''),
      raw(row.terminal ?? ''),
      raw(row.customer ?? ''),
      raw(row.shipmentNumber),
      rich([{ type: 'channel', channel_id: row.channelId }]),
      isUserId(row.owner) ? rich([{ type: 'user', user_id: row.owner }]) : raw(''),
    ]);
  }
  return {
    type: 'data_table',
    block_id: `home_table_${list.name}`,
    caption: TITLES[list.name],
    page_size: 10,
    rows,
  };
}

function rowSections(rows: readonly HomeRow[], base: string | null): KnownBlock[] {
  const lines = rows.map((row) => {
    const label = inlineMrkdwn(row.container ?? row.shipmentNumber);
    const url = cardUrl(base, row);
    const linked = url ? `<${url}|${label}>` : label;
    const facts = [
      `${row.tier ? `${TIER_EMOJI[row.tier] ?? ''} ` : ''}${inlineMrkdwn(row.status)}`.trim(),
      row.lfd ? `LFD ${row.lfd}` : null,
      row.eta ? `ETA ${row.eta.slice(0, 10)}` : null,
      row.terminal ? inlineMrkdwn(row.terminal) : null,
      row.customer ? inlineMrkdwn(row.customer) : null,
      row.container ? inlineMrkdwn(row.shipmentNumber) : null,
      `<#${row.channelId}>`,
      row.owner ? `owner: ${mention(row.owner)}` : null,
    ].filter((fact): fact is string => fact !== null);
    return `*${linked}* · ${facts.join(' · ')}`;
  });
  const blocks: KnownBlock[] = [];
  for (let i = 0; i < lines.length; i += 10) blocks.push(section(lines.slice(i, i + 10).join('\n')));
  return blocks;
}
