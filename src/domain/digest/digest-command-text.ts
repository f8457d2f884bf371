/**
 * What `/shipwatch digest …` asks for, read from its words (README "Daily digests"): a time with `weekdays` maybe
 * after it, `off`, or `now`. Pure: the use case (features/digests/digest-request.ts) decides what follows.
 */
import { parseDigestTime } from './digest-schedule.js';

export type DigestRequest =
  | { kind: 'set'; hour: number; minute: number; workingDaysOnly: boolean }
  | { kind: 'off' }
  | { kind: 'now' };

export function parseDigestText(text: string): DigestRequest | { problem: string } {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const [first, second, ...rest] = words;
  if (first === undefined) return { problem: 'Say when: `/shipwatch digest 08:00`, or `off`, or `now`.' };
  if (words.length === 1 && first === 'off') return { kind: 'off' };
  if (words.length === 1 && first === 'now') return { kind: 'now' };
  const time = parseDigestTime(first);
  if (time === null)
    return { problem: `\`${first.slice(0, 20)}\` is not a time: write it as HH:MM, e.g. 08:00.` };
  if (rest.length > 0 || (second !== undefined && !['weekdays', 'workdays', 'working-days'].includes(second)))
    return { problem: 'After the time, only `weekdays` may follow.' };
  return { kind: 'set', ...time, workingDaysOnly: second !== undefined };
}
