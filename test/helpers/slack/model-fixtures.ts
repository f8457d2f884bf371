/**
 * Domain models for listener unit tests, parsed from the OpenAPI example documents in test/fixtures/openapi with the
 * tracking layer's own parsers, so tests run on the shapes the real API sends rather than hand-made objects.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  EmailSubmissionDetail,
  ShipmentDetail,
  TrackingRequestDetail,
  Vessel,
} from '../../../src/tracking/index.js';
import {
  parseEmailSubmissionDocument,
  parseShipmentDocument,
  parseTrackingRequestDocument,
  parseVesselDocument,
} from '../../../src/tracking/index.js';

function fixture(name: string): unknown {
  const path = fileURLToPath(new URL(`../../fixtures/openapi/${name}`, import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8'));
}

export function shipmentDetailFixture(): ShipmentDetail {
  return parseShipmentDocument(fixture('get-shipments-id.200.en-route-to-ny-with-inland-move.json'));
}

export function vesselFixture(): Vessel {
  return parseVesselDocument(fixture('get-vessels-id.200.synthesized.json'));
}

export function trackingRequestDetailFixture(): TrackingRequestDetail {
  return parseTrackingRequestDocument(fixture('get-tracking-requests-id.200.with-status-created.json'));
}

export function emailSubmissionFixture(): EmailSubmissionDetail {
  return parseEmailSubmissionDocument(fixture('get-email-submissions-id.200.synthesized.json'));
}
