/**
 * A short-lived cache of parsed read results. Terminal data changes hourly at best, while a busy channel asks for the
 * same shipment many times a minute; a few seconds of staleness is worth the quota. Entries carry tags
 * (`container:ID`, `tracking_request:ID` …) so a write can drop exactly the reads it made stale. Bounded in size:
 * the oldest entry goes first.
 */
import type { Clock } from '../../clock.js';

export interface TtlCache {
  get(key: string): { value: unknown } | undefined;
  /** `expiresAt`: sooner than the TTL from now (a value that was already some time old when it arrived). */
  set(key: string, value: unknown, tags: readonly string[], expiresAt?: number): void;
  invalidateTag(tag: string): void;
  clear(): void;
  readonly size: number;
}

export interface TtlCacheOptions {
  /** 0 disables caching. */
  ttlMs: number;
  clock: Clock;
  maxEntries?: number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
  tags: readonly string[];
}

export function createTtlCache(options: TtlCacheOptions): TtlCache {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();
  const keysByTag = new Map<string, Set<string>>();

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= options.clock.now().getTime()) {
        remove(key);
        return undefined;
      }
      return { value: entry.value };
    },
    set(key, value, tags, expiresAt) {
      if (options.ttlMs <= 0) return;
      remove(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) remove(oldest.value);
      }
      const fullTerm = options.clock.now().getTime() + options.ttlMs;
      entries.set(key, { value, expiresAt: Math.min(fullTerm, expiresAt ?? fullTerm), tags });
      for (const tag of tags) {
        let keys = keysByTag.get(tag);
        if (keys === undefined) {
          keys = new Set();
          keysByTag.set(tag, keys);
        }
        keys.add(key);
      }
    },
    invalidateTag(tag) {
      const keys = keysByTag.get(tag);
      if (keys === undefined) return;
      for (const key of [...keys]) remove(key);
    },
    clear() {
      entries.clear();
      keysByTag.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
