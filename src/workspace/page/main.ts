/**
 * The local workspace page: a Slack-like channel fed by Server-Sent Events. Each snapshot is for the selected
 * person (their ephemeral messages, their modals, their time zone); switching person reconnects.
 */
import type { WorkspaceSnapshot } from '../protocol.js';
import { isObject } from '../shared/json-reader.js';
import { api } from './client/api.js';
import { createClientState } from './client/client-state.js';
import { installBrokenImageFallback } from './dom/broken-images.js';
import { mountComposer } from './dom/composer.js';
import { installDataTables } from './dom/data-table.js';
import { mountDemoTime } from './dom/demo-time.js';
import { renderHome } from './dom/home.js';
import { installInteractions } from './dom/interactions.js';
import { renderModals } from './dom/modal-host.js';
import { renderTimeline } from './dom/timeline.js';
import { escapeHtml } from './render/escape.js';

function required<T extends HTMLElement>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`page markup is missing ${selector}`);
  return element;
}

const timeline = required<HTMLElement>('#timeline');
const scroller = required<HTMLElement>('#channel-scroll');
const modalRoot = required<HTMLElement>('#modal-root');
const confirmRoot = required<HTMLElement>('#confirm-root');
const switcher = required<HTMLSelectElement>('#user-switcher');
const connection = required<HTMLElement>('#connection');
const empty = required<HTMLElement>('#empty-channel');
const channelMain = required<HTMLElement>('#channel-main');
const homeTab = required<HTMLElement>('#home-tab');
const openHome = required<HTMLButtonElement>('#open-home');
const openChannel = required<HTMLButtonElement>('#open-channel');
let showingHome = false;

const params = new URLSearchParams(location.search);
const state = createClientState(params.get('user') ?? localStorage.getItem('shipwatch.viewer') ?? '');
let source: EventSource | null = null;
let stickToBottom = true;

const composer = mountComposer(required<HTMLFormElement>('#composer'), async (text) => {
  stickToBottom = true;
  composer.setStatus(text.startsWith('/') ? `Sent ${text.split(/\s+/)[0]} — waiting for Shipwatch…` : '');
  const result = await api.command({ userId: state.viewerId, text });
  // Failures the server already explains in the channel (as Slack would) need no second message here.
  const explained = result.ok || result.error === 'unknown_command' || result.error === 'bot_failed';
  composer.setStatus(explained ? '' : `Not sent: ${result.error ?? 'error'}`, explained ? 'info' : 'error');
});

/** The server sends snapshots built from the WorkspaceSnapshot type; check the parts the page relies on. */
function isSnapshot(value: unknown): value is WorkspaceSnapshot {
  return (
    isObject(value) &&
    typeof value.viewerId === 'string' &&
    Array.isArray(value.timeline) &&
    Array.isArray(value.modals) &&
    Array.isArray(value.users)
  );
}

function render(): void {
  const snapshot = state.snapshot;
  if (!snapshot) return;
  const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 120;
  renderTimeline(timeline, state);
  renderModals(modalRoot, state);
  renderHome(required<HTMLElement>('#home-view'), required<HTMLElement>('#home-empty'), state);
  empty.hidden = snapshot.timeline.length > 0;
  if (nearBottom || stickToBottom) scroller.scrollTop = scroller.scrollHeight;
  stickToBottom = false;
}

function renderChrome(snapshot: WorkspaceSnapshot): void {
  required<HTMLElement>('#team-name').textContent = snapshot.team.name;
  required<HTMLElement>('#channel-name').textContent = snapshot.channel.name;
  required<HTMLElement>('#sidebar-channel').textContent = snapshot.channel.name;
  required<HTMLElement>('#channel-topic').textContent = snapshot.channel.topic;
  required<HTMLElement>('#bot-name').textContent = snapshot.bot.name;
  required<HTMLElement>('#home-bot-name').textContent = snapshot.bot.name;
  required<HTMLInputElement>('#composer-input').placeholder =
    `Message #${snapshot.channel.name} — type / for commands`;
  if (switcher.options.length !== snapshot.users.length) {
    switcher.innerHTML = snapshot.users
      .map(
        (user) =>
          `<option value="${escapeHtml(user.id)}">${escapeHtml(user.realName)} — ${user.isGuest ? 'guest' : 'member'} (${escapeHtml(user.tz)})</option>`,
      )
      .join('');
  }
  switcher.value = snapshot.viewerId;
  composer.setSuggestions(snapshot.suggestions);
  renderInstalls(snapshot);
}

