/** Where a card clicked on is shown only to its reader: what the shipment card needs to ask before posting it. */
import type { ActionContext } from './action-context.js';

export function privateCardIn(
  ctx: Pick<ActionContext, 'isEphemeral' | 'channelId' | 'channelName'>,
): { channelId: string | null; channelName: string | null } | null {
  return ctx.isEphemeral ? { channelId: ctx.channelId, channelName: ctx.channelName } : null;
}
