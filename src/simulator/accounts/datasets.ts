/**
 * What each account holds at the anchor instant, and the timelines that move it afterwards. `demo` is the
 * hand-written demo (with the saved documents of `--data` and a generated book on top when asked); `demo-b` is a
 * small account of its own — other customers' shipments under other numbers — so a client can see that one key
 * never reaches another account's data.
 */

import { seedBook } from '../demo/book/seed-book.js';
import { buildDemoVoyages, seedDemoData, seedReferenceData } from '../demo/build-demo-data.js';
import { buildCustomFieldDefinitions } from '../demo/custom-fields.js';
import { createDemoTime } from '../demo/demo-time.js';
import { type DataDirContents, loadResources } from '../load-data-dir.js';
import type { ResourceStore } from '../store.js';
import type { ShipmentTimeline } from '../timeline/facts.js';

/**
 * The demo account's book: its own seed, BL serials (MAEU700000000…) and box serials (600000…), apart from every
 * hand-written number (a clash there is skipped anyway).
 */
const DEMO_BOOK = { seed: 'demo', firstSerial: 700_000_000, firstContainerSerial: 600_000 } as const;
/** The second account: a dozen shipments under serials no demo number uses (…300000000, boxes 010000…). */
const SECOND_ACCOUNT = {
  seed: 'demo-b',
  firstSerial: 300_000_000,
  firstContainerSerial: 10_000,
  count: 12,
} as const;

export interface DemoDatasetOptions {
  /** Generated shipments on top of the demo. */
  book: number;
  data: DataDirContents | null;
}

export function seedDemoAccount(
  store: ResourceStore,
  anchor: Date,
  options: DemoDatasetOptions,
): ShipmentTimeline[] {
  seedDemoData(store, anchor);
  if (options.data) loadResources(store, options.data.resources);
  const book = seedBook(store, createDemoTime(anchor), { ...DEMO_BOOK, count: options.book });
  return [...buildDemoVoyages(anchor), ...book];
}

export function seedSecondAccount(store: ResourceStore, anchor: Date): ShipmentTimeline[] {
  const t = createDemoTime(anchor);
  seedReferenceData(store);
  for (const definition of buildCustomFieldDefinitions(t)) store.put(definition);
  return seedBook(store, t, SECOND_ACCOUNT);
}
