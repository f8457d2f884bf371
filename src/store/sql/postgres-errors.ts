/**
 * Maps what `pg` throws onto StoreError codes. Connection failures (refused, reset, timed out, the server shutting
 * down or refusing logins) are `store_unavailable`; lost races are `store_conflict`. The message is ours or the
 * server's query error, with the connection password scrubbed in case a driver message ever echoes it.
 */
import { StoreError, type StoreErrorCode } from '../errors.js';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/** SQLSTATEs meaning "cannot talk to this database right now" (besides class 08, connection exceptions). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000', '28000', '28P01']);
/** Unique violation, serialization failure, deadlock, lock not available. */
const CONFLICT_STATES = new Set(['23505', '40001', '40P01', '55P03']);
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

export function toPostgresStoreError(error: unknown, secret: string | null, closed = false): StoreError {
  if (error instanceof StoreError) return error;
  if (closed) return new StoreError({ code: 'store_closed', message: 'the store is closed' });
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  const scrub = (text: string) => (secret ? text.split(secret).join('[redacted]') : text);
  let storeCode: StoreErrorCode = 'store_query';
  let text = `PostgreSQL: ${scrub(message)}`;
  if (NETWORK_CODES.has(code) || LOST_CONNECTION.test(message)) {
    storeCode = 'store_unavailable';
    text = `PostgreSQL is unreachable (${code || scrub(message)})`;
  } else if (code.startsWith('08') || UNAVAILABLE_STATES.has(code)) {
    storeCode = 'store_unavailable';
    text = `PostgreSQL refused the connection (${code}: ${scrub(message)})`;
  } else if (CONFLICT_STATES.has(code)) {
    storeCode = 'store_conflict';
  }
  return new StoreError({ code: storeCode, message: text, cause: error });
}
