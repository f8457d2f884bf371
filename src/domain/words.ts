/**
 * Small word helpers the domain phrases with. Everything the domain returns is plain text, never mrkdwn: escaping
 * belongs to whoever puts it into a Slack message (the cards).
 */

/** "1 day", "3 days". */
export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** An API enum value for people: underscores as spaces ("awaiting_manifest" → "awaiting manifest"). */
export function humanise(value: string): string {
  return value.replace(/_/g, ' ');
}

/** First letter upper-cased. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
