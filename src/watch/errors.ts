/** The watching layer's one error type, with a stable code (the pattern of src/tracking/errors.ts). */
import type { Watch } from '../store/index.js';

export type WatchErrorCode =
  | 'snapshot_conflict'
  | 'bad_notification'
  | 'not_watched'
  | 'already_watched'
  | 'slack_refused';

export class WatchError extends Error {
  override readonly name = 'WatchError';
  readonly code: WatchErrorCode;
  /** For `already_watched`: the watch already there (its card is where to point the person). */
  readonly watch: Watch | null;
  constructor(code: WatchErrorCode, message: string, watch: Watch | null = null) {
    super(message);
    this.code = code;
    this.watch = watch;
  }
}

export function isWatchError(error: unknown): error is WatchError {
  return error instanceof WatchError;
}
