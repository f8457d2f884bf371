/**
 * Reading a submitted form: its inputs by block id, then input id, in the shape Block Kit reports a modal's state
 * (free text, one selected option, or several). Only the fields read here are named, so Bolt's view state fits as is
 * and the validation rules of use cases never import Slack's types.
 */

export interface FormInput {
  value?: string | null;
  selected_option?: { value: string } | null;
  selected_options?: ReadonlyArray<{ value: string }>;
}

export type FormValues = Readonly<Record<string, Readonly<Record<string, FormInput>>>>;

/** The submitted text, or null when the input was left empty or is not in the form. */
export function textValue(values: FormValues, blockId: string, actionId: string): string | null {
  const value = values[blockId]?.[actionId]?.value;
  return typeof value === 'string' ? value : null;
}

/** Every submitted value of an input: its text, its selected option, or its selected options. Empty when none. */
export function submittedValues(values: FormValues, blockId: string, actionId: string): string[] | null {
  const state = values[blockId]?.[actionId];
  if (!state) return null;
  if (Array.isArray(state.selected_options)) return state.selected_options.map((option) => option.value);
  if (state.selected_option) return [state.selected_option.value];
  if (typeof state.value === 'string') return [state.value];
  return [];
}
