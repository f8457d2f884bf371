/**
 * Domain models: what the rest of Shipwatch sees of the tracking API. camelCase, positively defined, every field the
 * API may leave out is `null` (never `undefined`), timestamps are kept as the API's ISO strings so no zone or offset
 * information is lost before a renderer decides how to show them. Produced only by `tracking/map/*`.
 */

/** An ISO 8601 timestamp exactly as the API sent it (UTC `Z` or with an offset). */
export type IsoTimestamp = string;

/** A timestamp and the IANA zone it belongs to (null = the API could not place it: local wall time, zone unknown). */
export interface ZonedTimestamp {
  at: IsoTimestamp;
  timeZone: string | null;
}

export interface Port {
  id: string;
  kind: 'port' | 'metro_area';
  name: string | null;
  locode: string | null;
  city: string | null;
  stateAbbr: string | null;
  countryCode: string | null;
  timeZone: string | null;
  /** Live data sends coordinates as strings; mapped to numbers or null. */
  latitude: number | null;
  longitude: number | null;
}

export interface Terminal {
  id: string;
  kind: 'terminal' | 'rail_terminal';
  name: string | null;
  nickname: string | null;
  firmsCode: string | null;
  /** Which fields this terminal actually reports (`provided_data`); empty when unknown. */
  providedData: Record<string, boolean>;
}

export type HoldStatus = 'hold' | 'pending';

export interface TerminalHold {
  /** Case-sensitive canonical names: freight, customs, USDA, VACIS, TMF, other (others passed through). */
  name: string;
  status: HoldStatus | string;
  description: string | null;
}

export interface TerminalFee {
  /** demurrage, exam, extended_dwell_time, other, total (others passed through). */
  type: string;
  /** 0 means "reported, amount not yet posted"; null means the API sent an amount that could not be read. */
  amount: number | null;
  currencyCode: string | null;
}

export type LfdSource = 'line' | 'terminal' | 'rail';

/** A last-free-day value. `at` may be a full timestamp (usually local midnight in UTC) or a date-only `YYYY-MM-DD`. */
export interface LastFreeDay {
  at: string;
  source: LfdSource | 'coalesced';
  timeZone: string | null;
}

export type ContainerStatus =
  | 'new'
  | 'on_ship'
  | 'available'
  | 'not_available'
  | 'grounded'
  | 'on_rail'
  | 'picked_up'
  | 'off_dock'
  | 'delivered'
  | 'dropped'
  | 'loaded'
  | 'empty_returned'
  | 'awaiting_inland_transfer';

export interface Container {
  id: string;
  number: string;
  refNumbers: string[];
  equipmentType: string | null;
  /** 0 from the API is mapped to null. */
  equipmentLength: number | null;
  equipmentHeight: string | null;
  weightInLbs: number | null;
  sealNumber: string | null;
  /** The API's `current_status` verbatim (unknown values passed through), null when absent. */
  currentStatus: ContainerStatus | string | null;
  availabilityKnown: boolean | null;
  availableForPickup: boolean | null;
  holds: TerminalHold[];
  /** null = not reported; [] = reported, none. */
  fees: TerminalFee[] | null;
  /**
   * The API's coalesced `pickup_lfd` (priority line > terminal > rail). Traced back to the deadline it came from, so
   * `source` and `timeZone` are that deadline's; `source: 'coalesced'` (zone `podTimeZone`) when it cannot be traced.
   */
  pickupLfd: LastFreeDay | null;
  /** Every non-null `import_deadlines.*` entry, each with the zone that belongs to its source. */
  deadlines: LastFreeDay[];
  pickupAppointmentAt: ZonedTimestamp | null;
  locationAtPodTerminal: string | null;
  podArrivedAt: ZonedTimestamp | null;
  podDischargedAt: ZonedTimestamp | null;
  podFullOutAt: ZonedTimestamp | null;
  podRailLoadedAt: ZonedTimestamp | null;
  podRailDepartedAt: ZonedTimestamp | null;
  indEtaAt: ZonedTimestamp | null;
  indAtaAt: ZonedTimestamp | null;
  indRailUnloadedAt: ZonedTimestamp | null;
  finalDestinationFullOutAt: ZonedTimestamp | null;
  emptyTerminatedAt: ZonedTimestamp | null;
  podRailCarrierScac: string | null;
  indRailCarrierScac: string | null;
  /** System timestamps (UTC). */
  terminalCheckedAt: IsoTimestamp | null;
  createdAt: IsoTimestamp | null;
  podTimeZone: string | null;
  finalDestinationTimeZone: string | null;
  shipmentId: string | null;
  podTerminalId: string | null;
}