/** The install demo: the workspaces to switch between, and "Add to Slack" while this one has no Shipwatch. */
function renderInstalls(snapshot: WorkspaceSnapshot): void {
  const installs = snapshot.installs;
  const list = required<HTMLElement>('#workspace-list');
  const banner = required<HTMLElement>('#install-banner');
  list.hidden = !installs;
  banner.hidden = !installs || installs.installed || installs.installUrl === '';
  if (!installs) return;
  required<HTMLAnchorElement>('#add-to-slack').href = installs.installUrl;
  required<HTMLElement>('#workspace-links').innerHTML =
    installs.workspaces
      .map(
        (workspace) =>
          `<a class="sidebar__item${workspace.current ? ' sidebar__item--active' : ''}" href="${escapeHtml(workspace.url)}" data-testid="workspace-${escapeHtml(workspace.id)}">${escapeHtml(workspace.name)}${workspace.installed ? '' : ' <small>(no Shipwatch)</small>'}</a>`,
      )
      .join('') +
    (installs.installUrl
      ? `<a class="sidebar__item" href="${escapeHtml(installs.installUrl)}" data-testid="sidebar-add-to-slack">➕ Add Shipwatch to a workspace</a>`
      : '');
}

function connect(): void {
  source?.close();
  source = new EventSource(`/events?user=${encodeURIComponent(state.viewerId)}`);
  connection.textContent = 'Connecting…';
  connection.dataset.state = 'connecting';
  source.addEventListener('open', () => {
    connection.textContent = 'Live';
    connection.dataset.state = 'live';
  });
  source.addEventListener('error', () => {
    connection.textContent = 'Reconnecting…';
    connection.dataset.state = 'down';
  });
  source.addEventListener('snapshot', (event) => {
    const snapshot: unknown = JSON.parse(event.data);
    if (!isSnapshot(snapshot)) return;
    const first = state.snapshot === null || state.viewerId !== snapshot.viewerId;
    state.viewerId = snapshot.viewerId;
    state.snapshot = snapshot;
    if (first) {
      stickToBottom = true;
      for (const entry of snapshot.timeline) {
        if (entry.kind === 'message') state.replyCounts.set(entry.ts, entry.replies.length);
      }
      renderChrome(snapshot);
    } else {
      renderInstalls(snapshot);
    }
    render();
    document.body.dataset.revision = String(snapshot.revision);
  });
}

/** The app's Home tab: opening it is `app_home_opened` for the bot, which publishes the viewer's Home. */
function showHome(show: boolean): void {
  showingHome = show;
  homeTab.hidden = !show;
  channelMain.hidden = show;
  openHome.classList.toggle('sidebar__item--active', show);
  openChannel.classList.toggle('sidebar__item--active', !show);
  if (show) void api.homeOpened({ userId: state.viewerId });
}
openHome.addEventListener('click', () => showHome(true));
openChannel.addEventListener('click', () => showHome(false));

switcher.addEventListener('change', () => {
  state.viewerId = switcher.value;
  state.snapshot = null;
  state.expandedThreads.clear();
  state.replyCounts.clear();
  timeline.replaceChildren();
  localStorage.setItem('shipwatch.viewer', state.viewerId);
  const url = new URL(location.href);
  url.searchParams.set('user', state.viewerId);
  history.replaceState(null, '', url);
  connect();
  if (showingHome) void api.homeOpened({ userId: state.viewerId });
});

installBrokenImageFallback();
installDataTables();
mountDemoTime(
  required<HTMLElement>('#demo-time'),
  () => state.snapshot?.users.find((user) => user.id === state.viewerId)?.tz,
  render,
);
installInteractions({
  state,
  confirmRoot,
  rerender: render,
  report: (text, tone) => composer.setStatus(text, tone),
});
connect();
