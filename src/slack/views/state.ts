/** Reading submitted modal inputs: free text, one selected option, or several. */
import type { ViewOutput } from '@slack/bolt';

export type StateValues = ViewOutput['state']['values'];

/** The submitted text, or null when the input was left empty or is not in the view. */
export function textValue(values: StateValues, blockId: string, actionId: string): string | null {
  const value = values[blockId]?.[actionId]?.value;
  return typeof value === 'string' ? value : null;
}

/** Every submitted value of an input: its text, its selected option, or its selected options. Empty when none. */
export function submittedValues(values: StateValues, blockId: string, actionId: string): string[] | null {
  const state = values[blockId]?.[actionId];
  if (!state) return null;
  if (Array.isArray(state.selected_options)) return state.selected_options.map((option) => option.value);
  if (state.selected_option) return [state.selected_option.value];
  if (typeof state.value === 'string') return [state.value];
  return [];
}
