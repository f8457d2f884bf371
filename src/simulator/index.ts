export type { AccountName } from './auth.js';
export { createSimulator, MAX_BOOK } from './create-simulator.js';
export { DEMO } from './demo/catalog.js';
export { DEMO_TIME_PATH, type DemoTimeState } from './demo-time-route.js';
export type { ChangeEvent } from './timeline/change-events.js';
export type {
  RecordedRequest,
  RunningSimulator,
  ScriptedFault,
  ScriptedFaultKind,
  Simulator,
  SimulatorOptions,
} from './types.js';
export type { DeliveryOptions, DeliveryRecord } from './webhooks/deliveries.js';
export { SIGNATURE_HEADER, signBody } from './webhooks/notification.js';
export type { WebhookTarget } from './webhooks/webhook-registry.js';
