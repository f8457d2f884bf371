/** Block Kit confirmation dialogs (`confirm` on a button, overflow or select): resolves true on confirm. */
import type { JsonObject } from '../../shared/json-reader.js';
import type { RenderContext } from '../render/context.js';
import { escapeHtml } from '../render/escape.js';
import { plainOf, renderTextObject } from '../render/text.js';

export function askConfirm(root: HTMLElement, confirm: JsonObject, context: RenderContext): Promise<boolean> {
  const danger = confirm.style === 'danger';
  root.innerHTML = `<div class="confirm-backdrop"><div class="confirm" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" data-testid="confirm"><h2 id="confirm-title" class="confirm__title">${escapeHtml(
    plainOf(confirm.title) || 'Are you sure?',
  )}</h2><div class="confirm__text">${renderTextObject(confirm.text, context)}</div><div class="confirm__buttons"><button type="button" class="bk-button" data-confirm="deny">${escapeHtml(
    plainOf(confirm.deny) || 'Cancel',
  )}</button><button type="button" class="bk-button ${danger ? 'bk-button--danger' : 'bk-button--primary'}" data-confirm="confirm">${escapeHtml(
    plainOf(confirm.confirm) || 'Yes',
  )}</button></div></div></div>`;
  return new Promise((resolve) => {
    const finish = (answer: boolean) => {
      root.replaceChildren();
      document.removeEventListener('keydown', onKey, true);
      resolve(answer);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') finish(false);
    };
    document.addEventListener('keydown', onKey, true);
    root.querySelector<HTMLElement>('[data-confirm="deny"]')?.addEventListener('click', () => finish(false));
    root
      .querySelector<HTMLElement>('[data-confirm="confirm"]')
      ?.addEventListener('click', () => finish(true));
    root.querySelector<HTMLElement>('[data-confirm="confirm"]')?.focus();
  });
}
