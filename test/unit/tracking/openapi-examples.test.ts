/**
 * Every response example the real OpenAPI document gives for the endpoints Shipwatch calls (extracted into
 * test/fixtures/openapi by extract-examples.ts; success responses without an example are synthesised from the schema)
 * parses with the parser the client uses for that endpoint, and every error example maps to a TrackingApiError.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseApiErrorBody } from '../../../src/tracking/http/api-error-body.js';
import { toTrackingError } from '../../../src/tracking/http/to-tracking-error.js';
import {
  parseContainerDocument,
  parseContainerListDocument,
  parseCustomFieldDefinitionListDocument,
  parseCustomFieldDocument,
  parseCustomFieldListDocument,
  parseDownloadUrlDocument,
  parseEmailSubmissionDocument,
  parseEmailSubmissionListDocument,
  parseSearchDocument,
  parseShipmentDocument,
  parseShipmentListDocument,
  parseTrackingRequestDocument,
  parseTrackingRequestListDocument,
  parseVesselDocument,
} from '../../../src/tracking/index.js';

const DIR = join(import.meta.dirname, '../../fixtures/openapi');

interface Example {
  file: string;
  method: string;
  path: string;
  status: number;
  source: 'example' | 'synthesized';
}

// SAFETY: index.json is written by extract-examples.ts with exactly this shape.
const examples = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as Example[];
const load = (file: string): unknown => JSON.parse(readFileSync(join(DIR, file), 'utf8'));

const PARSERS: Record<string, (json: unknown) => unknown> = {
  'GET /shipments/{id}': parseShipmentDocument,
  'GET /shipments': parseShipmentListDocument,
  'GET /containers': parseContainerListDocument,
  'GET /containers/{id}': parseContainerDocument,
  'GET /vessels/{id}': parseVesselDocument,
  'GET /tracking_requests/{id}': parseTrackingRequestDocument,
  'PATCH /tracking_requests/{id}': parseTrackingRequestDocument,
  'GET /tracking_requests': parseTrackingRequestListDocument,
  'GET /email_submissions/{id}': parseEmailSubmissionDocument,
  'GET /email_submissions': parseEmailSubmissionListDocument,
  'GET /custom_field_definitions': parseCustomFieldDefinitionListDocument,
  'GET /containers/{container_id}/custom_fields': parseCustomFieldListDocument,
  'PATCH /containers/{container_id}/custom_fields/{api_slug}': parseCustomFieldDocument,
  'GET /search': parseSearchDocument,
  'GET /documents/{id}/download_url': parseDownloadUrlDocument,
};

const successes = examples.filter((e) => e.status < 300 && !e.path.endsWith('/rotate'));
const failures = examples.filter((e) => e.status >= 400);

describe('OpenAPI success examples', () => {
  it('cover every endpoint the client reads or writes', () => {
    const covered = new Set(successes.map((e) => `${e.method} ${e.path}`));
    expect([...covered].sort()).toEqual(Object.keys(PARSERS).sort());
  });

  it.each(successes.map((e) => [e.file, e] as const))('parses %s', (_file, example) => {
    const parse = PARSERS[`${example.method} ${example.path}`];
    if (parse === undefined) throw new Error(`no parser for ${example.method} ${example.path}`);
    expect(() => parse(load(example.file))).not.toThrow();
  });

  it('reads the shipment example as the card needs it', () => {
    const detail = parseShipmentDocument(load('get-shipments-id.200.en-route-to-ny-with-inland-move.json'));
    expect(detail.shipment.billOfLadingNumber).toBe('MEDUF5399896');
    expect(detail.shipment.polAtdAt).toEqual({ at: '2024-06-11T22:00:00Z', timeZone: 'Europe/Paris' });
    expect(detail.containers).toHaveLength(1);
    expect(detail.containers[0]?.pickupLfd).toEqual({
      at: '2024-07-07T04:00:00Z',
      source: 'line',
      timeZone: 'US/Eastern',
    });
  });

  it('reads the tracked shipment of a created tracking request from tracked_object', () => {
    const detail = parseTrackingRequestDocument(
      load('get-tracking-requests-id.200.with-status-created.json'),
    );
    expect(detail.trackingRequest.status).toBe('created');
    expect(detail.trackingRequest.shipmentId).toBe('eb6f218a-0b4a-47f9-8ef9-759aa5e0ea83');
    expect(detail.shipment?.billOfLadingNumber).toBe('MEDUFR030802');
  });
});

describe('OpenAPI error examples', () => {
  it.each(failures.map((e) => [e.file, e] as const))(
    'map %s to a coded error with its details',
    (_file, example) => {
      const text = readFileSync(join(DIR, example.file), 'utf8');
      const error = toTrackingError(
        { status: example.status, headers: {}, text },
        { method: example.method, path: example.path },
        0,
      );
      expect(error.status).toBe(example.status);
      expect(error.code).not.toBe('bad_response');
      expect(parseApiErrorBody(text).length).toBeGreaterThan(0);
    },
  );
});
