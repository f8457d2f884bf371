/**
 * What the page takes for "now" when it renders Slack's relative date tokens ("{ago}", "today"): the browser's
 * clock, or demo time once the demo-time control has read it, so "3 hours ago" agrees with the cards the bot
 * renders on the same demo clock.
 */
let source: () => number = () => Date.now();
let epoch = 0;

export function pageNow(): number {
  return source();
}

export function usePageClock(next: () => number): void {
  source = next;
}

/** Bumped when demo time jumps: rendered messages whose phrases depend on "now" are then rendered again. */
export function pageClockMoved(): void {
  epoch += 1;
}

export function pageClockEpoch(): number {
  return epoch;
}
