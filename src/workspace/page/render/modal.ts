/**
 * A modal as Slack draws it: title bar with close (or back, for a pushed view), the blocks with inputs, and the
 * close/submit buttons from the view's own `close` and `submit` texts.
 */
import type { OpenModal } from '../../protocol.js';
import { arrayAt, objectAt } from '../../shared/json-reader.js';
import { renderBlocks } from './blocks.js';
import type { RenderContext } from './context.js';
import { escapeHtml } from './escape.js';
import { plainOf } from './text.js';

export function renderModal(modal: OpenModal, depth: number, context: RenderContext): string {
  const { view } = modal;
  const title = escapeHtml(plainOf(view.title) || 'Shipwatch');
  const close = escapeHtml(plainOf(objectAt(view, 'close')) || 'Cancel');
  const submit = objectAt(view, 'submit')
    ? `<button type="submit" class="bk-button bk-button--primary" data-el="modal-submit">${escapeHtml(
        plainOf(view.submit),
      )}</button>`
    : '';
  const back =
    depth > 1
      ? '<button type="button" class="modal__icon" data-el="modal-close" aria-label="Back">‹</button>'
      : '';
  return `<div class="modal-backdrop"><div class="modal" role="dialog" aria-modal="true" aria-labelledby="modal-title" data-testid="modal" data-view-id="${escapeHtml(
    modal.viewId,
  )}" data-hash="${escapeHtml(modal.hash)}" data-callback-id="${escapeHtml(
    typeof view.callback_id === 'string' ? view.callback_id : '',
  )}"><header class="modal__header">${back}<h2 class="modal__title" id="modal-title">${title}</h2><button type="button" class="modal__icon" data-el="modal-close" aria-label="Close">×</button></header><form class="modal__body" data-el="modal-form" novalidate>${renderBlocks(
    arrayAt(view, 'blocks') ?? [],
    context,
  )}<footer class="modal__footer"><button type="button" class="bk-button" data-el="modal-close">${close}</button>${submit}</footer></form></div></div>`;
}
