/**
 * Rotating SHIPWATCH_ENCRYPTION_KEY with `shipwatch db rotate-key`: every stored key, webhook secret and installation
 * sealed with the previous key is sealed again with the new one, after which the new key alone opens everything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli.js';
import { fixedClock } from '../../../src/clock.js';
import { runDbCommand } from '../../../src/commands/db.js';
import { silentLogger } from '../../../src/logger.js';
import { openStore } from '../../../src/store/index.js';
import { createSecretBox, encryptionKeyId } from '../../../src/tenancy/secret-box.js';

const OLD = Buffer.alloc(32, 0x0a);
const NEW = Buffer.alloc(32, 0x0b);
const SECRETS = {
  key: 'T49-KEY-ROTATE-9Q8W',
  webhook: 'WEBHOOK-SECRET-ROTATE-7E6R',
  token: 'xoxb-rotate-5T4Y',
};
const clock = fixedClock('2026-03-01T00:00:00Z');

let dataDir: string;

function captureIo() {
  const out: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
    readStdin: async () => '',
  };
  return { io, text: () => out.join('') };
}

async function withStore<T>(run: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>): Promise<T> {
  const store = await openStore({ dataDir, clock, logger: silentLogger });
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-rotate-'));
  const old = createSecretBox({ key: OLD });
  await withStore(async (store) => {
    const account = await store.accounts.bind(
      'T0ROTATE',
      { fingerprint: 'fp-rotate', keyCiphertext: old.seal(SECRETS.key, 'terminal49-key') },
      0,
    );
    await store.accounts.setWebhook(
      account.id,
      { id: 'wh', secretCiphertext: old.seal(SECRETS.webhook, 'webhook-secret') },
      0,
    );
    await store.installations.put(
      {
        tenantId: 'T0ROTATE',
        teamId: 'T0ROTATE',
        enterpriseId: null,
        isEnterpriseInstall: false,
        botUserId: 'U0BOT',
        botId: 'B0BOT',
        secretCiphertext: old.seal(JSON.stringify({ bot: { token: SECRETS.token } }), 'slack-installation'),
        expiresAt: null,
      },
      0,
    );
  });
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('shipwatch db rotate-key', () => {
  it('seals every stored secret again with the new key, so the new key alone opens them', async () => {
    const run = captureIo();
    const env = {
      SHIPWATCH_DATA_DIR: dataDir,
      SHIPWATCH_ENCRYPTION_KEY: NEW.toString('base64'),
      SHIPWATCH_ENCRYPTION_KEY_PREVIOUS: OLD.toString('base64'),
    };
    expect(await runDbCommand(['rotate-key'], run.io, { env, clock })).toBe(0);
    expect(run.text()).toContain(`re-sealed 3 secret(s) with key ${encryptionKeyId(NEW)}; 0 already used it`);
    for (const secret of Object.values(SECRETS)) expect(run.text()).not.toContain(secret);

    const fresh = createSecretBox({ key: NEW });
    await withStore(async (store) => {
      const account = await store.accounts.forTenant('T0ROTATE');
      expect(fresh.open(account?.keyCiphertext ?? '', 'terminal49-key')).toBe(SECRETS.key);
      expect(fresh.open(account?.webhookSecretCiphertext ?? '', 'webhook-secret')).toBe(SECRETS.webhook);
      const installation = await store.installations.get('T0ROTATE');
      expect(fresh.open(installation?.secretCiphertext ?? '', 'slack-installation')).toContain(SECRETS.token);
    });

    const again = captureIo();
    expect(await runDbCommand(['rotate-key'], again.io, { env, clock })).toBe(0);
    expect(again.text()).toContain('re-sealed 0 secret(s)');
  });

  it('changes nothing and says which key is missing when the previous key is not listed', async () => {
    const run = captureIo();
    const env = { SHIPWATCH_DATA_DIR: dataDir, SHIPWATCH_ENCRYPTION_KEY: NEW.toString('base64') };
    expect(await runDbCommand(['rotate-key'], run.io, { env, clock })).toBe(1);
    expect(run.text()).toContain(`key ${encryptionKeyId(OLD)}`);
    expect(run.text()).toContain('[secret_key_unknown]');
    const old = createSecretBox({ key: OLD });
    await withStore(async (store) => {
      const account = await store.accounts.forTenant('T0ROTATE');
      expect(old.open(account?.keyCiphertext ?? '', 'terminal49-key')).toBe(SECRETS.key);
    });
  });

  it('needs the key to seal with', async () => {
    const run = captureIo();
    expect(await runDbCommand(['rotate-key'], run.io, { env: { SHIPWATCH_DATA_DIR: dataDir }, clock })).toBe(
      2,
    );
    expect(run.text()).toContain('SHIPWATCH_ENCRYPTION_KEY is not set');
  });
});
