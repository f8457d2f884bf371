/** `terminal` and `rail_terminal` attributes, including the live-only `provided_data` map. */
import { looseMap, object, text as optionalString, type ShapeOutput, schema } from './fields.js';

const terminalShape = {
  name: optionalString,
  nickname: optionalString,
  firms_code: optionalString,
  /** Which fields the terminal reports, e.g. `{fees_at_pod_terminal: false, pickup_lfd: true}`. */
  provided_data: looseMap,
};

export const terminalAttributesSchema = schema(object(terminalShape));

export type TerminalAttributes = ShapeOutput<typeof terminalShape>;
