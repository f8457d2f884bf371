/**
 * One tracking client per Terminal49 account (docs/oauth.md, "Connecting a key: accounts"): made the first time the account is used,
 * with the account's key and its quota kept in the store under the account's id (`quotaInStore`), so every workspace
 * and every replica on one account spend one budget. A replaced key gets a new client and the old one is closed; the
 * account, its quota and its watches stay.
 */
import type { TrackingClient } from '../tracking/tracking-client.js';
import { keyFingerprint } from './fingerprint.js';

export type ClosableTrackingClient = TrackingClient & { close(): Promise<void> };

export interface AccountClients {
  forAccount(account: { id: string; apiKey: string }): TrackingClient;
  /** Closes the account's client (the account was removed). */
  drop(accountId: string): Promise<void>;
  close(): Promise<void>;
}

export function createAccountClients(
  make: (account: { id: string; apiKey: string }) => ClosableTrackingClient,
): AccountClients {
  const clients = new Map<string, { fingerprint: string; client: ClosableTrackingClient }>();
  const drop = async (accountId: string) => {
    const held = clients.get(accountId);
    clients.delete(accountId);
    await held?.client.close();
  };
  return {
    forAccount(account) {
      const fingerprint = keyFingerprint(account.apiKey);
      const held = clients.get(account.id);
      if (held?.fingerprint === fingerprint) return held.client;
      if (held) held.client.close().catch(() => {});
      const client = make(account);
      clients.set(account.id, { fingerprint, client });
      return client;
    },
    drop,
    async close() {
      await Promise.all([...clients.keys()].map(drop));
    },
  };
}
