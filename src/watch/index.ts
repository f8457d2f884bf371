/** Watching shipments: the service the Slack layer and the composition root use (watch-service.ts). */

export { NO_WATCH_METRICS, type WatchMetrics } from './metrics.js';
export {
  type ChannelSettings,
  DEFAULT_CHANNEL_SETTINGS,
  ETA_THRESHOLD_CHOICES,
  readChannelSettings,
} from './settings.js';
export { DEFAULT_CADENCE, defaultWatchConfig, parseCadence, type WatchConfig } from './watch-config.js';
export {
  type ChannelWatch,
  createWatchService,
  type StoredShipment,
  type Unwatched,
  type WatchOutcome,
  type WatchRequest,
  type WatchService,
  type WatchServiceOptions,
  type WatchServiceStats,
  type WatchTracking,
} from './watch-service.js';
export { readWatchStatus, type WatchStatus } from './watch-status.js';
export { signWebhookBody } from './webhook/signature.js';
export {
  ACCOUNT_WEBHOOK_PREFIX,
  createWebhookRoute,
  MAX_WEBHOOK_BODY_BYTES,
  WEBHOOK_PATH,
  type WebhookRouteOptions,
} from './webhook/webhook-route.js';
