/** `/healthz`'s store check: the database answers (the reason, never the URL, when it does not). */
import { isStoreError, type Store } from '../store/index.js';
import type { HealthCheck } from './health.js';

export function storeHealth(store: Pick<Store, 'ping' | 'backend'>): HealthCheck {
  return async () => {
    try {
      await store.ping();
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        reason: `the ${store.backend} store is unreachable (${isStoreError(error) ? error.code : 'error'})`,
      };
    }
  };
}
