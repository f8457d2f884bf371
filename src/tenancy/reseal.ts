/**
 * Rotating SHIPWATCH_ENCRYPTION_KEY (docs/oauth.md, "Rotating the encryption key"): every sealed value in the store
 * that names another key than the current one is opened (with the previous key, which must still be listed in
 * SHIPWATCH_ENCRYPTION_KEY_PREVIOUS) and sealed again with the current key. A value that changed meanwhile (a key
 * replaced, a token refreshed — sealed with the current key by whoever changed it) is left as it is. Run by
 * `shipwatch db rotate-key`; once it reports nothing left on the old key, the previous key can be removed.
 */
import type { SealedColumn, SealedValueTable } from '../store/index.js';
import type { SecretBox, SecretPurpose } from './secret-box.js';

const PURPOSE: Record<SealedColumn, SecretPurpose> = {
  'accounts.key_ciphertext': 'terminal49-key',
  'accounts.webhook_secret_ciphertext': 'webhook-secret',
  installations: 'slack-installation',
};

export interface ResealReport {
  /** Sealed again with the current key. */
  resealed: number;
  /** Already sealed with the current key. */
  current: number;
  /** Changed by someone else while this ran (and so already on the current key). */
  changedMeanwhile: number;
}

/** Re-seals every stale value; a TenancyError (`secret_key_unknown`) when one names a key that is not configured. */
export async function resealStaleSecrets(sealed: SealedValueTable, box: SecretBox): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, current: 0, changedMeanwhile: 0 };
  for (const value of await sealed.list()) {
    if (!box.isStale(value.ciphertext)) {
      report.current += 1;
      continue;
    }
    const purpose = PURPOSE[value.column];
    const resealed = box.seal(box.open(value.ciphertext, purpose), purpose);
    if (await sealed.replace(value, resealed)) report.resealed += 1;
    else report.changedMeanwhile += 1;
  }
  return report;
}
