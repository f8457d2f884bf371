/**
 * The write runner port: a use case that changes something hands its `WriteSpec` (what, whose, the write itself, its
 * audit line) to the runner it was given and gets the outcome back. The adapter that called the use case built the
 * runner for its request (slack/write/run-write.ts `writeRunner`: the person's replies, who they are, an acked
 * command or button, or a form waiting for its answer), so the use case owns the whole write and never sees the
 * surface it came from.
 */
import type { WriteOutcome, WriteSpec } from './write-flow.js';

export type RunWrite = <R>(spec: WriteSpec<R>) => Promise<WriteOutcome>;
