/**
 * The one error type of the tenancy layer, with a stable `code`. Messages name what failed (an installation, a key
 * id, a tenant), never a token, a key or anything decrypted.
 */

export type TenancyErrorCode =
  /** A ciphertext was sealed with a key that is neither SHIPWATCH_ENCRYPTION_KEY nor one of the previous keys. */
  | 'secret_key_unknown'
  /** A ciphertext does not open: damaged, tampered with, sealed for another purpose, or not an envelope at all. */
  | 'secret_unreadable'
  /** No installation for the team or organisation (never installed, or uninstalled). */
  | 'installation_missing'
  /** Slack refused to refresh a rotating token (revoked, or the refresh token is no longer valid). */
  | 'token_refresh_failed'
  /** Another process is refreshing the installation's token and did not finish in time. */
  | 'token_refresh_busy';

export class TenancyError extends Error {
  override readonly name = 'TenancyError';
  readonly code: TenancyErrorCode;

  constructor(code: TenancyErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

export function isTenancyError(value: unknown): value is TenancyError {
  return value instanceof TenancyError;
}
