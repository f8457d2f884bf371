/**
 * Watching and unwatching from Slack: the Watch / Unwatch buttons and `/shipwatch watch|unwatch` run the use cases
 * (features/watching/start-watching.ts, stop-watching.ts) with the request's ports.
 */
import { type WatchInput, startWatching as watch } from '../../features/watching/start-watching.js';
import { type UnwatchInput, stopWatching as unwatch } from '../../features/watching/stop-watching.js';
import type { SlackRuntime } from '../runtime.js';
import { type FlowIo, flowPorts } from './flow-ports.js';

export function startWatching(runtime: SlackRuntime, io: FlowIo, input: WatchInput): Promise<void> {
  return watch(io.features, flowPorts(runtime, io), input);
}

export function stopWatching(runtime: SlackRuntime, io: FlowIo, input: UnwatchInput): Promise<void> {
  return unwatch(io.features, flowPorts(runtime, io), input);
}
