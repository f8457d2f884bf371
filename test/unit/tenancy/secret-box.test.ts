/** Encryption at rest: AES-256-GCM envelopes that are useless without the key and unreadable once changed. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/env.js';
import { TenancyError } from '../../../src/tenancy/errors.js';
import { createSecretBox, encryptionKeyId, secretBoxFromConfig } from '../../../src/tenancy/secret-box.js';

const KEY = Buffer.alloc(32, 0x11);
const OTHER = Buffer.alloc(32, 0x22);
const SECRET = 'T49-KEY-never-in-clear-4f9a';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof TenancyError) {
      expect(error.message).not.toContain(SECRET);
      return error.code;
    }
    throw error;
  }
  return 'opened';
}

/** Flips one bit of the envelope's part `index` (2: iv, 3: tag, 4: ciphertext). */
function flip(envelope: string, index: number): string {
  const parts = envelope.split('.');
  const bytes = Buffer.from(parts[index] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('the secret box', () => {
  const box = createSecretBox({ key: KEY });

  it('seals a value into a versioned envelope naming its key, and opens it again', () => {
    const sealed = box.seal(SECRET, 'terminal49-key');
    const [version, keyId, iv, tag] = sealed.split('.');
    expect(version).toBe('sw1');
    expect(keyId).toBe(encryptionKeyId(KEY));
    expect(Buffer.from(iv ?? '', 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64url')).toHaveLength(16);
    expect(sealed).not.toContain(SECRET);
    expect(box.open(sealed, 'terminal49-key')).toBe(SECRET);
  });

  it('seals the same value differently every time (a fresh IV each)', () => {
    expect(box.seal(SECRET, 'terminal49-key')).not.toBe(box.seal(SECRET, 'terminal49-key'));
  });

  it('makes a stolen ciphertext useless without the key', () => {
    const stolen = box.seal(SECRET, 'terminal49-key');
    const thief = createSecretBox({ key: OTHER });
    expect(codeOf(() => thief.open(stolen, 'terminal49-key'))).toBe('secret_key_unknown');
    // Claiming the thief's own key id changes nothing: the tag does not verify under another key.
    const relabelled = stolen.replace(encryptionKeyId(KEY), encryptionKeyId(OTHER));
    expect(codeOf(() => thief.open(relabelled, 'terminal49-key'))).toBe('secret_unreadable');
  });

  it('refuses an envelope with any changed byte: IV, tag or ciphertext', () => {
    const sealed = box.seal(SECRET, 'webhook-secret');
    for (const part of [2, 3, 4]) {
      expect(codeOf(() => box.open(flip(sealed, part), 'webhook-secret'))).toBe('secret_unreadable');
    }
    expect(codeOf(() => box.open('not an envelope', 'webhook-secret'))).toBe('secret_unreadable');
    expect(codeOf(() => box.open(sealed.replace('sw1', 'sw2'), 'webhook-secret'))).toBe('secret_unreadable');
  });

  it('opens a value only as what it was sealed for', () => {
    const webhookSecret = box.seal(SECRET, 'webhook-secret');
    expect(codeOf(() => box.open(webhookSecret, 'terminal49-key'))).toBe('secret_unreadable');
  });

  it('opens values sealed with a previous key after a rotation, and says they are stale', () => {
    const before = box.seal(SECRET, 'slack-installation');
    const rotated = createSecretBox({ key: OTHER, previous: [KEY] });
    expect(rotated.open(before, 'slack-installation')).toBe(SECRET);
    expect(rotated.isStale(before)).toBe(true);
    const resealed = rotated.seal(rotated.open(before, 'slack-installation'), 'slack-installation');
    expect(rotated.isStale(resealed)).toBe(false);
    // Once the previous key is dropped, what was not re-sealed no longer opens.
    expect(codeOf(() => createSecretBox({ key: OTHER }).open(before, 'slack-installation'))).toBe(
      'secret_key_unknown',
    );
  });

  it('is built from SHIPWATCH_ENCRYPTION_KEY and its previous keys, and absent without a key', () => {
    const env = {
      SHIPWATCH_ENCRYPTION_KEY: OTHER.toString('base64'),
      SHIPWATCH_ENCRYPTION_KEY_PREVIOUS: KEY.toString('base64url'),
    };
    const configured = secretBoxFromConfig(loadConfig(env));
    expect(configured?.open(box.seal(SECRET, 'terminal49-key'), 'terminal49-key')).toBe(SECRET);
    expect(secretBoxFromConfig(loadConfig({}))).toBeNull();
  });
});
