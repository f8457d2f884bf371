/**
 * @slack/oauth's three-method InstallationStore over the durable store (docs/oauth.md, "Installations"): the
 * InstallProvider stores what an install returned, and everything else reads it back through `find`. Each installation
 * is kept whole (every token with it) as one sealed value, with its tenant id, bot ids and the expiry of a rotating
 * token beside it in clear for lookups and refresh planning. Workspace installs are keyed by team id, org-wide installs
 * by enterprise id.
 */
import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import type { InstallationRecord, InstallationTable } from '../../store/index.js';
import { TenancyError } from '../errors.js';
import type { SecretBox } from '../secret-box.js';
import type { TenantKey } from '../tenant.js';
import { tenantCandidates, tenantIdOf } from '../tenant-id.js';

/** An installation as stored, opened. */
export interface OpenInstallation {
  record: InstallationRecord;
  installation: Installation;
}

export interface SealedInstallationStore extends InstallationStore {
  /** The installation serving `key` (its own workspace's first, then its organisation's); null when none. */
  find(key: TenantKey): Promise<OpenInstallation | null>;
  /** The installation of a tenant id; null when none. */
  read(tenantId: string): Promise<OpenInstallation | null>;
  /** Opens a stored record. */
  open(record: InstallationRecord): OpenInstallation;
  /** Seals an installation for storing; with the expiry of its rotating bot token (epoch ms), if it rotates. */
  seal(installation: Installation): { secretCiphertext: string; expiresAt: number | null };
}

export interface InstallationStoreOptions {
  installations: InstallationTable;
  box: SecretBox;
  now: () => number;
  /** Told after an install was stored (caches of the tenant drop what they held). */
  onStored?: (tenantId: string) => void;
  onDeleted?: (tenantId: string) => void;
}

export function createInstallationStore(options: InstallationStoreOptions): SealedInstallationStore {
  const { installations, box } = options;

  const open = (record: InstallationRecord): OpenInstallation => {
    // SAFETY: sealed by `seal` below from an Installation; the envelope is authenticated, so it is what was sealed.
    const installation = JSON.parse(box.open(record.secretCiphertext, 'slack-installation')) as Installation;
    return { record, installation };
  };

  const seal = (installation: Installation) => ({
    secretCiphertext: box.seal(JSON.stringify(installation), 'slack-installation'),
    expiresAt:
      installation.bot?.refreshToken && typeof installation.bot.expiresAt === 'number'
        ? installation.bot.expiresAt * 1000
        : null,
  });

  const read = async (tenantId: string) => {
    const record = await installations.get(tenantId);
    return record ? open(record) : null;
  };

  const find = async (key: TenantKey) => {
    for (const tenantId of tenantCandidates(key)) {
      const found = await read(tenantId);
      if (found) return found;
    }
    return null;
  };

  const keyOf = (query: InstallationQuery<boolean>): TenantKey => ({
    teamId: query.teamId ?? null,
    enterpriseId: query.enterpriseId ?? null,
    isEnterpriseInstall: query.isEnterpriseInstall,
  });

  return {
    find,
    read,
    open,
    seal,
    async storeInstallation(installation) {
      const tenantId = tenantIdOf(installation);
      if (tenantId === null) {
        throw new TenancyError(
          'installation_missing',
          'an installation with neither a team nor an organisation',
        );
      }
      await installations.put(
        {
          tenantId,
          teamId: installation.team?.id ?? null,
          enterpriseId: installation.enterprise?.id ?? null,
          isEnterpriseInstall: installation.isEnterpriseInstall === true,
          botUserId: installation.bot?.userId ?? null,
          botId: installation.bot?.id ?? null,
          ...seal(installation),
        },
        options.now(),
      );
      options.onStored?.(tenantId);
    },
    async fetchInstallation(query) {
      const found = await find(keyOf(query));
      if (!found) {
        throw new TenancyError(
          'installation_missing',
          `no installation for ${query.isEnterpriseInstall ? `organisation ${query.enterpriseId}` : `team ${query.teamId}`}`,
        );
      }
      return found.installation;
    },
    async deleteInstallation(query) {
      const found = await find(keyOf(query));
      if (!found) return;
      await installations.remove(found.record.tenantId);
      options.onDeleted?.(found.record.tenantId);
    },
  };
}
