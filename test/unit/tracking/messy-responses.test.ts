/**
 * Real responses are messier than the OAS (docs/domain-rules.md#real-responses): nulls everywhere, extra attributes, string coordinates,
 * `shipment_tags`, non-UUID ids, offsets in timestamps, `search_result` items, `entity_type: "Cargo"`. They must
 * parse; a response that has drifted (a required field gone) must fail as `bad_response`, never crash.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import {
  parseContainerListDocument,
  parseCustomFieldDefinitionListDocument,
  parseSearchDocument,
  parseShipmentDocument,
  parseTrackingRequestDocument,
  parseVesselDocument,
} from '../../../src/tracking/index.js';

const load = (name: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'));

describe('a messy real shipment response', () => {
  const detail = parseShipmentDocument(load('messy-shipment.json'), { fetchedAt: '2026-03-01T12:00:00Z' });
  const [first, second] = detail.containers;

  it('parses with its non-UUID ids, shipment_tags and null reference numbers', () => {
    expect(detail.shipment.id).toBe('shipment-1');
    expect(detail.shipment.tags).toEqual(['urgent', 'hazmat']);
    expect(detail.shipment.refNumbers).toEqual([]);
    expect(detail.shipment.vessel.voyageNumber).toBeNull();
    expect(detail.fetchedAt).toBe('2026-03-01T12:00:00Z');
  });

  it('keeps timestamps with offsets exactly as sent', () => {
    expect(detail.shipment.polAtdAt).toEqual({ at: '2026-02-12T03:00:00+08:00', timeZone: 'Asia/Shanghai' });
    expect(detail.shipment.createdAt).toBe('2026-02-10T09:15:00-08:00');
  });

  it('turns string port coordinates into numbers, and unreadable ones into null', () => {
    expect(detail.portOfLading).toMatchObject({ kind: 'port', latitude: 29.8683, longitude: 121.544 });
    expect(detail.portOfDischarge).toMatchObject({ latitude: null, longitude: null });
  });

  it('accepts a metro area as destination and a rail terminal as destination terminal', () => {
    expect(detail.destination).toMatchObject({
      kind: 'metro_area',
      name: 'Chicago',
      timeZone: 'America/Chicago',
    });
    expect(detail.destinationTerminal).toMatchObject({
      kind: 'rail_terminal',
      name: 'BNSF Logistics Park Chicago',
    });
  });

  it('keeps only the boolean entries of what the terminal reports', () => {
    expect(detail.podTerminal?.providedData).toEqual({ pickup_lfd: true, fees_at_pod_terminal: false });
  });

  it('maps an unknown size and weight of 0 to null', () => {
    expect(first?.equipmentLength).toBeNull();
    expect(first?.weightInLbs).toBeNull();
    expect(second?.equipmentLength).toBe(40);
    expect(second?.weightInLbs).toBe(44225);
  });

  it('keeps every hold, treating an unreadable one as an active hold', () => {
    expect(first?.holds).toEqual([
      { name: 'customs', status: 'hold', description: null },
      { name: 'freight', status: 'pending', description: 'LINE HOLD' },
      { name: 'other', status: 'hold', description: null },
    ]);
  });

  it('tells unreported fees (null) from no fees, and reads string amounts', () => {
    expect(first?.fees).toEqual([
      { type: 'demurrage', amount: 850, currencyCode: 'USD' },
      { type: 'exam', amount: 0, currencyCode: 'USD' },
      { type: 'total', amount: 850, currencyCode: 'USD' },
    ]);
    expect(second?.fees).toBeNull();
    expect(second?.holds).toEqual([]);
  });

  it('passes an unknown status through verbatim and leaves unknown availability null', () => {
    expect(second?.currentStatus).toBe('some_new_status');
    expect(second?.availabilityKnown).toBe(false);
    expect(second?.availableForPickup).toBeNull();
  });
});

describe('other messy real responses', () => {
  it('reads search_result items by entity_type, whatever its case', () => {
    const results = parseSearchDocument(load('messy-search.json'));
    expect(results.map((r) => [r.entityType, r.shipmentId])).toEqual([
      ['shipment', null],
      ['cargo', 'shipment-1'],
      ['tracking_request', null],
    ]);
    expect(results[0]?.refNumbers).toEqual(['PO-2026-001']);
  });

  it('reads a pending tracking request with shipment_tags, no scac and no tracked object', () => {
    const { trackingRequest, shipment } = parseTrackingRequestDocument(load('messy-tracking-request.json'));
    expect(trackingRequest).toMatchObject({
      id: 'tr-legacy-1',
      scac: null,
      tags: ['ops'],
      refNumbers: [],
      status: 'pending',
      failedReason: 'awaiting_manifest',
      isRetrying: true,
      shipmentId: null,
    });
    expect(shipment).toBeNull();
  });

  it('reads Cargo definitions and keeps their usable options', () => {
    const [hazmat, po] = parseCustomFieldDefinitionListDocument(load('messy-custom-field-definitions.json'));
    expect(hazmat).toMatchObject({ entityType: 'Cargo', dataType: 'enum' });
    expect(hazmat?.options).toEqual([
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'no' },
    ]);
    expect(po).toMatchObject({ apiSlug: 'po_number', entityType: null, displayName: null, options: [] });
  });

  it('reads a vessel fetched by IMO with a numeric imo and no positions key', () => {
    const vessel = parseVesselDocument(load('messy-vessel.json'));
    expect(vessel).toMatchObject({
      imo: '9301809',
      latitude: 33.7405,
      longitude: -118.2713,
      positions: null,
      speedKnots: null,
    });
  });
});

describe('a response that drifted from the contract', () => {
  const cases: Array<[string, (json: unknown) => unknown, string]> = [
    ['drifted-shipment.json', parseShipmentDocument, 'bill_of_lading_number'],
    ['drifted-container-list.json', parseContainerListDocument, 'number'],
    ['drifted-tracking-request.json', parseTrackingRequestDocument, 'status'],
  ];

  it.each(cases)('fails %s as bad_response naming the missing field', (file, parse, field) => {
    let caught: unknown = null;
    try {
      parse(load(file));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TrackingApiError);
    expect(caught).toMatchObject({ code: 'bad_response', message: expect.stringContaining(field) });
  });

  it('fails a document without data as bad_response', () => {
    for (const json of [null, 'text', [], {}, { data: 'x' }, { data: { type: 'shipment' } }]) {
      expect(() => parseShipmentDocument(json)).toThrow(TrackingApiError);
    }
  });
});

describe('a document of another resource type', () => {
  const shipmentDocument = {
    data: { id: 'shp-1', type: 'shipment', attributes: { bill_of_lading_number: 'X' } },
  };

  it('is refused as bad_response instead of rendering an empty vessel', () => {
    expect(() => parseVesselDocument(shipmentDocument)).toThrow(
      expect.objectContaining({ code: 'bad_response', message: expect.stringContaining("got a 'shipment'") }),
    );
  });

  it('is refused by the tracking-request parser too', () => {
    expect(() => parseTrackingRequestDocument(shipmentDocument)).toThrow(
      expect.objectContaining({ code: 'bad_response' }),
    );
  });
});
