/**
 * Encryption at rest (docs/oauth.md, "Encryption at rest"): what the store keeps secret — installations' Slack tokens,
 * connected Terminal49 keys, webhook secrets — is sealed with AES-256-GCM under SHIPWATCH_ENCRYPTION_KEY. Each value
 * is one versioned envelope, `sw1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts): a fresh 12-byte IV per seal,
 * GCM's 16-byte tag, and the key id (a hash of the key, never the key) so a value sealed before a rotation is opened
 * with the previous key it names. The version, the key id and the value's purpose are authenticated too, so a sealed
 * webhook secret cannot be passed off as a Terminal49 key. A ciphertext without the key is useless; a changed byte
 * makes it unreadable.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { decodeEncryptionKey } from '../config/encryption-key.js';
import type { Config } from '../config/env.js';
import { TenancyError } from './errors.js';

/** What a sealed value is; opening it as anything else fails. */
export type SecretPurpose = 'slack-installation' | 'terminal49-key' | 'webhook-secret';

export interface SecretBox {
  /** The id of the current key (what new envelopes carry). */
  readonly keyId: string;
  seal(plaintext: string, purpose: SecretPurpose): string;
  /** The plaintext; a TenancyError (`secret_key_unknown`, `secret_unreadable`) when it cannot be opened. */
  open(envelope: string, purpose: SecretPurpose): string;
  /** True when the envelope was sealed with another key than the current one (`shipwatch db rotate-key` re-seals it). */
  isStale(envelope: string): boolean;
}

const VERSION = 'sw1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key's id: the start of an HMAC of a fixed label under the key. Names the key without revealing anything of it. */
export function encryptionKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('shipwatch encryption key id').digest('hex').slice(0, 16);
}

export function createSecretBox(options: { key: Buffer; previous?: readonly Buffer[] }): SecretBox {
  const keys = new Map<string, Buffer>();
  for (const key of [options.key, ...(options.previous ?? [])]) {
    if (key.length !== 32) throw new TenancyError('secret_key_unknown', 'an encryption key must be 32 bytes');
    keys.set(encryptionKeyId(key), key);
  }
  const keyId = encryptionKeyId(options.key);
  const associated = (id: string, purpose: SecretPurpose) => Buffer.from(`${VERSION}:${id}:${purpose}`);

  return {
    keyId,
    seal(plaintext, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', options.key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(associated(keyId, purpose));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return [VERSION, keyId, ...parts].join('.');
    },
    open(envelope, purpose) {
      const parts = envelope.split('.');
      const [version, id, iv, tag, sealed] = parts;
      if (parts.length !== 5 || version !== VERSION || !id || !iv || !tag || sealed === undefined) {
        throw new TenancyError('secret_unreadable', `a stored ${purpose} is not a Shipwatch envelope`);
      }
      const key = keys.get(id);
      if (!key) {
        throw new TenancyError(
          'secret_key_unknown',
          `a stored ${purpose} was sealed with key ${id}, which is neither SHIPWATCH_ENCRYPTION_KEY nor in SHIPWATCH_ENCRYPTION_KEY_PREVIOUS`,
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(associated(id, purpose));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch (error) {
        throw new TenancyError(
          'secret_unreadable',
          `a stored ${purpose} does not open with key ${id} (damaged, changed, or sealed for something else)`,
          { cause: error instanceof Error ? new Error(error.message) : undefined },
        );
      }
    },
    isStale: (envelope) => envelope.split('.')[1] !== keyId,
  };
}

/** The box of the configured keys; null when SHIPWATCH_ENCRYPTION_KEY is unset (single-workspace mode). */
export function secretBoxFromConfig(config: Readonly<Config>): SecretBox | null {
  const key = config.encryption.key === null ? null : decodeEncryptionKey(config.encryption.key);
  if (key === null) return null;
  const previous = config.encryption.previousKeys
    .map(decodeEncryptionKey)
    .filter((bytes): bytes is Buffer => bytes !== null);
  return createSecretBox({ key, previous });
}
