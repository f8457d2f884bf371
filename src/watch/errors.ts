/** The watching layer's one error type, with a stable code (the pattern of src/tracking/errors.ts). */
export type WatchErrorCode =
  | 'snapshot_conflict'
  | 'bad_notification'
  | 'not_watched'
  | 'already_watched'
  | 'slack_refused';

export class WatchError extends Error {
  override readonly name = 'WatchError';
  readonly code: WatchErrorCode;
  constructor(code: WatchErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isWatchError(error: unknown): error is WatchError {
  return error instanceof WatchError;
}
