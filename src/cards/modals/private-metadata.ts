/**
 * A modal's private_metadata travels through Slack and comes back with the submission, so each modal writes it as
 * compact JSON within Slack's limit and reads it back through its own schema: metadata that does not parse is refused
 * rather than trusted.
 */
import type { z } from 'zod';
import { MAX_PRIVATE_METADATA } from '../format/block-kit-limits.js';

/**
 * The first of `candidates` (fullest first) whose JSON fits Slack's limit. Each is built only when the ones before it
 * did not fit, so the common case serialises once.
 */
export function firstFittingJson(what: string, candidates: ReadonlyArray<() => unknown>): string {
  for (const candidate of candidates) {
    const json = JSON.stringify(candidate());
    if (json.length <= MAX_PRIVATE_METADATA) return json;
  }
  throw new RangeError(`${what} metadata does not fit in ${MAX_PRIVATE_METADATA} characters`);
}

/** The metadata read back through `schema`, or null when it is missing, not JSON or not ours. */
export function parsePrivateMetadata<T>(schema: z.ZodType<T>, raw: string | undefined): T | null {
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