export type TrackingStoppedReason =
  | 'all_containers_terminated'
  | 'past_arrival_window'
  | 'past_full_out_window'
  | 'no_updates_at_line'
  | 'cancelled_by_user'
  | 'booking_cancelled';

export interface Shipment {
  id: string;
  billOfLadingNumber: string;
  normalizedNumber: string | null;
  refNumbers: string[];
  /** `tags` or live `shipment_tags`. */
  tags: string[];
  shippingLine: { scac: string | null; name: string | null; shortName: string | null };
  customerName: string | null;
  portOfLading: { locode: string | null; name: string | null; timeZone: string | null };
  portOfDischarge: { locode: string | null; name: string | null; timeZone: string | null };
  destination: { locode: string | null; name: string | null; timeZone: string | null };
  vessel: { name: string | null; imo: string | null; voyageNumber: string | null };
  polEtdAt: ZonedTimestamp | null;
  polAtdAt: ZonedTimestamp | null;
  polOriginalEtdAt: ZonedTimestamp | null;
  podEtaAt: ZonedTimestamp | null;
  podOriginalEtaAt: ZonedTimestamp | null;
  podAtaAt: ZonedTimestamp | null;
  destinationEtaAt: ZonedTimestamp | null;
  destinationAtaAt: ZonedTimestamp | null;
  destinationOriginalEtaAt: ZonedTimestamp | null;
  lineTracking: {
    lastAttemptedAt: IsoTimestamp | null;
    lastSucceededAt: IsoTimestamp | null;
    stoppedAt: IsoTimestamp | null;
    stoppedReason: TrackingStoppedReason | string | null;
  };
  createdAt: IsoTimestamp | null;
  containerIds: string[];
}

/** A shipment with the related resources one `include=` request returns. */
export interface ShipmentDetail {
  shipment: Shipment;
  containers: Container[];
  /**
   * Containers the shipment's `containers` relationship names but that are not in `containers`: not sideloaded and
   * not fetched (yet). A card says they exist rather than claim there are none.
   */
  unloadedContainerIds: string[];
  /** Containers the response carried but that could not be read (no number, attributes not an object). */
  unreadableContainerIds: string[];
  portOfLading: Port | null;
  portOfDischarge: Port | null;
  destination: Port | null;
  podTerminal: Terminal | null;
  destinationTerminal: Terminal | null;
  /** When the client fetched this from the API (not from cache): drives "updated N minutes ago". */
  fetchedAt: IsoTimestamp;
  /**
   * Container custom fields Shipwatch read separately (the shipment's answer does not carry them), by container id,
   * each with its definition's label. Absent when none were read.
   */
  customFields?: Readonly<Record<string, readonly LabelledCustomField[]>>;
}

/** A container's custom field as a card shows it: its definition's label and the API's display value. */
export interface LabelledCustomField {
  slug: string;
  label: string;
  /** `display_value` (an enum's label), else the value in words; null when unset. */
  value: string | null;
}

export interface VesselPosition {
  latitude: number;
  longitude: number;
  heading: number | null;
  timestamp: IsoTimestamp;
  estimated: boolean;
}

export interface Vessel {
  id: string;
  name: string | null;
  imo: string | null;
  mmsi: string | null;
  latitude: number | null;
  longitude: number | null;
  speedKnots: number | null;
  headingDegrees: number | null;
  positionTimestamp: IsoTimestamp | null;
  /** null = not requested or not returned (no routing feature); [] = none in the window. */
  positions: VesselPosition[] | null;
}

export type TrackingRequestStatus =
  | 'pending'
  | 'awaiting_manifest'
  | 'created'
  | 'failed'
  | 'tracking_stopped';

export interface TrackingRequest {
  id: string;
  requestNumber: string;
  requestType: 'bill_of_lading' | 'booking_number' | 'container' | string;
  scac: string | null;
  status: TrackingRequestStatus | string;
  failedReason: string | null;
  isRetrying: boolean;
  retryCount: number | null;
  refNumbers: string[];
  /** `tags` (OAS) or `shipment_tags` (live). */
  tags: string[];
  createdAt: IsoTimestamp | null;
  updatedAt: IsoTimestamp | null;
  /** The tracked shipment's id; null while pending or failed. */
  shipmentId: string | null;
}

export interface TrackingRequestDetail {
  trackingRequest: TrackingRequest;
  /** The tracked shipment when the API sideloaded it. */
  shipment: Shipment | null;
}

