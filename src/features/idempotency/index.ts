export { type ButtonIntent, buttonIntentKey, deliveryKey, hashOf, viewSubmissionKey } from './keys.js';
export { createIdempotencyStore, type IdempotencyStore, type IdempotencyStoreOptions } from './ttl-store.js';
