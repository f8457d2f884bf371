/** Reads a modal's inputs from the DOM into the InputValues the server turns into `view.state.values`. */
import type { InputValue, InputValues } from '../../protocol.js';

export function readInput(element: HTMLElement): InputValue | null {
  const kind = element.dataset.inputType;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    if (kind === 'date') return { type: 'date', value: element.value === '' ? null : element.value };
    return { type: 'text', value: element.value };
  }
  if (element instanceof HTMLSelectElement) {
    if (kind === 'options')
      return { type: 'options', values: Array.from(element.selectedOptions).map((o) => o.value) };
    return { type: 'option', value: element.value === '' ? null : element.value };
  }
  // Radio buttons and checkboxes: a group element holding the inputs.
  const checked = Array.from(element.querySelectorAll<HTMLInputElement>('input:checked')).map(
    (input) => input.value,
  );
  if (kind === 'options') return { type: 'options', values: checked };
  if (kind === 'option') return { type: 'option', value: checked[0] ?? null };
  return null;
}

export function readModalValues(modal: HTMLElement): InputValues {
  const values: InputValues = {};
  for (const element of Array.from(modal.querySelectorAll<HTMLElement>('[data-el="input"]'))) {
    const blockId = element.dataset.blockId;
    const actionId = element.dataset.actionId;
    const value = readInput(element);
    if (!blockId || !actionId || !value) continue;
    values[blockId] = { ...values[blockId], [actionId]: value };
  }
  return values;
}

/** What Slack's client checks before it sends a submission: required inputs and text length limits. */
export function validateModal(modal: HTMLElement): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const block of Array.from(modal.querySelectorAll<HTMLElement>('.bk-input-block'))) {
    const blockId = block.dataset.blockId ?? '';
    const input = block.querySelector<HTMLElement>('[data-el="input"]');
    if (!input) continue;
    const value = readInput(input);
    const empty =
      !value ||
      (value.type === 'text' && value.value.trim() === '') ||
      ((value.type === 'option' || value.type === 'date') && value.value === null) ||
      (value.type === 'options' && value.values.length === 0);
    if (empty) {
      if (block.dataset.required === 'true') errors[blockId] = 'Please complete this required field.';
      continue;
    }
    if (value.type === 'text') {
      const min = Number(input.dataset.minLength ?? 0);
      const max = Number(input.dataset.maxLength ?? Number.POSITIVE_INFINITY);
      if (value.value.length < min) errors[blockId] = `Please enter at least ${min} characters.`;
      if (value.value.length > max) errors[blockId] = `Please enter no more than ${max} characters.`;
    }
  }
  return errors;
}
