/**
 * The one runner every click on a button (or menu option) goes through, in the order the chat platform needs:
 * acknowledge first (Slack's 3 s budget is for the ack, never for our API calls), refuse a click that cannot be ours,
 * drop a re-sent payload (a Slack retry keeps its action_ts) and, for reads and forms, a repeated click, check the
 * channel policy, then run the handler after the ack. A failure becomes a private answer while the card stays as it
 * was. Writes check the write policy and log their outcome in the write flow (features/writes/write-flow.ts), which
 * their handlers call; a write's intent is recorded before the ack (features/writes/early-intent.ts).
 */
import { renderErrorCard } from '../../cards/index.js';
import { renderNotice } from '../../cards/notice.js';
import type { SlackMessage } from '../../cards/types.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { TenantSettings } from '../../tenancy/index.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import { buttonIntentKey, deliveryKey } from '../idempotency/index.js';
import { checkReadPermission, logWrite } from '../policy/index.js';
import type { Claims } from '../writes/claims.js';
import { beginBeforeAck, type EarlyIntent, STORE_DOWN } from '../writes/early-intent.js';
import type { InteractionTiming } from '../writes/interaction-timing.js';
import type { WriteLedger } from '../writes/write-ledger.js';
import { isPlausibleValue } from './plausible-value.js';

const BAD_VALUE =
  "This button doesn't carry anything Shipwatch can look up, so nothing was done. Look the item up again with /shipment.";
const NO_USER = "Slack didn't say who clicked, so nothing was done. Try again.";

/**
 * read: shows data (channel policy, repeated clicks dropped). modal: opens a form (the same, and its work skips the
 * post-ack queue: the trigger_id expires 3 s after the click). write: changes data through the write flow.
 */
export type ClickAccess = 'read' | 'modal' | 'write';

/** One click, as read from the platform's payload. */
export interface ClickRequest {
  teamId: string | null;
  /** Empty when the platform did not say who clicked. */
  userId: string;
  actionId: string;
  /** Identifies this payload: the same on a re-sent payload, different on a second click. */
  actionTs: string;
  /** Button value, or the selected option's value for menus. */
  value: string;
  channelId: string | null;
  messageTs: string | null;
  /** How many times the platform re-sent this payload, when it says. */
  retryNum?: number | undefined;
}

export interface ClickRule {
  access: ClickAccess;
  /** Clicked on Home, in no channel: the channel policy applies to what Home lists, not to the click. */
  onHome: boolean;
}

/** How long repeats are dropped: re-sent payloads, clicks still running, clicks just finished. */
export type ClickWindows = Pick<InteractionTiming, 'redeliveryWindowMs' | 'inFlightMs' | 'duplicateWindowMs'>;

export interface ClickPorts {
  logger: Logger;
  clock: Clock;
  ledger: WriteLedger;
  claims: Claims;
  windows: ClickWindows;
  /** The tenant's channel policy (asked only for reads and forms outside Home). */
  settings(): Pick<TenantSettings, 'channels'>;
  /** A write's intent to record before the ack, or null (asked only for a write from someone, with a usable value). */
  earlyIntent(): EarlyIntent | null;
  /** Acknowledges the click. */
  ack(): Promise<void>;
  /** Only the person who clicked. */
  tell(message: SlackMessage): Promise<unknown>;
  /** The person when the platform did not say who they are (Slack: the response_url, when there is a usable one). */
  tellUnknownPerson(message: SlackMessage): Promise<void>;
  /** Runs the handler after the ack; `begun` when its write's intent was recorded before it. */
  handle(begun: boolean): Promise<void>;
}

export async function runClick(click: ClickRequest, rule: ClickRule, ports: ClickPorts): Promise<void> {
  const { logger, claims, windows } = ports;
  const writeLog = (outcome: string) =>
    logWrite(logger, {
      userId: click.userId,
      teamId: click.teamId,
      channelId: click.channelId,
      action: click.actionId,
      target: click.value,
      outcome,
    });
  const early =
    rule.access === 'write' && click.userId && isPlausibleValue(click.value) ? ports.earlyIntent() : null;
  const begun = early ? await beginBeforeAck(ports.ledger, logger, early) : null;
  await ports.ack();
  if (begun === 'unavailable') {
    writeLog('failed:store_unavailable');
    await ports.tell(renderNotice(':warning:', STORE_DOWN));
    return;
  }
  if (begun === 'duplicate') {
    if (click.retryNum)
      logger.info('re-sent interaction dropped', { action: click.actionId, retryNum: click.retryNum });
    writeLog('duplicate');
    return;
  }
  // A click dropped below after its intent was begun must not leave the intent to be reported as interrupted.
  const forget = () => (early ? ports.ledger.fail(early.key).catch(() => {}) : Promise.resolve());
  if (!click.userId) {
    // Nobody to attribute a write to, check a policy for, or answer privately except through the response_url.
    logger.warn('interaction without a user id dropped', { action: click.actionId });
    await ports.tellUnknownPerson(renderNotice(':warning:', NO_USER));
    return;
  }
  if (!isPlausibleValue(click.value)) {
    logger.warn('interaction with an unusable value dropped', {
      action: click.actionId,
      length: click.value.length,
    });
    await ports.tell(renderNotice(':warning:', BAD_VALUE));
    return;
  }
  if (click.actionTs && !(await claims.claim(deliveryKey(click), windows.redeliveryWindowMs))) {
    await forget();
    logger.info('re-sent interaction dropped', {
      action: click.actionId,
      retryNum: click.retryNum ?? null,
    });
    if (rule.access === 'write') writeLog('duplicate');
    return;
  }
  // Writes hold their intent in the write ledger; reads and forms hold it here for as long as they run.
  const intentKey = rule.access === 'write' ? null : buttonIntentKey(click);
  if (intentKey !== null && !(await claims.claim(intentKey, windows.inFlightMs))) {
    logger.info('repeated interaction dropped', { action: click.actionId, user: click.userId });
    return;
  }
  if (rule.access !== 'write' && !rule.onHome) {
    const decision = checkReadPermission(click, { settings: ports.settings() });
    if (!decision.allowed) {
      if (intentKey !== null) await claims.release(intentKey);
      await ports.tell(renderNotice(':no_entry:', decision.reason));
      return;
    }
  }
  let ok = false;
  try {
    await ports.handle(begun === 'begun');
    ok = true;
  } catch (error) {
    const code = isTrackingApiError(error) ? error.code : 'unexpected';
    logger.warn('interaction failed', { action: click.actionId, code, error });
    await ports.tell(renderErrorCard(error, { now: ports.clock.now() }));
  } finally {
    if (intentKey !== null) {
      await claims.release(intentKey);
      if (ok) await claims.claim(intentKey, windows.duplicateWindowMs);
    }
  }
}
