/**
 * The message box. Typing `/` lists the app's commands filled in with demo numbers; arrow keys, Tab or a click pick
 * one, Enter sends. What is sent goes to the server as the current user's command.
 */
import type { CommandSuggestion } from '../../protocol.js';
import { escapeHtml } from '../render/escape.js';

export interface Composer {
  setSuggestions(suggestions: CommandSuggestion[]): void;
  setStatus(text: string, tone?: 'info' | 'error'): void;
}

export function mountComposer(form: HTMLFormElement, onSend: (text: string) => Promise<void>): Composer {
  const input = form.querySelector<HTMLInputElement>('#composer-input');
  const list = form.querySelector<HTMLElement>('#composer-suggestions');
  const status = form.querySelector<HTMLElement>('#composer-status');
  if (!input || !list || !status) throw new Error('composer markup missing');
  let all: CommandSuggestion[] = [];
  let shown: CommandSuggestion[] = [];
  let active = -1;

  const draw = () => {
    const text = input.value.trimStart();
    shown = text.startsWith('/')
      ? all
          .filter((s) => s.command.toLowerCase().startsWith(text.toLowerCase()) && s.command !== text)
          .slice(0, 8)
      : [];
    if (active >= shown.length) active = shown.length - 1;
    list.hidden = shown.length === 0;
    input.setAttribute('aria-expanded', String(shown.length > 0));
    list.innerHTML = shown
      .map(
        (s, i) =>
          `<div role="option" id="suggestion-${i}" class="suggestion${i === active ? ' suggestion--active' : ''}" data-el="suggestion" data-index="${i}" aria-selected="${i === active}"><code>${escapeHtml(
            s.command,
          )}</code><span>${escapeHtml(s.description)}</span></div>`,
      )
      .join('');
  };
  const pick = (index: number) => {
    const suggestion = shown[index];
    if (!suggestion) return;
    input.value = suggestion.command;
    active = -1;
    draw();
    input.focus();
  };

  input.addEventListener('input', () => {
    active = -1;
    draw();
  });
  input.addEventListener('keydown', (event) => {
    if (shown.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      active = (active + step + shown.length) % shown.length;
      draw();
    } else if (event.key === 'Tab' || (event.key === 'Enter' && active >= 0)) {
      event.preventDefault();
      pick(Math.max(active, 0));
    } else if (event.key === 'Escape') {
      shown = [];
      list.hidden = true;
    }
  });
  list.addEventListener('mousedown', (event) => {
    const item =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-el="suggestion"]') : null;
    if (!item) return;
    event.preventDefault();
    pick(Number(item.dataset.index));
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text === '') return;
    input.value = '';
    draw();
    void onSend(text);
  });

  return {
    setSuggestions(suggestions) {
      all = suggestions;
      draw();
    },
    setStatus(text, tone = 'info') {
      status.textContent = text;
      status.dataset.tone = tone;
    },
  };
}
