/** `GET /metrics` (Prometheus text) and what feeds it (docs/operations.md, "Metrics"). */
export { METRICS_PATH, metricsRoute } from './metrics-route.js';
export { createShipwatchMetrics, type ShipwatchMetrics } from './shipwatch-metrics.js';
