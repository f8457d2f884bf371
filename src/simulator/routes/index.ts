/** The simulator's route table: every endpoint it serves (paths without the /v2 prefix). */
import type { RouteDefinition } from '../router.js';
import { listRawEvents, listTransportEvents } from './container-events.js';
import { refreshContainer } from './container-refresh.js';
import { getContainer, listContainers } from './containers.js';
import {
  getCustomFieldDefinition,
  getCustomFieldOption,
  listCustomFieldDefinitions,
  listCustomFieldOptions,
} from './custom-field-definitions.js';
import {
  deleteCustomField,
  getCustomField,
  listCustomFields,
  patchCustomField,
  postCustomField,
} from './custom-field-records.js';
import {
  customFieldHandlers,
  deleteContainerCustomField,
  listContainerCustomFields,
  patchContainerCustomField,
  postContainerCustomField,
} from './custom-fields.js';
import {
  getDocument,
  getDocumentDownloadUrl,
  getDocumentFile,
  listDocuments,
  listDocumentTypes,
  rotateDocument,
} from './documents.js';
import { getEmailSubmission, listEmailSubmissions } from './email-submissions.js';
import { notImplementedRoutes } from './not-implemented.js';
import { getParty, listParties, patchParty, postParty } from './parties.js';
import { getMetroArea, getPort, getTerminal } from './places.js';
import { search } from './search.js';
import { patchShipment, resumeTracking, stopTracking } from './shipment-updates.js';
import { getShipment, listShipments } from './shipments.js';
import { getShippingLine, listShippingLines } from './shipping-lines.js';
import { postInferNumber, postTrackingRequest } from './tracking-request-create.js';
import { patchTrackingRequest } from './tracking-request-update.js';
import { getTrackingRequest, listTrackingRequests } from './tracking-requests.js';
import { getVessel } from './vessels.js';
import {
  getWebhookNotification,
  getWebhookNotificationExamples,
  listWebhookNotifications,
} from './webhook-notifications.js';
import { listWebhookEvents, triggerWebhook } from './webhook-trigger.js';
import {
  deleteWebhook,
  getWebhook,
  getWebhookIps,
  listWebhooks,
  patchWebhook,
  postWebhook,
} from './webhooks.js';

/** The four custom-field routes of an entity other than a container, under its own path. */
function entityFieldRoutes(base: string, entity: 'shipment' | 'tracking_request'): RouteDefinition[] {
  const handlers = customFieldHandlers(entity);
  return [
    { method: 'GET', pattern: `${base}/custom_fields`, handler: handlers.list },
    { method: 'POST', pattern: `${base}/custom_fields`, handler: handlers.post },
    { method: 'PATCH', pattern: `${base}/custom_fields/:api_slug`, handler: handlers.patch },
    { method: 'DELETE', pattern: `${base}/custom_fields/:api_slug`, handler: handlers.remove },
  ];
}

