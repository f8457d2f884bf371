/**
 * One delegated handler for everything clickable in the channel and in modals. Elements are found again in the
 * snapshot by (block_id, action_id), so confirm dialogs and options come from the bot's JSON, not from the DOM.
 */
import type { ActionSource, InputValues } from '../../protocol.js';
import { findElement, findOption } from '../../shared/find-element.js';
import { arrayAt, type JsonObject, objectAt, stringAt } from '../../shared/json-reader.js';
import { api } from '../client/api.js';
import { type ClientState, findMessage } from '../client/client-state.js';
import { renderContextFor } from '../client/render-context.js';
import { safeUrl } from '../render/escape.js';
import { askConfirm } from './confirm-dialog.js';
import { readModalValues, validateModal } from './modal-values.js';

export interface InteractionHost {
  state: ClientState;
  confirmRoot: HTMLElement;
  rerender(): void;
  report(text: string, tone?: 'info' | 'error'): void;
}

interface Target {
  source: ActionSource;
  blocks: unknown[];
  modal: HTMLElement | null;
}

function targetOf(host: InteractionHost, element: HTMLElement): Target | null {
  const modal = element.closest<HTMLElement>('.modal');
  if (modal?.dataset.viewId) {
    const open = host.state.snapshot?.modals.find((m) => m.viewId === modal.dataset.viewId);
    return open
      ? { source: { kind: 'view', viewId: open.viewId }, blocks: arrayAt(open.view, 'blocks') ?? [], modal }
      : null;
  }
  const home = element.closest<HTMLElement>('.home-view');
  const published = host.state.snapshot?.home;
  if (home?.dataset.viewId && published && published.id === home.dataset.viewId) {
    return {
      source: { kind: 'view', viewId: home.dataset.viewId },
      blocks: arrayAt(published, 'blocks') ?? [],
      modal: null,
    };
  }
  const article = element.closest<HTMLElement>('article[data-ts]');
  const message = article?.dataset.ts ? findMessage(host.state, article.dataset.ts) : null;
  const channelId = host.state.snapshot?.channel.id ?? '';
  return message
    ? { source: { kind: 'message', channelId, ts: message.ts }, blocks: message.blocks, modal: null }
    : null;
}

async function confirmed(host: InteractionHost, element: JsonObject): Promise<boolean> {
  const confirm = objectAt(element, 'confirm');
  if (!confirm || !host.state.snapshot) return true;
  return askConfirm(host.confirmRoot, confirm, renderContextFor(host.state.snapshot, 'message'));
}

async function sendAction(
  host: InteractionHost,
  control: HTMLElement,
  selectedValue?: string,
): Promise<boolean> {
  const target = targetOf(host, control);
  const blockId = control.dataset.blockId ?? '';
  const actionId = control.dataset.actionId ?? '';
  const found = target ? findElement(target.blocks, blockId, actionId) : null;
  if (!target || !found) return false;
  if (!(await confirmed(host, found.element))) return false;
  const values: InputValues | undefined = target.modal ? readModalValues(target.modal) : undefined;
  const result = await api.action({
    userId: host.state.viewerId,
    source: target.source,
    blockId,
    actionId,
    ...(selectedValue !== undefined ? { selectedValue } : {}),
    ...(values ? { values } : {}),
  });
  if (!result.ok) host.report(`That action did not go through (${result.error ?? 'error'}).`, 'error');
  return true;
}

/** The value a dispatch_action input sends with its block action (selects, radio buttons, date pickers). */
function dispatchedValue(control: HTMLElement): string | undefined {
  if (control instanceof HTMLSelectElement || control instanceof HTMLInputElement) return control.value;
  return control.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;
}

function closeMenus(except?: Element | null): void {
  for (const menu of Array.from(document.querySelectorAll<HTMLElement>('.bk-overflow__menu:not([hidden])'))) {
    if (menu.parentElement === except) continue;
    menu.hidden = true;
    menu.parentElement?.querySelector('[data-el="overflow"]')?.setAttribute('aria-expanded', 'false');
  }
}

