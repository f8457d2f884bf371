/** `terminal` and `rail_terminal` attributes, including the live-only `provided_data` map. */
import { z } from 'zod';
import { looseMap, optionalString } from './common.js';

export const terminalAttributesSchema = z.object({
  name: optionalString,
  nickname: optionalString,
  firms_code: optionalString,
  /** Which fields the terminal reports, e.g. `{fees_at_pod_terminal: false, pickup_lfd: true}`. */
  provided_data: looseMap,
});

export type TerminalAttributes = z.infer<typeof terminalAttributesSchema>;
