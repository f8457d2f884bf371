/**
 * Contract between the simulator and the tracking layer: every document the simulator serves for the demo parses
 * with the client's own parsers into the models the cards read, with the values the demo promises.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { createSimulator, DEMO } from '../../../src/simulator/index.js';
import {
  parseContainerListDocument,
  parseCustomFieldDefinitionListDocument,
  parseCustomFieldListDocument,
  parseDownloadUrlDocument,
  parseEmailSubmissionDocument,
  parseSearchDocument,
  parseShipmentDocument,
  parseShipmentListDocument,
  parseTrackingRequestDocument,
  parseTrackingRequestListDocument,
  parseVesselDocument,
} from '../../../src/tracking/index.js';

const simulator = createSimulator({ clock: fixedClock('2026-03-10T15:30:00Z') });
const INCLUDES = 'containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';

async function get(path: string): Promise<unknown> {
  const response = await simulator.handle(
    new Request(`http://sim/v2${path}`, { headers: { authorization: `Token ${DEMO.apiKeys.full}` } }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

describe('simulator documents through the tracking parsers', () => {
  it.each(Object.entries(DEMO.shipments))(
    'parses the %s shipment with all its includes',
    async (_, shipment) => {
      const detail = parseShipmentDocument(await get(`/shipments/${shipment.id}?include=${INCLUDES}`));
      expect(detail.shipment.billOfLadingNumber).toBe(shipment.bl);
      expect(detail.containers.length).toBe(detail.shipment.containerIds.length);
      expect(detail.podTerminal).not.toBeNull();
      expect(detail.portOfDischarge?.timeZone).toBe(detail.shipment.portOfDischarge.timeZone);
    },
  );

  it('parses the number lookup of the 60-container shipment', async () => {
    const page = parseShipmentListDocument(
      await get(`/shipments?number=${DEMO.shipments.manyContainers.booking}&include=${INCLUDES}`),
    );
    expect(page.items[0]?.containers).toHaveLength(60);
  });

  it('parses the rail move with its Chicago rail LFD', async () => {
    const detail = parseShipmentDocument(
      await get(`/shipments/${DEMO.shipments.railMove.id}?include=${INCLUDES}`),
    );
    const onRail = detail.containers.find((c) => c.number === DEMO.containers.onRail);
    expect(onRail?.deadlines).toEqual([
      expect.objectContaining({ source: 'rail', timeZone: 'America/Chicago', at: '2026-03-14T05:00:00Z' }),
    ]);
    expect(detail.destination?.kind).toBe('metro_area');
    expect(detail.destinationTerminal?.kind).toBe('rail_terminal');
  });

  it('parses a container lookup with its shipment and terminal', async () => {
    const page = parseContainerListDocument(
      await get(`/containers?filter[number]=${DEMO.containers.onHold}&include=shipment,pod_terminal`),
    );
    expect(page.items[0]?.container.holds.map((hold) => hold.name)).toEqual(['customs', 'freight']);
    expect(page.items[0]?.shipment?.id).toBe(DEMO.shipments.slippedEta.id);
    expect(page.items[0]?.podTerminal?.providedData.fees_at_pod_terminal).toBe(true);
  });

  it('parses the vessel with a window of positions', async () => {
    const vessel = parseVesselDocument(
      await get(
        `/vessels/${DEMO.vessels.withPositions.imo}?show_positions[to_timestamp]=2026-03-10T15:30:00Z`,
      ),
    );
    expect(vessel.name).toBe(DEMO.vessels.withPositions.name);
    expect(vessel.positions?.length).toBeGreaterThan(40);
    expect(parseVesselDocument(await get(`/vessels/${DEMO.vessels.moored.id}`)).positions).toBeNull();
  });

  it.each(Object.entries(DEMO.trackingRequests))('parses the %s tracking request', async (_, id) => {
    const detail = parseTrackingRequestDocument(await get(`/tracking_requests/${id}`));
    expect(detail.trackingRequest.id).toBe(id);
    expect(detail.shipment?.id ?? null).toBe(detail.trackingRequest.shipmentId);
  });

  it('parses the tracking request list', async () => {
    expect(parseTrackingRequestListDocument(await get('/tracking_requests')).items).toHaveLength(8);
  });

  it.each(Object.entries(DEMO.emailSubmissions))('parses the %s email submission', async (_, id) => {
    const detail = parseEmailSubmissionDocument(await get(`/email_submissions/${id}`));
    expect(detail.documents.map((doc) => doc.id)).toEqual(detail.emailSubmission.documentIds);
  });

  it('parses custom fields, definitions with options, search results and download URLs', async () => {
    const [ready] = parseContainerListDocument(
      await get(`/containers?filter[number]=${DEMO.containers.ready}`),
    ).items;
    const fields = parseCustomFieldListDocument(
      await get(`/containers/${ready?.container.id}/custom_fields`),
    );
    expect(fields.map((field) => [field.apiSlug, field.displayValue])).toEqual([
      ['po_number', 'PO-88412-A'],
      ['delivery_priority', 'Rush'],
    ]);
    const definitions = parseCustomFieldDefinitionListDocument(await get('/custom_field_definitions'));
    expect(definitions.find((d) => d.apiSlug === 'delivery_priority')?.options.map((o) => o.label)).toEqual([
      'Standard',
      'Rush',
      'Hold at terminal',
    ]);
    expect(parseSearchDocument(await get('/search?query=MSKU907'))[0]?.entityType).toBe('cargo');
    expect(parseDownloadUrlDocument(await get(`/documents/${DEMO.documents.png}/download_url`))).toMatch(
      /^http:\/\/sim\//,
    );
  });
});
