/**
 * Shows the top of the viewer's modal stack. A modal is redrawn only when its view, hash or errors change; what the
 * reader typed is kept across redraws of the same view (validation errors) and dropped when `views.update` gives
 * the view a new hash (the bot's loading → loaded swap brings its own initial values).
 */
import type { ClientState } from '../client/client-state.js';
import { renderContextFor } from '../client/render-context.js';
import { renderModal } from '../render/modal.js';
import { readModalValues } from './modal-values.js';

export function renderModals(root: HTMLElement, state: ClientState): void {
  const snapshot = state.snapshot;
  const top = snapshot?.modals.at(-1);
  if (!snapshot || !top) {
    root.replaceChildren();
    state.modalValues.clear();
    state.clientErrors.clear();
    document.body.classList.remove('has-modal');
    return;
  }
  const clientErrors = state.clientErrors.get(top.viewId) ?? {};
  const signature = `${top.viewId}|${top.hash}|${top.version}|${JSON.stringify(clientErrors)}|${snapshot.modals.length}`;
  const current = root.querySelector<HTMLElement>('.modal');
  if (current?.dataset.signature === signature) return;

  // Keep what was typed into the view being replaced, if it is the same view.
  if (current?.dataset.viewId) {
    const stored = state.modalValues.get(current.dataset.viewId);
    state.modalValues.set(current.dataset.viewId, {
      hash: current.dataset.hash ?? '',
      values: { ...stored?.values, ...readModalValues(current) },
    });
  }
  const stored = state.modalValues.get(top.viewId);
  const values = stored && stored.hash === top.hash ? stored.values : {};
  if (stored && stored.hash !== top.hash) state.modalValues.delete(top.viewId);

  const context = renderContextFor(snapshot, 'modal', { errors: { ...top.errors, ...clientErrors }, values });
  const focusedId = document.activeElement instanceof HTMLElement ? document.activeElement.id : '';
  root.innerHTML = renderModal(top, snapshot.modals.length, context);
  document.body.classList.add('has-modal');
  const modal = root.querySelector<HTMLElement>('.modal');
  if (!modal) return;
  modal.dataset.signature = signature;
  const refocus = focusedId ? modal.querySelector<HTMLElement>(`#${CSS.escape(focusedId)}`) : null;
  const firstError = modal.querySelector<HTMLElement>('.bk-input-block--error [data-el="input"]');
  const firstInput = modal.querySelector<HTMLElement>('[data-el="input"]');
  (refocus ?? firstError ?? firstInput)?.focus();
}
