/**
 * A write asked for by a click, as the use cases behind write buttons take it: who clicked, in which workspace and
 * channel, and the write's action (the button's action id) and idempotency key (who clicked what on which card,
 * features/idempotency/keys.ts).
 */
export interface ClickWrite {
  teamId: string | null;
  channelId: string | null;
  userId: string;
  key: string;
  action: string;
}
