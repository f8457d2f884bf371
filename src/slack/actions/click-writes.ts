/**
 * A write button's click as the write flow takes it: the write runner port (features/writes/write-runner.ts) with the
 * click's Replier, the member directory over its WebClient, its tenant's policy and whether the runner recorded the
 * intent before the ack; and who wrote what where, under the click's idempotency key, for the shared flows.
 */
import type { ClickWrite } from '../../features/clicks/click-write.js';
import { buttonIntentKey } from '../../features/idempotency/index.js';
import type { RunWrite } from '../../features/writes/write-runner.js';
import { flowRunner } from '../flows/flow-ports.js';
import type { SlackRuntime } from '../runtime.js';
import type { ActionContext } from './action-context.js';
import type { Click } from './button.js';

export function clickWrites(runtime: SlackRuntime, click: Click): RunWrite {
  return flowRunner(runtime, click, { kind: 'acked', begun: click.begun });
}

/** Who clicked, where, and the write's key and action (the button's action id). */
export function clickWrite(ctx: ActionContext): ClickWrite {
  return {
    teamId: ctx.teamId,
    channelId: ctx.channelId,
    userId: ctx.userId,
    key: buttonIntentKey(ctx),
    action: ctx.actionId,
  };
}
