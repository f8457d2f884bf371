/** The page's own state: the last snapshot plus what only this browser tab knows (open threads, typed values). */
import type { ChannelMessage, InputValues, WorkspaceSnapshot } from '../../protocol.js';

export interface ClientState {
  viewerId: string;
  snapshot: WorkspaceSnapshot | null;
  /** Threads the reader opened (by parent ts). */
  expandedThreads: Set<string>;
  /** Reply counts last rendered, to open a thread when a new reply arrives while the page is open. */
  replyCounts: Map<string, number>;
  /** What the reader typed into each open modal, valid for one view hash. */
  modalValues: Map<string, { hash: string; values: InputValues }>;
  /** Client-side validation errors (required fields, lengths), by view id then block id. */
  clientErrors: Map<string, Record<string, string>>;
}

export function createClientState(viewerId: string): ClientState {
  return {
    viewerId,
    snapshot: null,
    expandedThreads: new Set(),
    replyCounts: new Map(),
    modalValues: new Map(),
    clientErrors: new Map(),
  };
}

/** Finds a message (top-level or reply) in the current snapshot. */
export function findMessage(state: ClientState, ts: string): ChannelMessage | null {
  for (const entry of state.snapshot?.timeline ?? []) {
    if (entry.kind !== 'message') continue;
    if (entry.ts === ts) return entry;
    const reply = entry.replies.find((candidate) => candidate.ts === ts);
    if (reply) return reply;
  }
  return null;
}
