/**
 * The viewer's Home tab: the view the bot last published for them (views.publish), drawn with the same block
 * renderer as messages. Redrawn only when the bot publishes a new one (its hash changes), so a table the reader
 * sorted or filtered stays as they left it between other updates.
 */
import { arrayAt, stringAt } from '../../shared/json-reader.js';
import type { ClientState } from '../client/client-state.js';
import { renderContextFor } from '../client/render-context.js';
import { renderBlocks } from '../render/blocks.js';
import { layOutTables } from './data-table.js';

export function renderHome(root: HTMLElement, empty: HTMLElement, state: ClientState): void {
  const snapshot = state.snapshot;
  const home = snapshot?.home ?? null;
  empty.hidden = home !== null;
  if (!snapshot || home === null) {
    root.replaceChildren();
    delete root.dataset.viewId;
    delete root.dataset.hash;
    return;
  }
  const hash = stringAt(home, 'hash') ?? '';
  if (root.dataset.hash === hash && root.dataset.viewer === snapshot.viewerId) return;
  root.dataset.viewId = stringAt(home, 'id') ?? '';
  root.dataset.hash = hash;
  root.dataset.viewer = snapshot.viewerId;
  root.innerHTML = renderBlocks(arrayAt(home, 'blocks') ?? [], renderContextFor(snapshot, 'message'));
  layOutTables(root);
}
