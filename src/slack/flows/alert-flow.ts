/**
 * Owning an alert from Slack (README "Owning an alert"): Take it, and a watched card's snooze and done options, run
 * the use case (features/alerts/own-alert-write.ts) with the request's ports; who the person is comes from the
 * member directory over the request's WebClient (the write policy reads the same cached users.info).
 */
import { type AlertInput, type AlertWrite, ownAlert as own } from '../../features/alerts/own-alert-write.js';
import { peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import { type FlowIo, flowPorts } from './flow-ports.js';

export function ownAlert(
  runtime: SlackRuntime,
  io: FlowIo,
  input: AlertInput,
  what: AlertWrite,
): Promise<void> {
  const people = peopleOf(runtime.directory, io.client);
  return own(io.features, { ...flowPorts(runtime, io), people }, input, what);
}
