/** What `/shipwatch track` needs from its text: the number to track, and the carrier when one is named. */
import { readScac } from '../tracking/choose-carrier.js';
import { tokenize } from './tokenize.js';

/** `<number> [SCAC]`: the last word is a SCAC when there are two or more and it has 2–4 letters. */
export function parseTrack(text: string): { number: string; scac: string | null } | null {
  const words = tokenize(text);
  if (words.length === 0) return null;
  const last = words[words.length - 1] ?? '';
  const scac = words.length > 1 && /^[A-Za-z]{2,4}$/.test(last) ? readScac(last) : null;
  const number = (scac ? words.slice(0, -1) : words).join('');
  return number === '' || number.length > 40 ? null : { number, scac };
}
