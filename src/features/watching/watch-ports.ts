/**
 * What a use case that writes about a watched shipment needs from the surface it was asked on: the conversation (post
 * or re-render a card, a line in its thread, tell the person), the write runner its adapter built for the request
 * (features/writes/write-runner.ts), and the card's own URL (docs/unfurls.md), which the process's public URL gives.
 */
import type { Conversation } from '../conversation.js';
import type { RunWrite } from '../writes/write-runner.js';

export interface WatchPorts {
  conversation: Conversation;
  runWrite: RunWrite;
  /** The card's own URL (`<SHIPWATCH_PUBLIC_URL>/s/<shipment id>`), or null where none can be opened. */
  cardLink(shipmentId: string, channelId: string): string | null;
}
