/**
 * What people paste after a slash command is messy: full-width characters from CJK keyboards, no-break and
 * zero-width spaces from spreadsheets and web pages, control characters, and sometimes whole documents. This makes
 * it plain text of bounded length before anything tries to understand it. Nothing is rejected for its shape here.
 * Slack escapes `&`, `<` and `>` in a command's text (docs/slack-platform.md#formatting-and-escaping); they are
 * decoded once, so `ref=R&D` is written as R&D, not R&amp;D (whatever shows it later escapes it again).
 */

/** Longer input is cut: no identifier or option we accept comes anywhere near this. */
export const MAX_COMMAND_TEXT = 1_000;

const INVISIBLE = /[\p{Cf}\u180E]/gu; // format characters: zero-width spaces/joiners, BOM, direction marks
const CONTROL = /\p{Cc}/gu;
const SPACES = /[\s\p{Zs}]+/gu;
const SLACK_ENTITY = /&(amp|lt|gt);/g;
const DECODED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>' };

export function sanitizeCommandText(text: string | undefined | null): string {
  const bounded = (text ?? '').slice(0, MAX_COMMAND_TEXT * 2);
  return bounded
    .replace(SLACK_ENTITY, (_, name: string) => DECODED[name] ?? '')
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(CONTROL, ' ')
    .replace(SPACES, ' ')
    .trim()
    .slice(0, MAX_COMMAND_TEXT)
    .trim();
}
