export { isStoreError, StoreError, type StoreErrorCode } from './errors.js';
export { DEFAULT_DATA_DIR, databasePassword, embeddedFile, redactDatabaseUrl } from './location.js';
export { LATEST_VERSION } from './migrations/index.js';
export { type OpenStoreOptions, openStore } from './open-store.js';
export type { JoinOutcome, SubscriptionRecord, SubscriptionsStore } from './subscription-types.js';
export type { Retention } from './tables/sweep.js';
export type {
  ForgottenTenant,
  InstallationInput,
  InstallationRecord,
  InstallationTable,
  SealedColumn,
  SealedValue,
  SealedValueTable,
  TenantTable,
  WorkspaceSettingsRecord,
  WorkspaceSettingsTable,
} from './tenant-types.js';
export type {
  AccountRecord,
  AccountStore,
  AcquireOptions,
  AcquireResult,
  BeginOptions,
  BeginResult,
  Card,
  CardStore,
  ClaimStore,
  Intent,
  IntentInput,
  IntentState,
  IntentStore,
  Job,
  JobDepth,
  JobInput,
  JobStore,
  MemberStore,
  QuotaStore,
  SharedRead,
  SharedReadStore,
  Store,
  StoreBackend,
  StoreStatus,
} from './types.js';
export type {
  ChannelOverview,
  ChannelOverviewQuery,
  ChannelSettingsRecord,
  CommitResult,
  InboxAcceptance,
  InboxNotification,
  KeyedChange,
  PendingChange,
  PollDemand,
  ShipmentAttention,
  SnapshotCommit,
  SnapshotRecord,
  Watch,
  WatchingRetention,
  WatchingStore,
  WatchKey,
  WatchState,
} from './watching-types.js';
