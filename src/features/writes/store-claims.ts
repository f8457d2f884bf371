/** Claims kept in the store, so a re-delivery, a double-click or a replayed request is caught on every replica. */
import type { Clock } from '../../clock.js';
import type { ClaimStore } from '../../store/index.js';
import type { Claims } from './claims.js';

export function claimsFromStore(store: ClaimStore, clock: Clock): Claims {
  return {
    claim: (key, ttlMs) => store.claim(key, ttlMs, clock.now().getTime()),
    release: (key) => store.release(key),
  };
}
