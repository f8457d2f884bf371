/**
 * Waits for a write at most until a deadline. The write itself is never cancelled — once sent, the API may apply it
 * whatever we do — so a late answer is still awaited and reported, only no longer inside Slack's 3-second ack.
 */

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export type DeadlineRace<T> =
  | { settled: true; outcome: Settled<T> }
  | { settled: false; late: Promise<Settled<T>> };

export async function settleWithin<T>(work: Promise<T>, deadlineMs: number): Promise<DeadlineRace<T>> {
  const outcome: Promise<Settled<T>> = work.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), Math.max(0, deadlineMs));
  });
  const first = await Promise.race([outcome, expired]);
  clearTimeout(timer);
  return first === 'expired' ? { settled: false, late: outcome } : { settled: true, outcome: first };
}
