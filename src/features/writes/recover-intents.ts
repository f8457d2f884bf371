/**
 * Finishes what a dead process left half-done. A write intent holds a lease; when the process holding it was killed
 * (or lost its database), the lease expires and one surviving process takes the intent over (the store hands each to
 * exactly one) and ends it so nothing acknowledged is lost or doubled:
 *
 * - `written`: the API confirmed the write, the audit line may not have been posted: post it where it belongs (the
 *   card's thread, or the channel) and finish. At worst a line is posted twice, never the write.
 * - `running`: the write may or may not have reached the API. Writes are never repeated automatically, so the person
 *   is told it may not have been applied and to check the card before trying again; the intent is closed as failed.
 */
import { renderNotice } from '../../cards/notice.js';
import type { SlackMessage } from '../../cards/types.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { Intent, IntentStore } from '../../store/index.js';

/** How a recovering process reaches the people of a workspace (`slack/write/intent-reporter.ts` over chat.*). */
export interface IntentReporter {
  /** The audit line of a write that happened: in its card's thread when `threadTs` is given, else the channel. */
  postAuditLine(place: { channelId: string; threadTs: string | null }, line: SlackMessage): Promise<void>;
  /** Only the person: privately in the channel they asked from, else (or when that fails) a direct message. */
  tellPerson(person: { userId: string; channelId: string | null }, message: SlackMessage): Promise<void>;
}

export interface IntentRecoveryOptions {
  intents: IntentStore;
  /** The reporter of the workspace an intent belongs to; null when that workspace is not served any more. */
  reporterFor(teamId: string | null): Promise<IntentReporter | null>;
  owner: string;
  clock: Clock;
  logger: Logger;
  /** The lease a recovered intent gets while it is reported. */
  leaseMs: number;
  /** How often to look; default 10 s. */
  intervalMs?: number;
}

export interface IntentRecovery {
  /** One pass: recovers what is due now; resolves with how many intents were ended. */
  runOnce(): Promise<number>;
  stop(): void;
}

interface RecoverablePayload {
  action: string;
  teamId: string | null;
  target: string;
  userId: string | null;
  channelId: string | null;
  threadTs: string | null;
}

export function startIntentRecovery(options: IntentRecoveryOptions): IntentRecovery {
  const { intents, owner, clock, logger } = options;
  let running: Promise<number> | null = null;

  const recover = async (intent: Intent): Promise<void> => {
    const payload = readPayload(intent.payload);
    const now = clock.now().getTime();
    const reporter = await options.reporterFor(payload.teamId);
    if (reporter === null) {
      // Its workspace uninstalled Shipwatch: nobody can be told, and nothing is left to finish.
      await intents.fail(intent.key, owner, { recovered: 'workspace_gone' }, now);
      logger.info('dropped a write intent of a workspace no longer served', { action: payload.action });
      return;
    }
    if (intent.state === 'written') {
      const line = auditLineOf(intent.result);
      if (line && payload.channelId) {
        await reporter.postAuditLine({ channelId: payload.channelId, threadTs: payload.threadTs }, line);
      }
      await intents.finish(intent.key, owner, now);
      logger.info('recovered a write: audit line posted', { action: payload.action, target: payload.target });
      return;
    }
    if (payload.userId) await tellUnsure(reporter, payload);
    await intents.fail(intent.key, owner, { recovered: 'unsure' }, now);
    logger.warn('recovered a write interrupted before the API answered: reported as unsure', {
      action: payload.action,
      target: payload.target,
    });
  };

  const tellUnsure = async (reporter: IntentReporter, payload: RecoverablePayload): Promise<void> => {
    const notice = renderNotice(
      ':warning:',
      `Shipwatch restarted while saving your change to ${payload.target}. It may or may not have been applied: refresh the card to check before trying again.`,
    );
    if (!payload.userId) return;
    await reporter.tellPerson({ userId: payload.userId, channelId: payload.channelId }, notice);
  };

  const runOnce = (): Promise<number> => {
    running ??= (async () => {
      const taken = await intents.claimExpired({
        owner,
        leaseMs: options.leaseMs,
        now: clock.now().getTime(),
        limit: 20,
      });
      let ended = 0;
      for (const intent of taken) {
        try {
          await recover(intent);
          ended += 1;
        } catch (error) {
          // The lease runs out again and the next pass (here or elsewhere) tries again.
          logger.warn('could not recover a write yet', { key: intent.key, error });
        }
      }
      return ended;
    })()
      .catch((error: unknown) => {
        logger.warn('write recovery pass failed', { error });
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void runOnce(), options.intervalMs ?? 10_000);
  timer.unref();
  return {
    runOnce,
    stop: () => clearInterval(timer),
  };
}

function readPayload(raw: unknown): RecoverablePayload {
  const record = isRecord(raw) ? raw : {};
  const inner = isRecord(record.payload) ? record.payload : {};
  const card = isRecord(inner.card) ? inner.card : {};
  return {
    action: typeof record.action === 'string' ? record.action : 'change',
    teamId: typeof inner.teamId === 'string' ? inner.teamId : null,
    target: typeof record.target === 'string' ? record.target : 'an item',
    userId: typeof inner.userId === 'string' ? inner.userId : null,
    channelId: typeof inner.channelId === 'string' ? inner.channelId : null,
    threadTs: card.isPrivate !== true && typeof card.threadTs === 'string' ? card.threadTs : null,
  };
}

function auditLineOf(result: unknown): SlackMessage | null {
  if (!isRecord(result) || !isRecord(result.auditLine)) return null;
  const { text, blocks } = result.auditLine;
  if (typeof text !== 'string') return null;
  // SAFETY: the blocks were rendered by cards/audit-line.ts and stored as JSON by this process's peers.
  return { text, blocks: (Array.isArray(blocks) ? blocks : []) as SlackMessage['blocks'] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
