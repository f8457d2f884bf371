export { containerCheckDigit, isValidContainerNumber } from '../domain/container-number.js';
export {
  createTrackingClient,
  type HttpTrackingClient,
  type TrackingClientOptions,
} from './create-tracking-client.js';
export * from './errors.js';
export { createUndiciTransport, fromFetchHandler, type HttpTransport } from './http/transport.js';
export type * from './models.js';
export { normalizeQuery } from './normalize-query.js';
export { parseContainerDocument, parseContainerListDocument } from './parsers/container.js';
export {
  parseCustomFieldDefinitionListDocument,
  parseCustomFieldDocument,
  parseCustomFieldListDocument,
} from './parsers/custom-field.js';
export { parseDownloadUrlDocument } from './parsers/download-url.js';
export {
  parseEmailSubmissionDocument,
  parseEmailSubmissionListDocument,
} from './parsers/email-submission.js';
export { parseSearchDocument } from './parsers/search.js';
export { parseShipmentDocument, parseShipmentListDocument } from './parsers/shipment.js';
export {
  parseTrackingRequestDocument,
  parseTrackingRequestListDocument,
} from './parsers/tracking-request.js';
export { parseVesselDocument } from './parsers/vessel.js';
export { resolveShipment } from './resolver.js';
export type * from './tracking-client.js';
