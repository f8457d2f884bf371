/**
 * Wraps a TrackingClient so every error it rejects with is kept (the error object itself): the secret-hygiene suite
 * reads their messages, causes and properties, and the fault suites can tell which code the bot received.
 */
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';

export interface RecordedTrackingError {
  method: string;
  error: unknown;
}

export function recordTrackingErrors<T extends TrackingClient>(
  client: T,
): { client: T; errors: RecordedTrackingError[] } {
  const errors: RecordedTrackingError[] = [];
  const proxy = new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            errors.push({ method: String(property), error });
            throw error;
          });
        }
        return result;
      };
    },
  });
  return { client: proxy, errors };
}

/** Everything an error could show: name, message, stack, causes and own properties, as one string. */
export function describeErrorDeeply(error: unknown, depth = 0): string {
  if (depth > 4) return '';
  if (!(error instanceof Error)) {
    try {
      return JSON.stringify(error) ?? String(error);
    } catch {
      return String(error);
    }
  }
  const own: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(error)) {
    if (key === 'stack' || key === 'message' || key === 'cause') continue;
    own[key] = Reflect.get(error, key);
  }
  let ownText = '';
  try {
    ownText = JSON.stringify(own);
  } catch {
    ownText = Object.keys(own).join(',');
  }
  return [
    error.name,
    error.message,
    error.stack ?? '',
    ownText,
    error.cause === undefined ? '' : describeErrorDeeply(error.cause, depth + 1),
  ].join('\n');
}
