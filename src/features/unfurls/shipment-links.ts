/**
 * Which links Shipwatch unfurls (docs/unfurls.md, "Which links"): Terminal49's web app — a shipment's page
 * (`app.terminal49.com/shipments/<id>…`) or its find page for any number (`app.terminal49.com/shipments/find?q=…`) —
 * and a card's own Shipwatch URL (`<SHIPWATCH_PUBLIC_URL>/s/<shipment id>`). Anything else is not ours to unfurl.
 */
import {
  looksLikeBillOfLadingOrBooking,
  looksLikeContainerNumber,
  looksLikeUuid,
  normalizeQuery,
} from '../../tracking/normalize-query.js';

export const TERMINAL49_APP_HOST = 'app.terminal49.com';

/** What a link names: a shipment by its Terminal49 id, or by a number (bill of lading, booking, container). */
export type ShipmentRef = { shipmentId: string } | { number: string };

export interface ShipmentLink {
  /** The link exactly as it was posted (chat.unfurl keys its answer by it). */
  url: string;
  ref: ShipmentRef;
}

/**
 * A card's own URL: `<public URL>/s/<shipment id>`, with `?in=<channel id>` for the card of one channel (several
 * channels can each watch the shipment with a card of their own; the link on each leads back to that one).
 */
export function shipwatchCardUrl(publicUrl: string, shipmentId: string, channelId?: string): string {
  const url = `${publicUrl}/s/${encodeURIComponent(shipmentId)}`;
  return channelId ? `${url}?in=${encodeURIComponent(channelId)}` : url;
}

/**
 * Where cards' own URLs point (docs/unfurls.md, "A card's own URL"): SHIPWATCH_PUBLIC_URL, where `/s/<id>` is served.
 * A public URL on this machine (`http://127.0.0.1:…`, allowed for tests and tunnels) is offered only to a Slack on this
 * machine too (SLACK_API_URL on loopback: the local workspace, a test's fake): in a real workspace nobody could open it.
 */
export function cardLinkBase(config: {
  publicUrl: string | null;
  slack: { apiUrl: string | null };
}): string | null {
  const { publicUrl } = config;
  if (publicUrl === null || !URL.canParse(publicUrl)) return null;
  if (!isLoopback(publicUrl)) return publicUrl;
  return config.slack.apiUrl !== null && URL.canParse(config.slack.apiUrl) && isLoopback(config.slack.apiUrl)
    ? publicUrl
    : null;
}

/** The URL of a channel's card from `cardLinkBase`, or null without one. */
export function cardLinkOf(
  base: string | null | undefined,
  shipmentId: string,
  channelId: string,
): string | null {
  return base ? shipwatchCardUrl(base, shipmentId, channelId) : null;
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

/** The shipment's page in Terminal49's web app: its find page, which takes any number. */
export function terminal49Url(ref: ShipmentRef): string {
  return 'number' in ref
    ? `https://${TERMINAL49_APP_HOST}/shipments/find?q=${encodeURIComponent(ref.number)}`
    : `https://${TERMINAL49_APP_HOST}/shipments/${encodeURIComponent(ref.shipmentId)}`;
}

/** The shipment `url` names, or null when it is not a link Shipwatch unfurls. `publicUrl`: SHIPWATCH_PUBLIC_URL. */
export function readShipmentLink(url: string, publicUrl: string | null): ShipmentLink | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '');
  const host = parsed.host.toLowerCase();
  if (host === TERMINAL49_APP_HOST) {
    if (segments[0] !== 'shipments' || segments[1] === undefined) return null;
    if (segments[1] === 'find') {
      const number = normalizeQuery(parsed.searchParams.get('q') ?? '');
      return looksLikeContainerNumber(number) || looksLikeBillOfLadingOrBooking(number)
        ? { url, ref: { number } }
        : null;
    }
    const id = decodeSegment(segments[1]);
    return id !== null && looksLikeUuid(id) ? { url, ref: { shipmentId: id.toLowerCase() } } : null;
  }
  if (publicUrl !== null && host === hostOf(publicUrl) && segments[0] === 's' && segments.length === 2) {
    const id = decodeSegment(segments[1] ?? '');
    return id !== null && looksLikeUuid(id) ? { url, ref: { shipmentId: id.toLowerCase() } } : null;
  }
  return null;
}

/** The host of SHIPWATCH_PUBLIC_URL (lower case), or null when it is not a URL. */
export function hostOf(publicUrl: string): string | null {
  try {
    return new URL(publicUrl).host.toLowerCase();
  } catch {
    return null;
  }
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
