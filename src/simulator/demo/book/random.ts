/**
 * A small seeded random source for generated demo data: the same seed gives the same sequence on every machine and
 * every run (mulberry32 over a 32-bit state taken from the seed's SHA-1), so a generated book is as stable as the
 * hand-written demo.
 */
import { createHash } from 'node:crypto';

export interface Random {
  /** [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** true with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: string): Random {
  let state = createHash('sha1').update(seed).digest().readUInt32BE(0);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick(items) {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() needs at least one item');
      return item;
    },
  };
}
