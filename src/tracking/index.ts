export {
  createTrackingClient,
  type HttpTrackingClient,
  type TrackingClientOptions,
} from './client.js';
export { containerCheckDigit, isValidContainerNumber } from './container-number.js';
export { parseContainerDocument, parseContainerListDocument } from './documents/container.js';
export {
  parseCustomFieldDefinitionListDocument,
  parseCustomFieldDocument,
  parseCustomFieldListDocument,
} from './documents/custom-field.js';
export { parseDownloadUrlDocument } from './documents/download-url.js';
export {
  parseEmailSubmissionDocument,
  parseEmailSubmissionListDocument,
} from './documents/email-submission.js';
export { parseSearchDocument } from './documents/search.js';
export { parseShipmentDocument, parseShipmentListDocument } from './documents/shipment.js';
export {
  parseTrackingRequestDocument,
  parseTrackingRequestListDocument,
} from './documents/tracking-request.js';
export { parseVesselDocument } from './documents/vessel.js';
export * from './errors.js';
export { createUndiciTransport, fromFetchHandler, type HttpTransport } from './http/transport.js';
export type * from './models.js';
export { normalizeQuery } from './normalize-query.js';
export { resolveShipment } from './resolver.js';
export type * from './tracking-client.js';