export function installInteractions(host: InteractionHost): void {
  document.addEventListener('click', (event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-el]') : null;
    if (!control?.closest('.bk-overflow')) closeMenus();
    if (!control) return;
    switch (control.dataset.el) {
      case 'button': {
        const target = targetOf(host, control);
        const found = target
          ? findElement(target.blocks, control.dataset.blockId ?? '', control.dataset.actionId ?? '')
          : null;
        const url = found ? safeUrl(stringAt(found.element, 'url') ?? '') : null;
        if (url) window.open(url, '_blank', 'noopener,noreferrer');
        void sendAction(host, control);
        break;
      }
      case 'overflow': {
        const menu = control.parentElement?.querySelector<HTMLElement>('.bk-overflow__menu');
        if (!menu) break;
        closeMenus(control.parentElement);
        menu.hidden = !menu.hidden;
        control.setAttribute('aria-expanded', String(!menu.hidden));
        break;
      }
      case 'overflow-option': {
        closeMenus();
        const target = targetOf(host, control);
        const found = target
          ? findElement(target.blocks, control.dataset.blockId ?? '', control.dataset.actionId ?? '')
          : null;
        const option = found ? findOption(found.element, control.dataset.value ?? '') : null;
        const url = option ? safeUrl(stringAt(option, 'url') ?? '') : null;
        if (url) window.open(url, '_blank', 'noopener,noreferrer');
        void sendAction(host, control, control.dataset.value ?? '');
        break;
      }
      case 'thread-toggle': {
        const ts = control.closest<HTMLElement>('.thread')?.dataset.threadFor ?? '';
        if (host.state.expandedThreads.has(ts)) host.state.expandedThreads.delete(ts);
        else host.state.expandedThreads.add(ts);
        host.rerender();
        break;
      }
      case 'dismiss': {
        const ts = control.closest<HTMLElement>('article[data-ts]')?.dataset.ts;
        if (ts) void api.dismiss({ userId: host.state.viewerId, ts });
        break;
      }
      case 'modal-close': {
        const viewId = control.closest<HTMLElement>('.modal')?.dataset.viewId;
        if (viewId) void api.close({ userId: host.state.viewerId, viewId });
        break;
      }
    }
  });

  document.addEventListener('change', (event) => {
    const control =
      event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-el]') : null;
    if (!control) return;
    if (control.dataset.el === 'select' && control instanceof HTMLSelectElement) {
      const chosen = control.value;
      void sendAction(host, control, chosen).then((sent) => {
        if (!sent) control.value = '';
      });
    } else if (control.dataset.el === 'input' && control.closest('[data-dispatch="true"]')) {
      void sendAction(host, control, dispatchedValue(control));
    }
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || host.confirmRoot.childElementCount > 0) return;
    if (document.querySelector('.bk-overflow__menu:not([hidden])')) {
      closeMenus();
      return;
    }
    const viewId = document.querySelector<HTMLElement>('#modal-root .modal')?.dataset.viewId;
    if (viewId) void api.close({ userId: host.state.viewerId, viewId });
  });

  document.addEventListener('submit', (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (form?.dataset.el !== 'modal-form') return;
    event.preventDefault();
    const modal = form.closest<HTMLElement>('.modal');
    const viewId = modal?.dataset.viewId;
    if (!modal || !viewId) return;
    const errors = validateModal(modal);
    host.state.clientErrors.set(viewId, errors);
    if (Object.keys(errors).length > 0) {
      host.rerender();
      return;
    }
    const submit = modal.querySelector<HTMLButtonElement>('[data-el="modal-submit"]');
    if (submit) submit.disabled = true;
    void api
      .submit({ userId: host.state.viewerId, viewId, values: readModalValues(modal) })
      .then((result) => {
        if (submit) submit.disabled = false;
        if (!result.ok) host.report(`The form was not submitted (${result.error ?? 'error'}).`, 'error');
      });
  });
}
