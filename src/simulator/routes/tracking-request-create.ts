/**
 * `POST /tracking_requests` and `POST /tracking_requests/infer_number`. A new request answers 201 `pending` with
 * no tracked object and lives on in demo time (tracking-requests/outcomes.ts decides how, by its number). Refused
 * with the real 422s, all of them at once as Rails collects them: a blank request number or SCAC, an unknown or
 * unsupported SCAC, a request type the API does not have, bad reference numbers or tags; and, pointing at the
 * request number with code `duplicate`, a number the account already tracks (a pending, awaiting or created
 * request for it, or a shipment still tracked under it). `scac` may be left out with `auto_detect_vocc_scac: true`.
 */
import { randomUUID } from 'node:crypto';
import type { RouteContext } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { shippingLineByScac, UNSUPPORTED_LINES } from '../demo/shipping-lines.js';
import { trackingRequestResource } from '../demo/tracking-requests.js';
import { type ApiError, badRequest, errorResponse } from '../errors.js';
import { withSelfLink } from '../jsonapi/documents.js';
import { relatedIdentifiers } from '../resource.js';
import { jsonResponse } from '../responses.js';
import { numberKey, type ResourceStore } from '../store.js';
import { inferenceAttributes, inferNumber, normalizeNumber } from '../tracking-requests/infer-number.js';
import { planOutcome } from '../tracking-requests/outcomes.js';
import { isRecord, readJsonBody, writeAttributes } from './body.js';
import { checkList, checkRef, checkTag } from './reference-values.js';

const REQUEST_TYPES = ['bill_of_lading', 'booking_number', 'container'] as const;
type RequestType = (typeof REQUEST_TYPES)[number];
const LIVE_STATUSES = new Set(['pending', 'awaiting_manifest', 'created']);

const invalid = (attribute: string, detail: string, code = 'blank'): ApiError => ({
  status: '422',
  source: { pointer: `/data/attributes/${attribute}` },
  title: 'Unprocessable Entity',
  detail,
  code,
});

function isRequestType(value: unknown): value is RequestType {
  return typeof value === 'string' && (REQUEST_TYPES as readonly string[]).includes(value);
}

/** The SCAC the request names (as the line's main SCAC), or the errors it earns. */
function checkScac(
  raw: unknown,
  autoDetect: boolean,
  type: unknown,
): { scac: string | null; errors: ApiError[] } {
  const scac = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (scac === '') return { scac: null, errors: autoDetect ? [] : [invalid('scac', "Scac can't be blank")] };
  const unsupported = UNSUPPORTED_LINES[scac];
  if (unsupported) {
    return {
      scac: null,
      errors: [
        invalid('scac', `Scac '${scac}' is not supported. We do not currently integrate with ${unsupported}`),
      ],
    };
  }
  const line = shippingLineByScac(scac);
  if (!line) return { scac: null, errors: [invalid('scac', `Scac '${scac}' is not recognized`)] };
  if (type === 'container' && !line.container) {
    return {
      scac: line.scac,
      errors: [
        invalid('request_type', `Request type container is not supported for ${line.name}`, 'inclusion'),
      ],
    };
  }
  return { scac: line.scac, errors: [] };
}

/** The request or shipment that already tracks this number in the account, if any. */
function alreadyTracked(store: ResourceStore, number: string, type: RequestType, scac: string | null) {
  const request = store
    .list('tracking_request')
    .find(
      (candidate) =>
        numberKey(String(candidate.attributes.request_number)) === number &&
        LIVE_STATUSES.has(String(candidate.attributes.status)) &&
        (scac === null || candidate.attributes.scac === null || candidate.attributes.scac === scac),
    );
  if (request) return { scac: request.attributes.scac ?? scac };
  const shipments =
    type === 'container'
      ? store
          .findContainersByNumber(number)
          .flatMap((container) => relatedIdentifiers(container.relationships?.shipment))
          .flatMap((ref) => store.get('shipment', ref.id) ?? [])
      : store.findShipmentsByNumber(number);
  const tracked = shipments.find((shipment) => shipment.attributes.line_tracking_stopped_at == null);
  return tracked ? { scac: tracked.attributes.shipping_line_scac ?? scac } : null;
}

/** The `party` the body's `relationships.customer` names, if it names one. */
function customerOf(body: unknown): string | null {
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  const relationships = isRecord(data?.relationships) ? data.relationships : {};
  const customer = isRecord(relationships.customer) ? relationships.customer.data : null;
  return isRecord(customer) && customer.type === 'party' && typeof customer.id === 'string'
    ? customer.id
    : null;
}

export async function postTrackingRequest(context: RouteContext): Promise<Response> {
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body);
  if (!attributes) return badRequest('param is missing or the value is empty: data');
  const number =
    typeof attributes.request_number === 'string' ? normalizeNumber(attributes.request_number) : '';
  const type = attributes.request_type;
  const autoDetect = attributes.auto_detect_vocc_scac === true;
  const errors: ApiError[] = [];
  if (number === '') errors.push(invalid('request_number', "Request number can't be blank"));
  if (!isRequestType(type))
    errors.push(invalid('request_type', 'Request type is not included in the list', 'inclusion'));
  const scacCheck = checkScac(attributes.scac, autoDetect, type);
  errors.push(...scacCheck.errors);
  const refs = checkList(attributes.ref_numbers ?? null, 'Ref numbers', (item) =>
    checkRef(item, 'Ref number'),
  );
  if (!refs.ok) errors.push(invalid('ref_numbers', refs.detail, 'invalid'));
  const tags = checkList(attributes.shipment_tags ?? attributes.tags ?? null, 'Tags', checkTag);
  if (!tags.ok) errors.push(invalid('shipment_tags', tags.detail, 'invalid'));
  if (errors.length > 0 || !isRequestType(type) || !refs.ok || !tags.ok) return errorResponse(422, errors);

  const { store, clock, requests } = context.state;
  const inferred = inferNumber(number);
  const detected =
    scacCheck.scac ??
    (inferred && inferred.decision !== 'no_prediction' ? (inferred.candidates[0]?.scac ?? null) : null);
  const existing = alreadyTracked(store, numberKey(number), type, detected);
  if (existing) {
    return errorResponse(422, [
      invalid(
        'request_number',
        `Request number '${number}' with scac '${existing.scac ?? ''}' already exists in a tracking_request with a pending or created status`,
        'duplicate',
      ),
    ]);
  }
  const now = clock.now();
  const request = trackingRequestResource({
    id: requests.nextId(),
    number,
    type,
    scac: scacCheck.scac,
    status: 'pending',
    refNumbers: refs.values.filter(Boolean),
    tags: [...new Set(tags.values)],
    createdAt: isoSeconds(now),
    updatedAt: isoSeconds(now),
  });
  const customer = customerOf(parsed.body);
  if (customer)
    request.relationships = { ...request.relationships, customer: { data: { id: customer, type: 'party' } } };
  store.put(request);
  requests.open(request, detected, planOutcome({ number, type, scac: detected }), now);
  return jsonResponse(201, { data: withSelfLink(request) });
}

export async function postInferNumber(context: RouteContext): Promise<Response> {
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body);
  const inference = typeof attributes?.number === 'string' ? inferNumber(attributes.number) : null;
  if (!inference)
    return errorResponse(422, [{ status: '422', detail: 'This reference number is not valid.' }]);
  return jsonResponse(200, {
    data: {
      id: `req_${randomUUID()}`,
      type: 'infer_number_results',
      attributes: inferenceAttributes(inference),
    },
  });
}
