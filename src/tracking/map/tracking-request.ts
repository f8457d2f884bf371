/**
 * `tracking_request` resource → TrackingRequest. The shipment is `relationships.tracked_object` (null while pending
 * or failed); the SDK's `shipment` relationship does not exist. Tags come as `tags` or live `shipment_tags`.
 */
import { parseAttributes, type Resource, relatedOne } from '../jsonapi.js';
import type { TrackingRequest } from '../models.js';
import { trackingRequestAttributesSchema } from '../schemas/tracking-request.js';
import { blankToNull } from './zoned.js';

export function toTrackingRequest(resource: Resource): TrackingRequest {
  const a = parseAttributes(trackingRequestAttributesSchema, resource);
  const tracked = relatedOne(resource, 'tracked_object');
  return {
    id: resource.id,
    requestNumber: a.request_number,
    requestType: blankToNull(a.request_type) ?? 'unknown',
    scac: blankToNull(a.scac),
    status: a.status,
    failedReason: blankToNull(a.failed_reason),
    // Older payloads lack `is_retrying`; a pending request with a failure reason is being retried.
    isRetrying: a.is_retrying ?? (a.status === 'pending' && blankToNull(a.failed_reason) !== null),
    retryCount: a.retry_count,
    refNumbers: a.ref_numbers,
    tags: a.tags.length > 0 ? a.tags : a.shipment_tags,
    createdAt: a.created_at ?? null,
    updatedAt: a.updated_at ?? null,
    shipmentId: tracked?.id ?? null,
  };
}
