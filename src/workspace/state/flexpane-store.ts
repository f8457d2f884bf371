/**
 * Slack's flexpane for Work Objects, per person: what entity.presentDetails last showed them (an entity, or Slack's
 * error panel), until they close it. Only the person whose click produced the trigger_id sees it.
 */
import type { BlockJson, Flexpane } from '../protocol.js';

export interface FlexpaneStore {
  present(userId: string, entity: BlockJson | null, error: BlockJson | null): void;
  /** The message and link the person opened, so the flexpane can say what it is for; set before the event is sent. */
  opening(userId: string, source: Flexpane['source']): void;
  get(userId: string): Flexpane | null;
  close(userId: string): void;
  onChange(listener: () => void): () => void;
}

export function createFlexpaneStore(): FlexpaneStore {
  const panes = new Map<string, Flexpane>();
  const sources = new Map<string, Flexpane['source']>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    present(userId, entity, error) {
      version += 1;
      panes.set(userId, { entity, error, source: sources.get(userId) ?? null, version });
      changed();
    },
    opening(userId, source) {
      sources.set(userId, source);
    },
    get: (userId) => panes.get(userId) ?? null,
    close(userId) {
      if (panes.delete(userId)) changed();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
