export { type ButtonIntent, buttonIntentKey, hashOf, viewSubmissionKey } from './keys.js';
export { createIdempotencyStore, type IdempotencyStore, type IdempotencyStoreOptions } from './ttl-store.js';
