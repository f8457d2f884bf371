/**
 * API keys the simulator accepts (DEMO.apiKeys), the account each belongs to and what each may do. The header is
 * Rails' `authenticate_with_http_token` format: `Token <key>` or `Token token="<key>"`; anything else is a 401.
 */
import { DEMO } from './demo/catalog.js';

/** The simulator's Terminal49 accounts: each has its own shipments, webhooks and notifications. */
export type AccountName = 'demo' | 'demo-b';

export interface ApiKeyProfile {
  key: string;
  account: AccountName;
  /** false → every write answers 403. */
  canWrite: boolean;
  /** false → vessel positions answer the "Routing data feature is not enabled" 403. */
  routingData: boolean;
  /** false → the account lacks the "data-out" entitlement: managing webhooks answers 403. */
  webhooks: boolean;
}

const PROFILES: ReadonlyMap<string, ApiKeyProfile> = new Map(
  (
    [
      { key: DEMO.apiKeys.full, account: 'demo', canWrite: true, routingData: true, webhooks: true },
      { key: DEMO.apiKeys.readonly, account: 'demo', canWrite: false, routingData: true, webhooks: true },
      { key: DEMO.apiKeys.noRouting, account: 'demo', canWrite: true, routingData: false, webhooks: true },
      { key: DEMO.apiKeys.noWebhooks, account: 'demo', canWrite: true, routingData: true, webhooks: false },
      {
        key: DEMO.apiKeys.otherAccount,
        account: 'demo-b',
        canWrite: true,
        routingData: true,
        webhooks: true,
      },
    ] satisfies ApiKeyProfile[]
  ).map((profile) => [profile.key, profile]),
);

/** The key's profile, or null when the header is missing, malformed or names an unknown key. */
export function authenticate(authorization: string | null): ApiKeyProfile | null {
  if (!authorization) return null;
  const match = /^Token\s+(?:token="([^"]*)"|(\S+))\s*$/i.exec(authorization.trim());
  const key = match?.[1] ?? match?.[2];
  return key ? (PROFILES.get(key) ?? null) : null;
}
