/**
 * A tracking request edited without the form (`/track-edit <id> ref=… tags=…`, or "Clear it"): the use case
 * (features/tracking-requests/direct-edit.ts) with the request's Replier, write runner, and Slack's replay window.
 */
import {
  type DirectEdit,
  type DirectEditRequest,
  applyDirectEdit as edit,
  directEditIntent as intentOf,
} from '../../features/tracking-requests/direct-edit.js';
import type { EarlyIntent } from '../../features/writes/early-intent.js';
import type { Replier } from '../delivery/replier.js';
import type { DirectoryClient } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import { type FlowIo, flowRunner } from './flow-ports.js';

export interface DirectEditIo {
  replier: Replier;
  teamId: string | null;
  /** The command's trigger_id; absent for the "Clear it" button (DirectEditRequest). */
  triggerId?: string;
}

/** The edit's intent: what the listener records before its ack (early-intent.ts), and what the write records. */
export function directEditIntent(runtime: SlackRuntime, io: DirectEditIo, change: DirectEdit): EarlyIntent {
  return intentOf(requestOf(runtime, io), io.replier, change);
}

export async function applyDirectEdit(
  runtime: SlackRuntime,
  io: DirectEditIo & Pick<FlowIo, 'features'> & { client: DirectoryClient; begun?: boolean },
  change: DirectEdit,
): Promise<void> {
  const runWrite = flowRunner(runtime, io, { kind: 'acked', begun: io.begun === true });
  await edit(io.features, { runWrite, replies: io.replier }, requestOf(runtime, io), change);
}

function requestOf(runtime: SlackRuntime, io: DirectEditIo): DirectEditRequest {
  const { userId, channelId } = io.replier.origin;
  const redeliveryWindowMs = runtime.timing.redeliveryWindowMs;
  return { actor: { userId, teamId: io.teamId }, channelId, triggerId: io.triggerId, redeliveryWindowMs };
}
