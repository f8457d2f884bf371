/**
 * The store contract (docs/store.md): what Shipwatch keeps beyond one process, identical on the embedded backend and
 * on PostgreSQL. Every method is async; every time is epoch milliseconds passed in by the caller from its injected
 * clock (the store never reads the wall clock), so expiry is testable and replicas agree on one timeline. Everything
 * about Slack is keyed by workspace (`teamId`).
 */

import type { SubscriptionsStore } from './subscription-types.js';
import type {
  InstallationTable,
  SealedValueTable,
  TenantTable,
  WorkspaceSettingsTable,
} from './tenant-types.js';
import type { WatchingStore } from './watching-types.js';

export type StoreBackend = 'embedded' | 'postgres';

export interface StoreStatus {
  backend: StoreBackend;
  /** The embedded file path, or the PostgreSQL URL without its password. */
  location: string;
  reachable: boolean;
  /** The highest migration applied; 0 on an empty database; null when unreachable. */
  schemaVersion: number | null;
  latestVersion: number;
  /** Why it is unreachable (a StoreError code and message), when it is. */
  error: { code: string; message: string } | null;
}

/** TTL claims: write idempotency, Slack re-deliveries, the replay guard of signed requests. */
export interface ClaimStore {
  /** True for the first claim of `key` within its TTL (atomic across processes); false while a live claim holds it. */
  claim(key: string, ttlMs: number, now: number): Promise<boolean>;
  /** Drops the claim so the key can be claimed again (e.g. the guarded work failed before doing anything). */
  release(key: string): Promise<void>;
}

/**
 * The replay guard: Slack signs each request with its timestamp, so (timestamp, signature) names one request, and a
 * replay of it is the same pair again. Requests older than Slack's 5-minute window are refused before they get here,
 * which is all the expiry the pairs need: the sweep deletes the ones older than that.
 */
export interface SightingStore {
  /** True for the first sighting of the request signed at `signedAt` (epoch seconds) with `signature`, anywhere. */
  first(signedAt: number, signature: string): Promise<boolean>;
}

