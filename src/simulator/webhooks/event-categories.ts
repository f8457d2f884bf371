/**
 * `GET /webhooks/events`: the events an account can subscribe to, grouped in the categories Terminal49 shows, each
 * with a one-line description. Every name of event-names.ts is in exactly one category.
 */

interface Category {
  id: string;
  name: string;
  events: ReadonlyArray<readonly [name: string, description: string]>;
}

export const EVENT_CATEGORIES: readonly Category[] = [
  {
    id: 'tracking-request-events',
    name: 'Tracking Request Events',
    events: [
      ['tracking_request.succeeded', 'Shipment created and linked to the tracking request.'],
      ['tracking_request.failed', 'The tracking request failed; failed_reason says why.'],
      [
        'tracking_request.awaiting_manifest',
        'The line has no manifest for the number yet; it is checked daily.',
      ],
      ['tracking_request.tracking_stopped', 'Terminal49 stopped tracking the shipment.'],
    ],
  },
  {
    id: 'origin-events',
    name: 'Origin Events',
    events: [
      ['container.transport.empty_out', 'Empty container picked up for stuffing.'],
      ['container.transport.full_in', 'Full container gated in at the port of lading.'],
      ['container.transport.vessel_loaded', 'Container loaded on the vessel at the port of lading.'],
      ['container.transport.vessel_departed', 'Vessel departed the port of lading.'],
    ],
  },
  {
    id: 'transshipment-events',
    name: 'Transshipment Events',
    events: [
      ['container.transport.transshipment_arrived', 'Arrived at a transshipment port.'],
      ['container.transport.transshipment_discharged', 'Discharged at a transshipment port.'],
      ['container.transport.transshipment_loaded', 'Loaded at a transshipment port.'],
      ['container.transport.transshipment_departed', 'Departed a transshipment port.'],
      ['container.transport.feeder_arrived', 'Feeder vessel arrived.'],
      ['container.transport.feeder_discharged', 'Discharged from a feeder vessel.'],
      ['container.transport.feeder_loaded', 'Loaded on a feeder vessel.'],
      ['container.transport.feeder_departed', 'Feeder vessel departed.'],
    ],
  },
  {
    id: 'destination-events',
    name: 'Destination Events',
    events: [
      ['container.transport.vessel_arrived', 'Vessel arrived at the port of discharge.'],
      ['container.transport.vessel_berthed', 'Vessel berthed at the port of discharge.'],
      ['container.transport.vessel_discharged', 'Container discharged at the port of discharge.'],
      ['container.transport.available', 'Container available for pickup at the terminal.'],
      ['container.transport.not_available', 'Container no longer available for pickup.'],
      ['container.transport.full_out', 'Full container gated out.'],
      ['container.transport.delivered', 'Container delivered.'],
      ['container.transport.empty_in', 'Empty container returned.'],
    ],
  },
  {
    id: 'rail-events',
    name: 'Rail Events',
    events: [
      ['container.transport.rail_loaded', 'Container loaded on rail.'],
      ['container.transport.rail_departed', 'Train departed.'],
      ['container.transport.rail_arrived', 'Train arrived at the inland destination.'],
      ['container.transport.rail_unloaded', 'Container unloaded from rail.'],
      ['container.transport.arrived_at_inland_destination', 'Container arrived at its inland destination.'],
      ['container.pickup_lfd_rail.changed', 'The rail carrier changed the last free day.'],
    ],
  },
  {
    id: 'estimated-events',
    name: 'Estimated Events',
    events: [
      ['shipment.estimated.arrival', 'The estimated arrival at the port of discharge changed.'],
      ['container.transport.estimated.vessel_arrived', 'The estimated vessel arrival changed.'],
      ['container.transport.estimated.vessel_departed', 'The estimated vessel departure changed.'],
      [
        'container.transport.estimated.arrived_at_inland_destination',
        'The estimated arrival at the inland destination changed.',
      ],
    ],
  },
  {
    id: 'container-events',
    name: 'Container Events',
    events: [
      ['container.created', 'A container was added to the shipment.'],
      [
        'container.updated',
        'Availability, holds, fees, LFD, appointment or terminal changed (see changeset).',
      ],
      ['container.pod_terminal_changed', 'The terminal at the port of discharge changed.'],
      ['container.pickup_lfd.changed', 'The last free day (line, then terminal, then rail) changed.'],
      ['container.pickup_lfd_line.changed', 'The shipping line changed the last free day.'],
      ['container.pickup_lfd_terminal.changed', 'The terminal changed the last free day.'],
      ['container.pickup_appointment.changed', 'The pickup appointment changed.'],
    ],
  },
  {
    id: 'document-events',
    name: 'Document Events',
    events: [
      ['document.extracted', 'Data was extracted from a document.'],
      ['document.extraction_failed', 'Data could not be extracted from a document.'],
    ],
  },
];
