/**
 * How many request bodies an endpoint reads at once: each read buffers a body, so a flood of them is bounded by
 * `limit` buffers. A request past the limit waits up to `queueMs` for a slot, then is refused (the caller answers 503)
 * rather than queueing without end.
 */

export interface ReadSlots {
  /** True once the request has a slot; false when none came free within the wait. */
  take(): Promise<boolean>;
  /** Hands the slot straight to the next waiting request (the count stays), or frees it. */
  release(): void;
}

export function createReadSlots(options: { limit: number; queueMs: number }): ReadSlots {
  let reading = 0;
  const waiting: Array<() => void> = [];
  return {
    async take() {
      if (reading < options.limit) {
        reading += 1;
        return true;
      }
      return new Promise<boolean>((resolve) => {
        const grant = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          resolve(false);
        }, options.queueMs);
        waiting.push(grant);
      });
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else reading -= 1;
    },
  };
}
