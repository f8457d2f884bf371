/**
 * The one error type of the store layer. Every failure of either backend (connection, lock, constraint, migration)
 * becomes a StoreError with a stable `code`, so callers can `switch` instead of sniffing driver messages. Messages
 * are written here, never copied from a connection string: a DATABASE_URL password cannot reach a log line.
 */

export type StoreErrorCode =
  /** The database cannot be reached (refused, timed out, shut down, file not writable). Retry later. */
  | 'store_unavailable'
  /** A concurrent writer won (unique violation, serialization failure, deadlock, busy file). Retry the operation. */
  | 'store_conflict'
  /** Migrations could not be applied, or the schema is not what this version expects. */
  | 'store_migration'
  /** The store was closed before the call. */
  | 'store_closed'
  /** The embedded file is damaged (an integrity check failed): restore it or move it aside; retrying cannot help. */
  | 'store_damaged'
  /** Anything else the database refused (a bug in a query, a value of the wrong type). */
  | 'store_query';

export interface StoreErrorInit {
  code: StoreErrorCode;
  message: string;
  cause?: unknown;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: StoreErrorCode;

  constructor(init: StoreErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
  }
}

export function isStoreError(value: unknown): value is StoreError {
  return value instanceof StoreError;
}