/** What `PATCH /tracking_requests/{id}` may change. */
export interface TrackingRequestUpdate {
  refNumber?: string | null;
  tags?: string[];
}

export interface Document {
  id: string;
  name: string | null;
  fileName: string | null;
  /** MIME type; a document is rotatable when it starts with `image/`. */
  fileContentType: string | null;
  fileSizeBytes: number | null;
  documentType: string | null;
  source: string | null;
  createdAt: IsoTimestamp | null;
}

export interface EmailSubmission {
  id: string;
  subject: string | null;
  from: string[];
  to: string[];
  cc: string[];
  sentAt: IsoTimestamp | null;
  documentsCount: number | null;
  createdAt: IsoTimestamp | null;
  documentIds: string[];
  /**
   * Whether the answer listed the documents at all (`relationships.documents`): an email submission read without
   * them has an unknown number of documents, not none.
   */
  documentsListed: boolean;
}

export interface EmailSubmissionDetail {
  emailSubmission: EmailSubmission;
  documents: Document[];
}

export type CustomFieldValue = string | number | boolean | string[] | Record<string, unknown> | null;

export interface CustomField {
  id: string;
  apiSlug: string;
  value: CustomFieldValue;
  displayValue: string | null;
  entity: { type: string; id: string } | null;
}

export interface CustomFieldOption {
  value: string;
  label: string;
}

export interface CustomFieldDefinition {
  id: string;
  apiSlug: string;
  displayName: string | null;
  description: string | null;
  /** Shipment | Container | TrackingRequest | Cargo (live) … */
  entityType: string | null;
  /** short_text, number, date, datetime, boolean, enum, enum_multi, reference. */
  dataType: string | null;
  options: CustomFieldOption[];
}

export type SearchEntityType = 'shipment' | 'cargo' | 'tracking_request';

export interface SearchResult {
  id: string;
  entityType: SearchEntityType | string;
  number: string | null;
  shipmentId: string | null;
  scac: string | null;
  status: string | null;
  failedReason: string | null;
  /** Customer reference numbers (lets a search by PO number pick the right shipment). */
  refNumbers: string[];
  createdAt: IsoTimestamp | null;
  updatedAt: IsoTimestamp | null;
}

/** A container found by number, with its sideloaded shipment when the API returned it. */
export interface ContainerMatch {
  container: Container;
  shipment: Shipment | null;
  podTerminal: Terminal | null;
}

/**
 * A webhook notification read back from the API (`GET /webhook_notifications[/{id}]`): its id, event and when it was
 * sent, and the envelope `{data, included}` as a delivery would have carried it (read by the watch layer's one
 * notification reader).
 */
export interface WebhookNotificationRecord {
  id: string;
  event: string | null;
  /** ISO, Terminal49's `created_at`. */
  createdAt: string | null;
  document: unknown;
}

export interface Page<T> {
  items: T[];
  pageNumber: number;
  /** Absolute `links.next`, when the API says there is another page. */
  next: string | null;
  total: number | null;
}

export type RotationDegrees = 90 | 180 | 270;

/** The request types `POST /tracking_requests` takes (`booking_number`, where infer_number says `booking`). */
export type TrackingRequestType = 'bill_of_lading' | 'booking_number' | 'container';

/** `POST /tracking_requests`: what to track, and with which carrier. */
export interface NewTrackingRequest {
  requestNumber: string;
  requestType: TrackingRequestType;
  /** The carrier's SCAC; null asks Terminal49 to detect it (`auto_detect_vocc_scac`). */
  scac: string | null;
  refNumbers?: string[];
}

/** One carrier infer_number considers, with its confidence (0–1). */
export interface CarrierCandidate {
  scac: string;
  name: string | null;
  confidence: number | null;
}

/**
 * `POST /tracking_requests/infer_number`: what kind of number it is and which carrier issued it. It classifies only;
 * it never says whether the account tracks the number.
 */
export interface InferredNumber {
  /** `container`, `bill_of_lading` or `booking` (infer_number's words); null when it could not tell. */
  numberType: 'container' | 'bill_of_lading' | 'booking' | null;
  /** The number as sent (Terminal49's `parsed_number` drops a BL's carrier prefix, which tracking needs). */
  number: string;
  isValid: boolean | null;
  checkDigitPassed: boolean | null;
  /** Why the number is invalid, in Terminal49's words. */
  invalidReason: string | null;
  decision: 'auto_select' | 'needs_confirmation' | 'no_prediction';
  selected: CarrierCandidate | null;
  candidates: CarrierCandidate[];
}
