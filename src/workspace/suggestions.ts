/** Composer suggestions: the commands the app understands, filled in with the simulator's demo numbers. */
import { DEMO } from '../simulator/demo/catalog.js';
import type { CommandSuggestion } from './protocol.js';

export function demoSuggestions(): CommandSuggestion[] {
  const s = DEMO.shipments;
  return [
    { command: `/shipment ${s.slippedEta.bl}`, description: 'Maersk, Shanghai → Los Angeles, ETA slipped' },
    { command: `/shipment ${s.arrived.bl}`, description: 'Hapag-Lloyd, arrived: LFD today and overdue' },
    { command: `/shipment ${s.railMove.bl}`, description: 'ONE, Tokyo → Tacoma, then rail to Chicago' },
    { command: `/shipment ${s.onWater.bl}`, description: 'COSCO, Ningbo → Rotterdam, on the water' },
    { command: `/shipment ${s.manyContainers.booking}`, description: 'CMA CGM booking with 60 containers' },
    { command: `/shipment ${DEMO.containers.onHold}`, description: 'A container on customs hold' },
    { command: `/shipment ${s.slippedEta.bl} private`, description: 'The same card, visible only to you' },
    { command: '/shipment MAEU000000000', description: 'A number nobody tracks (error card)' },
    {
      command: `/vessel ${DEMO.vessels.withPositions.imo}`,
      description: `${DEMO.vessels.withPositions.name}, with positions`,
    },
    { command: `/vessel ${DEMO.vessels.moored.imo}`, description: `${DEMO.vessels.moored.name}, moored` },
    { command: `/track-edit ${DEMO.trackingRequests.created}`, description: 'Edit a tracking request' },
    { command: `/track-edit ${DEMO.trackingRequests.failed}`, description: 'A failed tracking request' },
    { command: `/email-submission ${DEMO.emailSubmissions.withImages}`, description: 'Scans you can rotate' },
    { command: `/email-submission ${DEMO.emailSubmissions.pdfOnly}`, description: 'PDFs only' },
    { command: '/shipwatch help', description: 'What Shipwatch can do' },
  ];
}
