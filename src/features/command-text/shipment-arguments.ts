/** What `/shipment` needs from its text: the numbers to look up, a few at a time, and whether to answer privately. */
import { type Parsed, parseLookup, splitNumbers } from './arguments.js';

/** Numbers one command may look up: each card costs a request or two of the account's minute. */
export const MAX_NUMBERS = 3;

export interface ShipmentArguments {
  /** In the order typed; one number typed with spaces stays one (`splitNumbers`). */
  numbers: string[];
  /** `private`: answer only to the caller. */
  private: boolean;
}

/** `<number…> [private]`: up to {@link MAX_NUMBERS} numbers. */
export function parseShipmentLookup(text: string): Parsed<ShipmentArguments> {
  const parsed = parseLookup(text);
  if (!parsed.ok) return parsed;
  const numbers = splitNumbers(parsed.value.query, { separate: parsed.value.separate === true });
  if (numbers.length > MAX_NUMBERS) {
    return { ok: false, problem: `Give at most ${MAX_NUMBERS} numbers at a time.` };
  }
  return { ok: true, value: { numbers, private: parsed.value.private } };
}
