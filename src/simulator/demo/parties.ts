/**
 * Parties, the account's customers. Each demo account starts with one per customer its shipments name; a tracking
 * request whose `relationships.customer` names a party creates its shipment under that customer's name.
 */
import type { ResourceObject } from '../resource.js';
import type { ResourceStore } from '../store.js';
import { stableUuid } from './ids.js';

export function partyResource(id: string, companyName: string, createdAt: string): ResourceObject {
  return {
    id,
    type: 'party',
    attributes: { company_name: companyName, created_at: createdAt },
    links: { self: `/v2/parties/${id}` },
  };
}

/** One party per distinct customer name among the store's shipments, with ids stable per account and name. */
export function seedParties(store: ResourceStore, account: string, createdAt: string): void {
  const names = new Set(
    store.list('shipment').flatMap((shipment) => shipment.attributes.customer_name ?? []),
  );
  for (const name of names) {
    store.put(partyResource(stableUuid(`party|${account}|${String(name)}`), String(name), createdAt));
  }
}
