/**
 * Records every unhandled promise rejection (and uncaught exception) while installed. A bot that "survives" a fault
 * by leaking a rejected promise would crash under `--unhandled-rejections=throw` (Node's default), so the suites
 * assert this stays empty.
 */

export interface RejectionRecorder {
  readonly reasons: ReadonlyArray<unknown>;
  uninstall(): void;
}

export function recordUnhandledRejections(): RejectionRecorder {
  const reasons: unknown[] = [];
  const onRejection = (reason: unknown) => reasons.push(reason);
  const onException = (error: unknown) => reasons.push(error);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    reasons,
    uninstall() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}

/** A readable list for an assertion message. */
export function describeReasons(reasons: ReadonlyArray<unknown>): string[] {
  return reasons.map((reason) =>
    reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason),
  );
}
