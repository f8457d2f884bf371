/**
 * Identical concurrent reads share one upstream request: fifty people clicking Refresh on the same card cost one API
 * call and one parse. A read started after a write (a newer `epoch`) never joins a read that began before it, so it
 * cannot receive pre-write data. Writes never come through here.
 */

export interface Coalescer {
  run<T>(key: string, epoch: number, start: () => Promise<T>): Promise<T>;
  readonly inFlight: number;
}

interface Flight {
  epoch: number;
  promise: Promise<unknown>;
}

export function createCoalescer(): Coalescer {
  const flights = new Map<string, Flight>();
  return {
    run<T>(key: string, epoch: number, start: () => Promise<T>): Promise<T> {
      const existing = flights.get(key);
      // SAFETY: a key is only ever started by the read that owns it (same URL, same parser), so its promise is a T.
      if (existing !== undefined && existing.epoch === epoch) return existing.promise as Promise<T>;
      const promise = start();
      const flight: Flight = { epoch, promise };
      flights.set(key, flight);
      const done = () => {
        if (flights.get(key) === flight) flights.delete(key);
      };
      promise.then(done, done);
      return promise;
    },
    get inFlight() {
      return flights.size;
    },
  };
}
