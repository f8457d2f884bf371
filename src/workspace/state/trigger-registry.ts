/**
 * trigger_ids as Slack issues them: one per interaction, usable once, within 3 seconds. Bots that call the tracking
 * API before views.open fail here exactly as they would in Slack (`expired_trigger_id`), which is the point.
 */
import { randomBytes } from 'node:crypto';

export const TRIGGER_TTL_MS = 3_000;

export type TriggerUse =
  | { ok: true; userId: string }
  | { ok: false; error: 'invalid_trigger_id' | 'expired_trigger_id' | 'exchanged_trigger_id' };

export interface TriggerRegistry {
  issue(userId: string): string;
  consume(triggerId: string): TriggerUse;
}

export function createTriggerRegistry(now: () => number = Date.now): TriggerRegistry {
  const triggers = new Map<string, { userId: string; issuedAt: number; used: boolean }>();
  return {
    issue(userId) {
      const issuedAt = now();
      const id = `${Math.floor(issuedAt / 1000)}.${randomBytes(4).readUInt32BE()}.${randomBytes(16).toString('hex')}`;
      triggers.set(id, { userId, issuedAt, used: false });
      return id;
    },
    consume(triggerId) {
      const trigger = triggers.get(triggerId);
      if (!trigger) return { ok: false, error: 'invalid_trigger_id' };
      if (trigger.used) return { ok: false, error: 'exchanged_trigger_id' };
      if (now() - trigger.issuedAt >= TRIGGER_TTL_MS) return { ok: false, error: 'expired_trigger_id' };
      trigger.used = true;
      return { ok: true, userId: trigger.userId };
    },
  };
}
