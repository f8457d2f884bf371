/**
 * The composer's suggestions and the help examples of the local workspace, both from the command table: every
 * command's own examples filled in with the simulator's demo numbers, plus the demo shipments worth a look, each
 * with what it shows.
 */
import type { ExampleNumbers } from '../cards/example-numbers.js';
import { DEMO } from '../simulator/demo/catalog.js';
import { COMMANDS } from '../slack/index.js';
import type { CommandSuggestion } from './protocol.js';

export const DEMO_EXAMPLES: ExampleNumbers = {
  billOfLading: DEMO.shipments.slippedEta.bl,
  booking: DEMO.shipments.manyContainers.booking,
  container: DEMO.containers.onHold,
  vesselImo: DEMO.vessels.withPositions.imo,
  trackingRequestId: DEMO.trackingRequests.created,
  emailSubmissionId: DEMO.emailSubmissions.withImages,
};

/** Demo shipments with something to show, by the number to type. */
const DEMO_SHIPMENTS: ReadonlyArray<readonly [string, string]> = [
  [DEMO.shipments.slippedEta.bl, 'Maersk, Shanghai → Los Angeles, ETA slipped'],
  [DEMO.shipments.arrived.bl, 'Hapag-Lloyd, arrived: LFD today and overdue'],
  [DEMO.shipments.railMove.bl, 'ONE, Tokyo → Tacoma, then rail to Chicago'],
  [DEMO.shipments.onWater.bl, 'COSCO, Ningbo → Rotterdam, due tomorrow'],
  [DEMO.shipments.manyContainers.booking, 'CMA CGM booking with 60 containers'],
  [DEMO.containers.onHold, 'A container on customs hold'],
  ['MAEU000000000', 'A number nobody tracks (error card)'],
];

export function demoSuggestions(): CommandSuggestion[] {
  const lookups = COMMANDS.find((spec) => spec.words.includes('shipment'))?.slash ?? '/shipment';
  const seen = new Set<string>();
  const suggestions: CommandSuggestion[] = [];
  const add = (command: string, description: string) => {
    if (seen.has(command)) return;
    seen.add(command);
    suggestions.push({ command, description });
  };
  for (const [number, description] of DEMO_SHIPMENTS) add(`${lookups} ${number}`, description);
  for (const spec of COMMANDS) {
    for (const example of spec.examples(DEMO_EXAMPLES)) add(example, spec.description);
  }
  return suggestions;
}
