/** What a route handler receives: the parsed request plus the simulator's mutable state. */
import type { Clock } from '../clock.js';
import type { AccountName, ApiKeyProfile } from './auth.js';
import type { DocumentFiles } from './files/document-files.js';
import type { TransportEventLog } from './history/transport-event-log.js';
import type { ResourceStore } from './store.js';
import type { RequestLifecycle } from './tracking-requests/request-lifecycle.js';
import type { NotificationLog } from './webhooks/notification-log.js';
import type { WebhookRegistry } from './webhooks/webhook-registry.js';

/** One account's data and machinery: a request reads and changes only its own key's account. */
export interface SimulatorState {
  account: AccountName;
  store: ResourceStore;
  clock: Clock;
  documents: DocumentFiles;
  webhooks: WebhookRegistry;
  /** What the account's containers went through, as announced. */
  events: TransportEventLog;
  /** The notifications sent to the account's webhooks. */
  notifications: NotificationLog;
  /** The tracking requests created through the API, on their way to an outcome. */
  requests: RequestLifecycle;
}

export interface RouteContext {
  request: Request;
  url: URL;
  /** Without the /v2 prefix. */
  path: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** `http://host:port` as the client addressed us: links and download URLs point back here. */
  origin: string;
  /** null only on public routes (presigned file downloads). */
  key: ApiKeyProfile | null;
  state: SimulatorState;
}

export type RouteHandler = (context: RouteContext) => Response | Promise<Response>;
