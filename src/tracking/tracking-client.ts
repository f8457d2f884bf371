/**
 * The contract between the tracking layer and everything above it. `createTrackingClient` (client.ts) implements it
 * over HTTP; tests may pass any object of this shape. Every method resolves to domain models or rejects with a
 * TrackingApiError — never a raw response, never another error type.
 */
import type {
  ContainerMatch,
  CustomField,
  CustomFieldDefinition,
  CustomFieldValue,
  EmailSubmission,
  EmailSubmissionDetail,
  InferredNumber,
  NewTrackingRequest,
  Page,
  RotationDegrees,
  SearchResult,
  Shipment,
  ShipmentDetail,
  TrackingRequest,
  TrackingRequestDetail,
  TrackingRequestUpdate,
  Vessel,
  WebhookNotificationRecord,
} from './models.js';

export interface ReadOptions {
  /** Skip the short TTL cache (the card's Refresh button). Concurrent identical reads are still coalesced. */
  fresh?: boolean;
  signal?: AbortSignal;
}

export interface PageRequest {
  number?: number;
  size?: number;
}

export interface VesselWindow {
  /** ISO timestamps; the API defaults to 7 days back to now. Omit both to skip positions (no routing feature needed). */
  from?: string;
  to?: string;
  /** Ask for positions at all (sends the window). */
  withPositions?: boolean;
}

export interface TrackingClient {
  getShipment(id: string, options?: ReadOptions): Promise<ShipmentDetail>;
  /** `PATCH /shipments/{id}/resume_tracking`: a write, sent once. */
  resumeTracking(shipmentId: string): Promise<void>;
  /** `GET /shipments?number=N&include=…`: BL or booking number in one call. Empty when nothing matches. */
  findShipmentsByNumber(number: string, options?: ReadOptions): Promise<ShipmentDetail[]>;
  /** `GET /containers?filter[number]=N&include=shipment,pod_terminal`, keeping only exact number matches. */
  findContainersByNumber(number: string, options?: ReadOptions): Promise<ContainerMatch[]>;
  search(query: string, options?: ReadOptions): Promise<SearchResult[]>;
  getVessel(idOrImo: string, window?: VesselWindow, options?: ReadOptions): Promise<Vessel>;
  getTrackingRequest(id: string, options?: ReadOptions): Promise<TrackingRequestDetail>;
  updateTrackingRequest(id: string, update: TrackingRequestUpdate): Promise<TrackingRequest>;
  /** `POST /tracking_requests`: a write, sent once, spending the creation quota (100/min, apart from reads). */
  createTrackingRequest(request: NewTrackingRequest): Promise<TrackingRequest>;
  /** `POST /tracking_requests/infer_number`: the number's type and carrier (its own quota, 200/min). */
  inferNumber(number: string): Promise<InferredNumber>;
  getEmailSubmission(id: string, options?: ReadOptions): Promise<EmailSubmissionDetail>;
  rotateDocument(id: string, degrees: RotationDegrees): Promise<void>;
  getDocumentDownloadUrl(id: string, options?: ReadOptions): Promise<string>;
  setContainerCustomField(
    containerId: string,
    apiSlug: string,
    value: CustomFieldValue,
  ): Promise<CustomField>;
  listContainerCustomFields(containerId: string, options?: ReadOptions): Promise<CustomField[]>;
  listCustomFieldDefinitions(
    filter?: { entityType?: string },
    options?: ReadOptions,
  ): Promise<CustomFieldDefinition[]>;
  listShipments(page?: PageRequest, options?: ReadOptions): Promise<Page<Shipment>>;
  listContainers(page?: PageRequest, options?: ReadOptions): Promise<Page<ContainerMatch>>;
  listTrackingRequests(page?: PageRequest, options?: ReadOptions): Promise<Page<TrackingRequest>>;
  listEmailSubmissions(page?: PageRequest, options?: ReadOptions): Promise<Page<EmailSubmission>>;
  /** `GET /webhook_notifications/{id}?include=…`: one notification, whole (completes a minimal one). */
  getWebhookNotification(id: string, options?: ReadOptions): Promise<WebhookNotificationRecord>;
  /** `GET /webhook_notifications?include=…` (paged): what was sent, for catching up after an outage. */
  listWebhookNotifications(
    page?: PageRequest,
    options?: ReadOptions,
  ): Promise<Page<WebhookNotificationRecord>>;
}

/** What a person typed, resolved to the thing a card can show. */
export type Resolution =
  | {
      kind: 'shipment';
      detail: ShipmentDetail;
      matchedBy: 'number' | 'container' | 'id' | 'search';
      container: string | null;
    }
  | { kind: 'tracking_request'; trackingRequest: TrackingRequest }
  | {
      kind: 'not_found';
      query: string;
      looksLike: 'container' | 'bill_of_lading_or_booking' | 'id' | 'unknown';
    };