export const ROUTES: readonly RouteDefinition[] = [
  { method: 'GET', pattern: '/shipments', handler: listShipments },
  { method: 'GET', pattern: '/shipments/:id', handler: getShipment },
  { method: 'PATCH', pattern: '/shipments/:id', handler: patchShipment },
  { method: 'PATCH', pattern: '/shipments/:id/stop_tracking', handler: stopTracking },
  { method: 'PATCH', pattern: '/shipments/:id/resume_tracking', handler: resumeTracking },
  { method: 'GET', pattern: '/containers', handler: listContainers },
  { method: 'GET', pattern: '/containers/:id', handler: getContainer },
  { method: 'GET', pattern: '/containers/:id/transport_events', handler: listTransportEvents },
  { method: 'GET', pattern: '/containers/:id/raw_events', handler: listRawEvents },
  { method: 'PATCH', pattern: '/containers/:id/refresh', handler: refreshContainer, quota: 'refresh' },
  { method: 'GET', pattern: '/containers/:container_id/custom_fields', handler: listContainerCustomFields },
  { method: 'POST', pattern: '/containers/:container_id/custom_fields', handler: postContainerCustomField },
  {
    method: 'PATCH',
    pattern: '/containers/:container_id/custom_fields/:api_slug',
    handler: patchContainerCustomField,
  },
  {
    method: 'DELETE',
    pattern: '/containers/:container_id/custom_fields/:api_slug',
    handler: deleteContainerCustomField,
  },
  ...entityFieldRoutes('/shipments/:shipment_id', 'shipment'),
  ...entityFieldRoutes('/tracking_requests/:tracking_request_id', 'tracking_request'),
  { method: 'GET', pattern: '/custom_fields', handler: listCustomFields },
  { method: 'POST', pattern: '/custom_fields', handler: postCustomField },
  { method: 'GET', pattern: '/custom_fields/:id', handler: getCustomField },
  { method: 'PATCH', pattern: '/custom_fields/:id', handler: patchCustomField },
  { method: 'DELETE', pattern: '/custom_fields/:id', handler: deleteCustomField },
  { method: 'GET', pattern: '/custom_field_definitions', handler: listCustomFieldDefinitions },
  { method: 'GET', pattern: '/custom_field_definitions/:id', handler: getCustomFieldDefinition },
  {
    method: 'GET',
    pattern: '/custom_field_definitions/:definition_id/options',
    handler: listCustomFieldOptions,
  },
  {
    method: 'GET',
    pattern: '/custom_field_definitions/:definition_id/options/:option_id',
    handler: getCustomFieldOption,
  },
  { method: 'GET', pattern: '/vessels/:id', handler: getVessel },
  { method: 'GET', pattern: '/tracking_requests', handler: listTrackingRequests },
  {
    method: 'POST',
    pattern: '/tracking_requests',
    handler: postTrackingRequest,
    quota: 'create_tracking_request',
  },
  {
    method: 'POST',
    pattern: '/tracking_requests/infer_number',
    handler: postInferNumber,
    quota: 'infer_number',
    // It only reads the number: a read-only key may ask.
    write: false,
  },
  { method: 'GET', pattern: '/tracking_requests/:id', handler: getTrackingRequest },
  { method: 'PATCH', pattern: '/tracking_requests/:id', handler: patchTrackingRequest },
  { method: 'GET', pattern: '/email_submissions', handler: listEmailSubmissions },
  { method: 'GET', pattern: '/email_submissions/:id', handler: getEmailSubmission },
  { method: 'GET', pattern: '/documents', handler: listDocuments },
  { method: 'GET', pattern: '/documents/types', handler: listDocumentTypes },
  { method: 'GET', pattern: '/documents/:id', handler: getDocument },
  { method: 'POST', pattern: '/documents/:id/rotate', handler: rotateDocument },
  { method: 'GET', pattern: '/documents/:id/download_url', handler: getDocumentDownloadUrl },
  { method: 'GET', pattern: '/documents/:id/file', handler: getDocumentFile, public: true },
  { method: 'GET', pattern: '/search', handler: search },
  { method: 'GET', pattern: '/webhooks', handler: listWebhooks },
  { method: 'POST', pattern: '/webhooks', handler: postWebhook },
  { method: 'GET', pattern: '/webhooks/ips', handler: getWebhookIps },
  { method: 'GET', pattern: '/webhooks/:id', handler: getWebhook },
  { method: 'PATCH', pattern: '/webhooks/:id', handler: patchWebhook },
  { method: 'DELETE', pattern: '/webhooks/:id', handler: deleteWebhook },
  { method: 'GET', pattern: '/webhooks/events', handler: listWebhookEvents },
  { method: 'POST', pattern: '/webhooks/trigger', handler: triggerWebhook },
  { method: 'GET', pattern: '/webhook_notifications', handler: listWebhookNotifications },
  { method: 'GET', pattern: '/webhook_notifications/examples', handler: getWebhookNotificationExamples },
  { method: 'GET', pattern: '/webhook_notifications/:id', handler: getWebhookNotification },
  { method: 'GET', pattern: '/parties', handler: listParties },
  { method: 'POST', pattern: '/parties', handler: postParty },
  { method: 'GET', pattern: '/parties/:id', handler: getParty },
  { method: 'PATCH', pattern: '/parties/:id', handler: patchParty },
  { method: 'GET', pattern: '/shipping_lines', handler: listShippingLines },
  { method: 'GET', pattern: '/shipping_lines/:id', handler: getShippingLine },
  { method: 'GET', pattern: '/ports/:id', handler: getPort },
  { method: 'GET', pattern: '/metro_areas/:id', handler: getMetroArea },
  { method: 'GET', pattern: '/terminals/:id', handler: getTerminal },
  ...notImplementedRoutes(),
];
