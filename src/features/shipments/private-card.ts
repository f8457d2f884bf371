/** Where a card clicked on is shown only to its reader: what the shipment card needs to ask before posting it. */

/** The channel a private card was shown in (the shipment card's Watch asks before posting there); null when public. */
export type PrivateCardIn = { channelId: string | null; channelName: string | null } | null;

/** The card clicked on, as far as its privacy goes. */
export interface ClickedCardPlace {
  isEphemeral: boolean;
  channelId: string | null;
  channelName: string | null;
}

export function privateCardIn(card: ClickedCardPlace): PrivateCardIn {
  return card.isEphemeral ? { channelId: card.channelId, channelName: card.channelName } : null;
}
