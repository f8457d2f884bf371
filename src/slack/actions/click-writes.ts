/**
 * The write runner port (features/writes/write-runner.ts) for a write button's click: the click's Replier, the member
 * directory over its WebClient, its tenant's policy, and whether the runner recorded the intent before the ack.
 */
import type { RunWrite } from '../../features/writes/write-runner.js';
import type { SlackRuntime } from '../runtime.js';
import { writeRunner } from '../write/run-write.js';
import type { Click } from './button.js';

export function clickWrites(runtime: SlackRuntime, click: Click): RunWrite {
  const { replier, client, features, begun } = click;
  return writeRunner(
    { runtime, replier, directoryClient: client, tenant: features.tenant },
    { kind: 'acked', begun },
  );
}
