/**
 * The value of the not-found card's buttons (cards/not-found-card.ts: "Look up <corrected>", "Track it"):
 * `<channel|private>:<number>`, the lookup's visibility and the number it is about. Pure: the value read back.
 */
export interface NumberButtonValue {
  /** Where the lookup answered: its answer goes there again. */
  visibility: 'channel' | 'private';
  number: string;
}

export function readNumberButtonValue(value: string): NumberButtonValue {
  const colon = value.indexOf(':');
  return {
    visibility: value.slice(0, colon) === 'private' ? 'private' : 'channel',
    number: value.slice(colon + 1),
  };
}
