/**
 * Work Objects on the page: clicking a preview asks for its details (the server sends entity_details_requested), the
 * flexpane shows what the app presented, and its buttons go to the app as block actions; ✕ closes it.
 */
import { api } from '../client/api.js';
import type { ClientState } from '../client/client-state.js';
import { renderContextFor } from '../client/render-context.js';
import { renderFlexpane } from '../render/unfurl.js';

export function renderFlexpaneInto(root: HTMLElement, state: ClientState): void {
  const snapshot = state.snapshot;
  const pane = snapshot?.flexpane ?? null;
  const version = pane ? String(pane.version) : '';
  if (root.dataset.version === version) return;
  root.dataset.version = version;
  root.innerHTML = snapshot ? renderFlexpane(pane, renderContextFor(snapshot, 'message')) : '';
}

export function installFlexpane(
  state: ClientState,
  report: (text: string, tone?: 'info' | 'error') => void,
): void {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const open = target?.closest<HTMLElement>('[data-el="open-entity"]');
    if (open) {
      const ts = open.closest<HTMLElement>('article[data-ts]')?.dataset.ts ?? '';
      void api.openEntity({ userId: state.viewerId, ts, url: open.dataset.url ?? '' }).then((result) => {
        if (!result.ok) report(`Could not open the preview: ${result.error ?? 'error'}`, 'error');
      });
      return;
    }
    if (target?.closest('[data-el="close-flexpane"]')) {
      void api.closeFlexpane({ userId: state.viewerId });
      return;
    }
    const action = target?.closest<HTMLElement>('[data-el="flexpane-action"]');
    if (action) {
      void api
        .flexpaneAction({
          userId: state.viewerId,
          actionId: action.dataset.actionId ?? '',
          value: action.dataset.value ?? '',
        })
        .then((result) => {
          if (!result.ok) report(`The app did not take the click: ${result.error ?? 'error'}`, 'error');
        });
    }
  });
}
