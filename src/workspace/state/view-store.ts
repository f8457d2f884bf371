/**
 * Open modals, one stack per user, with Slack's rules: at most 3 stacked views, `views.update` by view_id or
 * external_id with an optional hash that must match the current one (so a stale update cannot overwrite a newer
 * view), and a new hash on every change.
 */
import type { BlockJson, OpenModal } from '../protocol.js';

export const VIEW_STACK_LIMIT = 3;

export interface ViewIdentity {
  teamId: string;
  appId: string;
  botId: string;
}

export interface ViewRecord extends OpenModal {
  userId: string;
}

export type ViewUpdateResult = { ok: true; record: ViewRecord } | { ok: false; error: string };

export interface ViewStore {
  /** Opens a new root view, replacing whatever the user had open. */
  open(userId: string, view: BlockJson): ViewRecord;
  push(userId: string, view: BlockJson): ViewUpdateResult;
  update(target: { viewId?: string; externalId?: string }, view: BlockJson, hash?: string): ViewUpdateResult;
  setErrors(viewId: string, errors: Record<string, string>): ViewRecord | null;
  /** Removes one view (submitted or closed) and everything stacked above it. */
  close(viewId: string): ViewRecord | null;
  clear(userId: string): void;
  find(viewId: string): ViewRecord | null;
  stack(userId: string): readonly ViewRecord[];
  onChange(listener: () => void): () => void;
}

export function createViewStore(identity: ViewIdentity, now: () => number = Date.now): ViewStore {
  const stacks = new Map<string, ViewRecord[]>();
  const listeners = new Set<() => void>();
  let seq = 0;

  const changed = () => {
    for (const listener of listeners) listener();
  };
  const nextHash = () => {
    seq += 1;
    return `${Math.floor(now() / 1000)}.${seq.toString(36).padStart(8, '0')}`;
  };
  const stackOf = (userId: string) => {
    let stack = stacks.get(userId);
    if (!stack) {
      stack = [];
      stacks.set(userId, stack);
    }
    return stack;
  };
  const all = () => [...stacks.values()].flat();

  const fullView = (
    viewId: string,
    view: BlockJson,
    hash: string,
    links: { previous: string | null; root: string },
  ): BlockJson => ({
    ...view,
    id: viewId,
    team_id: identity.teamId,
    app_id: identity.appId,
    bot_id: identity.botId,
    app_installed_team_id: identity.teamId,
    hash,
    state: { values: {} },
    private_metadata: typeof view.private_metadata === 'string' ? view.private_metadata : '',
    callback_id: typeof view.callback_id === 'string' ? view.callback_id : '',
    external_id: typeof view.external_id === 'string' ? view.external_id : '',
    previous_view_id: links.previous,
    root_view_id: links.root,
  });

  const create = (userId: string, view: BlockJson, stack: ViewRecord[]): ViewRecord => {
    seq += 1;
    const viewId = `V0LOCAL${seq.toString(36).toUpperCase().padStart(5, '0')}`;
    const hash = nextHash();
    const previous = stack.at(-1)?.viewId ?? null;
    const record: ViewRecord = {
      userId,
      viewId,
      hash,
      view: fullView(viewId, view, hash, { previous, root: stack[0]?.viewId ?? viewId }),
      errors: {},
      version: 1,
    };
    stack.push(record);
    changed();
    return record;
  };

  return {
    open(userId, view) {
      const stack = stackOf(userId);
      stack.length = 0;
      return create(userId, view, stack);
    },
    push(userId, view) {
      const stack = stackOf(userId);
      if (stack.length === 0) return { ok: false, error: 'not_found' };
      if (stack.length >= VIEW_STACK_LIMIT) return { ok: false, error: 'push_limit_reached' };
      return { ok: true, record: create(userId, view, stack) };
    },
    update(target, view, hash) {
      const record = all().find((r) =>
        target.viewId ? r.viewId === target.viewId : r.view.external_id === target.externalId,
      );
      if (!record) return { ok: false, error: 'not_found' };
      if (hash !== undefined && hash !== '' && hash !== record.hash)
        return { ok: false, error: 'hash_conflict' };
      const stack = stackOf(record.userId);
      const index = stack.indexOf(record);
      const nextHashValue = nextHash();
      const previous = index > 0 ? (stack[index - 1]?.viewId ?? null) : null;
      record.hash = nextHashValue;
      record.view = fullView(record.viewId, view, nextHashValue, {
        previous,
        root: stack[0]?.viewId ?? record.viewId,
      });
      record.errors = {};
      record.version += 1;
      changed();
      return { ok: true, record };
    },
    setErrors(viewId, errors) {
      const record = all().find((r) => r.viewId === viewId);
      if (!record) return null;
      record.errors = errors;
      record.version += 1;
      changed();
      return record;
    },
    close(viewId) {
      for (const stack of stacks.values()) {
        const index = stack.findIndex((r) => r.viewId === viewId);
        if (index >= 0) {
          const [record] = stack.splice(index);
          changed();
          return record ?? null;
        }
      }
      return null;
    },
    clear(userId) {
      const stack = stackOf(userId);
      if (stack.length === 0) return;
      stack.length = 0;
      changed();
    },
    find: (viewId) => all().find((r) => r.viewId === viewId) ?? null,
    stack: (userId) => stacks.get(userId) ?? [],
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
