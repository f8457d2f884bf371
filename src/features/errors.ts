/** The feature layer's one error type, with a stable code (the pattern of src/tracking/errors.ts). */

export type FeatureErrorCode =
  /** The workspace has no Terminal49 account connected yet (OAuth mode, before `/shipwatch connect`). */
  | 'not_connected'
  /** Watching needs the durable store, and this process runs without one. */
  | 'no_store';

export class FeatureError extends Error {
  override readonly name = 'FeatureError';
  readonly code: FeatureErrorCode;
  constructor(code: FeatureErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isFeatureError(error: unknown): error is FeatureError {
  return error instanceof FeatureError;
}
