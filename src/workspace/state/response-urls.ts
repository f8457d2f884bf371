/**
 * response_urls as Slack issues them: each one belongs to one slash command or one interaction, and may be used
 * up to 5 times within 30 minutes. The context remembers which message an interaction came from, because
 * `replace_original` / `delete_original` act on that message and nothing else.
 */
import { randomBytes } from 'node:crypto';

export const RESPONSE_URL_MAX_USES = 5;
export const RESPONSE_URL_TTL_MS = 30 * 60 * 1000;

export type ResponseContext =
  | { kind: 'command'; userId: string; command: string; text: string; invocationId: string }
  | { kind: 'message'; userId: string; messageTs: string };

export type ResponseUrlUse =
  | { ok: true; context: ResponseContext }
  | { ok: false; error: 'invalid_url' | 'expired_url' | 'used_url' };

export interface ResponseUrlRegistry {
  /** Returns the token to put after `/response/`. */
  issue(context: ResponseContext): string;
  use(token: string): ResponseUrlUse;
}

export function createResponseUrlRegistry(now: () => number = Date.now): ResponseUrlRegistry {
  const entries = new Map<string, { context: ResponseContext; issuedAt: number; uses: number }>();
  return {
    issue(context) {
      const token = randomBytes(18).toString('base64url');
      entries.set(token, { context, issuedAt: now(), uses: 0 });
      return token;
    },
    use(token) {
      const entry = entries.get(token);
      if (!entry) return { ok: false, error: 'invalid_url' };
      if (now() - entry.issuedAt > RESPONSE_URL_TTL_MS) return { ok: false, error: 'expired_url' };
      if (entry.uses >= RESPONSE_URL_MAX_USES) return { ok: false, error: 'used_url' };
      entry.uses += 1;
      return { ok: true, context: entry.context };
    },
  };
}