/** A Terminal49 account: a stable id; its key is a credential found by fingerprint (never stored in clear). */
export interface AccountRecord {
  id: string;
  /** A hash of the account's current API key. */
  fingerprint: string;
  /** The key, encrypted at rest (OAuth mode); null when the key comes from the environment. */
  keyCiphertext: string | null;
  webhookId: string | null;
  webhookSecretCiphertext: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * Accounts and which one each tenant uses. `bind` is how a tenant gets its account for a key: the tenant's own account
 * when it has one (the key replaced: the account keeps its id, its fingerprint changes), else the account that already
 * holds this key (another workspace connected it: one account, one budget), else a new one.
 */
export interface AccountStore {
  bind(
    tenantId: string,
    credential: { fingerprint: string; keyCiphertext: string | null },
    now: number,
  ): Promise<AccountRecord>;
  get(accountId: string): Promise<AccountRecord | null>;
  forTenant(tenantId: string): Promise<AccountRecord | null>;
  /** The account's webhook, as registered with Terminal49 (its secret encrypted). */
  setWebhook(
    accountId: string,
    webhook: { id: string; secretCiphertext: string } | null,
    now: number,
  ): Promise<void>;
  /** The tenant no longer uses an account (the account stays while another tenant uses it). */
  unbind(tenantId: string): Promise<void>;
  /**
   * Deletes the account's key and webhook (a key removed and no workspace left using it). The account keeps its id and
   * fingerprint, so connecting the same key again finds it, with its quota and budget.
   */
  clearCredentials(accountId: string, now: number): Promise<void>;
  /** Every tenant bound to the account. */
  tenantsOf(accountId: string): Promise<string[]>;
}

export type IntentState = 'running' | 'written' | 'finished' | 'failed';

/** What a write intent carries: what to write, who asked, and where to report (team, user, channel, response_url…). */
export interface IntentInput {
  /** The idempotency key (e.g. derived from the clicked action and its target). */
  key: string;
  /** What kind of write, e.g. `custom_field.set`. */
  kind: string;
  payload: unknown;
}

export interface Intent {
  key: string;
  kind: string;
  payload: unknown;
  state: IntentState;
  /** The process that holds (or last held) the lease. */
  owner: string;
  leaseUntil: number;
  result: unknown;
  /** How many times it was started or taken over (1 on the first begin). */
  attempts: number;
  createdAt: number;
  updatedAt: number;
}

export interface BeginOptions {
  owner: string;
  leaseMs: number;
  now: number;
  /** A `finished` intent blocks a new begin of the same key for this long after it finished. */
  duplicateWindowMs: number;
}

export type BeginResult = { started: true } | { started: false; state: IntentState; intent: Intent };

/**
 * Durable write intents: a write happens once across replicas and restarts, and a replica killed mid-write leaves a
 * row another replica recovers (`claimExpired`). States: running → written → finished, or → failed. Each mutation is
 * fenced by `owner`: a process whose lease was taken over changes nothing (the call answers false).
 */
export interface IntentStore {
  /** Starts when there is no row, when it failed, or when it finished more than duplicateWindowMs ago. */
  begin(intent: IntentInput, options: BeginOptions): Promise<BeginResult>;
  /** The upstream write succeeded; `result` is what to report. Only from `running`. */
  markWritten(key: string, owner: string, result: unknown, now: number): Promise<boolean>;
  /** Reported; done. From `running` or `written`. */
  finish(key: string, owner: string, now: number): Promise<boolean>;
  /** Failed (and reported); a later begin may start it again. From `running` or `written`. */
  fail(key: string, owner: string, result: unknown, now: number): Promise<boolean>;
  /** Takes over `running`/`written` intents whose lease expired; each is returned to exactly one caller. */
  claimExpired(options: { owner: string; leaseMs: number; now: number; limit: number }): Promise<Intent[]>;
  get(key: string): Promise<Intent | null>;
}

export type AcquireResult =
  | { ok: true; slotId: string }
  /** `nextFreeAt`: when a slot frees, or when the pause ends. */
  | { ok: false; nextFreeAt: number; paused: boolean };

export interface AcquireOptions {
  /** Requests allowed per window. */
  limit: number;
  /** Kept for the caller's bookkeeping; the window is encoded in each slot's free time (see settle). */
  windowMs: number;
  now: number;
  /** A slot is held until now + inFlightHoldMs unless settled, so a crashed replica's slots expire. */
  inFlightHoldMs: number;
}

/**
 * The tracking API's rolling-window quota, per account (key = a hash of the API key, never the key), shared by every
 * replica: a request holds a slot from before it is sent until the slot's free time. Never more than `limit` slots
 * are held at once.
 */
export interface QuotaStore {
  acquire(account: string, options: AcquireOptions): Promise<AcquireResult>;
  /** The account's live slots at `now`, and until when it is paused (null when it is not). */
  usage(account: string, now: number): Promise<{ held: number; pausedUntil: number | null }>;
  /** Sets when the slot frees (the caller computes it from the send and answer times and the window). */
  settle(slotId: string, freeAt: number): Promise<void>;
  /** After an upstream 429: every acquire answers `paused` until `untilMs` (a later pause extends, never shortens). */
  pause(account: string, untilMs: number): Promise<void>;
}

/** A tracking-API answer kept for other replicas (docs/store.md, "Shared reads"). */
export interface SharedRead {
  /** The answer's body; null while the first fetch is in flight. */
  body: string | null;
  /** When the API answered, on the reading clock (what the card's "updated … ago" says). */
  receivedAt: number | null;
  /** When it was stored, on the wall clock (how old it is). */
  fetchedAt: number | null;
  /** The process fetching it now, until `leaseUntil`. */
  leaseOwner: string | null;
  leaseUntil: number;
}

/**
 * Reads shared by every replica, per tracking account (its id) and GET URL: one process fetches under a lease while
 * the others wait for its answer. A cache only: losing a row costs one more request.
 */
export interface SharedReadStore {
  get(account: string, key: string): Promise<SharedRead | null>;
  /**
   * Takes the lease on the key when nobody holds a live one and no answer fetched at or after `notBefore` is stored;
   * true when this caller now fetches it.
   */
  claim(
    account: string,
    key: string,
    lease: { owner: string; now: number; leaseMs: number; notBefore: number },
  ): Promise<boolean>;
  /** Stores the answer and ends the lease, when `owner` still holds it (a write in between dropped it: nothing). */
  put(
    account: string,
    key: string,
    owner: string,
    answer: { body: string; receivedAt: number; fetchedAt: number },
  ): Promise<boolean>;
  /** Ends `owner`'s lease without an answer (its fetch failed): the next reader fetches. */
  release(account: string, key: string, owner: string): Promise<void>;
  /** Forgets every answer of the account (a write through the API made them stale) and every lease on them. */
  forget(account: string): Promise<number>;
}

export interface Card {
  teamId: string;
  channelId: string;
  messageTs: string;
  /** The thread the card's audit lines go to; null when the card is itself not in a thread. */
  threadTs: string | null;
  /** `shipment`, `vessel`, `tracking_request`, `email_submission`, … */
  kind: string;
  /** The shipment id (vessel id, …) the card shows. */
  subjectId: string;
  isPrivate: boolean;
  /** A hash of the last rendered message, so an unchanged card is not updated again. */
  renderedVersion: string | null;
  postedAt: number;
  updatedAt: number;
  /**
   * Who the card was posted for, when that matters later: a followed tracking request's card becomes a watch made
   * for them. Absent for every other card; recording a card again without it keeps the one it had.
   */
  requestedBy?: string;
}

/** The registry of posted cards, so later updates can find and edit them in place. */
export interface CardStore {
  /** Inserts or replaces the card at (team, channel, ts). */
  record(card: Card): Promise<void>;
  get(teamId: string, channelId: string, messageTs: string): Promise<Card | null>;
  /** Every card of one subject in a workspace, most recently posted first. */
  findBySubject(teamId: string, kind: string, subjectId: string): Promise<Card[]>;
  /**
   * Every card of one subject in every workspace, most recently posted first: for work that starts from the subject
   * alone (a tracking request Terminal49 reports on), whose subject ids are unique across workspaces.
   */
  findBySubjectEverywhere(kind: string, subjectId: string): Promise<Card[]>;
  setRenderedVersion(
    teamId: string,
    channelId: string,
    messageTs: string,
    version: string,
    now: number,
  ): Promise<boolean>;
  remove(teamId: string, channelId: string, messageTs: string): Promise<boolean>;
}

/** The member directory cache (users.info answers), each entry with its own expiry. */
export interface MemberStore {
  /** The cached value, or null when absent or expired at `now`. */
  get(teamId: string, userId: string, now: number): Promise<unknown>;
  put(teamId: string, userId: string, value: unknown, expiresAt: number): Promise<void>;
}

export interface JobInput {
  kind: string;
  /** Dedupes pending jobs: enqueueing a key that is already pending keeps one job, at the earlier runAt. */
  key?: string | null;
  runAt: number;
  payload: unknown;
  /**
   * Where the job stands in line among due jobs: lower is claimed first (default `runAt`, i.e. oldest first). A
   * caller encodes its priority here (src/jobs/priority.ts). Kept relative to `runAt` when the job is retried.
   */
  order?: number;
  /** The budget the job spends (`api:<account>:poll`, `slack-update:<team>`, …): a claim can skip blocked lanes. */
  lane?: string | null;
  /**
   * Merging into a pending job of its key, keep that job's payload (only the run time, place in line and lane can
   * move): for a caller that brings a job forward without knowing what it carries (a webhook hastening a follow).
   * With no pending job, this one is inserted with its own payload.
   */
  keepPayload?: boolean;
}

export interface Job {
  id: string;
  kind: string;
  key: string | null;
  payload: unknown;
  runAt: number;
  order: number;
  lane: string | null;
  /** How many times it was claimed, this claim included. */
  attempts: number;
  lastError: string | null;
  owner: string | null;
  leaseUntil: number | null;
}

/**
 * A small durable queue (webhook inbox, polls, Slack outbox, intent recovery). A job is claimed with a lease; only its
 * current owner may complete, retry or extend it (a stale owner's call answers false and changes nothing); a job whose
 * lease expired is claimed again by someone else. Completed jobs are deleted.
 */
export interface JobStore {
  /** The job's id (the existing pending job's id when `key` deduped it). */
  enqueue(job: JobInput): Promise<string>;
  /**
   * Due jobs (runAt ≤ now) of these kinds that are pending or whose lease expired, lowest `order` first, none in a
   * lane of `skipLanes`; each goes to one caller.
   */
  claim(options: {
    kinds: string[];
    owner: string;
    leaseMs: number;
    now: number;
    limit: number;
    skipLanes?: readonly string[];
  }): Promise<Job[]>;
  complete(id: string, owner: string): Promise<boolean>;
  /** Back to pending at `runAt`, remembering `error`; its place in line moves with its run time. */
  retry(id: string, owner: string, runAt: number, error: string): Promise<boolean>;
  /**
   * Back to pending exactly as it was (run time, place in line, attempts): the job was not run, because its budget
   * said no. It is claimed again in its old place once its lane is open.
   */
  release(id: string, owner: string): Promise<boolean>;
  extend(id: string, owner: string, leaseMs: number, now: number): Promise<boolean>;
  /** Pending jobs per kind: how many, how many are due at `now`, and the oldest due run time. */
  depth(now: number): Promise<JobDepth[]>;
}

export interface JobDepth {
  kind: string;
  pending: number;
  due: number;
  /** The run time of the job that has waited longest past its time; null when none is due. */
  oldestDueAt: number | null;
}

export interface Store {
  readonly backend: StoreBackend;
  /** The embedded file path, or the PostgreSQL URL without its password. */
  readonly location: string;
  readonly claims: ClaimStore;
  readonly sightings: SightingStore;
  readonly accounts: AccountStore;
  readonly intents: IntentStore;
  readonly quota: QuotaStore;
  /** Tracking-API answers shared by replicas, with the lease of the one fetching each. */
  readonly reads: SharedReadStore;
  readonly cards: CardStore;
  readonly members: MemberStore;
  readonly jobs: JobStore;
  /** Watched shipments: watches, channel settings, snapshots, the webhook inbox, changes (watching-types.ts). */
  readonly watching: WatchingStore;
  /** Channels' subscriptions to slices of their account's book, and the watches they make (subscription-types.ts). */
  readonly subscriptions: SubscriptionsStore;
  /** OAuth installations and the lease of their token refresh (tenant-types.ts). */
  readonly installations: InstallationTable;
  /** Each workspace's policy settings (OAuth mode). */
  readonly workspaceSettings: WorkspaceSettingsTable;
  /** Workspaces seen under an organisation, and forgetting a tenant on uninstall. */
  readonly tenants: TenantTable;
  /** Every sealed value, for re-sealing under a new encryption key. */
  readonly sealed: SealedValueTable;
  /** Never rejects: reachability, schema version and the reason when unreachable. */
  status(): Promise<StoreStatus>;
  /** Resolves when the database answers; rejects with a StoreError (`store_unavailable`) when it does not. */
  ping(): Promise<void>;
  /** Deletes every expired row (claims, members, quota slots and pauses, old intents and cards); counts per table. */
  sweep(now: number): Promise<Record<string, number>>;
  /** Applies pending migrations; the versions before and after. */
  migrate(): Promise<{ from: number; to: number }>;
  close(): Promise<void>;
}
