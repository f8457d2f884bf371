/**
 * Previews of shared links (docs/unfurls.md): each Terminal49 or Shipwatch link in a message becomes the shipment as
 * the workspace's watches last read it, or "not watched here" — from the store only, never with an API request, so
 * a channel pasting links spends nothing of the account's quota and shows nothing another workspace read.
 */
import type { StoredShipment } from '../../watch/index.js';
import type { FeatureContext } from '../context.js';
import { readShipmentLink, type ShipmentLink, type ShipmentRef } from './shipment-links.js';

/** Slack sends the links of one message together; past this many, the rest stay plain links (as GitHub's app does). */
export const MAX_PREVIEWS = 5;

export type LinkPreview =
  | { link: ShipmentLink; stored: StoredShipment }
  /** No watch of this workspace has the shipment: the link says only what it names. */
  | { link: ShipmentLink; stored: null };

export interface PreviewOptions {
  teamId: string;
  urls: readonly string[];
  /** SHIPWATCH_PUBLIC_URL, for the cards' own links. */
  publicUrl: string | null;
}

export async function previewLinks(ctx: FeatureContext, options: PreviewOptions): Promise<LinkPreview[]> {
  const links: ShipmentLink[] = [];
  for (const url of new Set(options.urls)) {
    const link = readShipmentLink(url, options.publicUrl);
    if (link !== null) links.push(link);
    if (links.length === MAX_PREVIEWS) break;
  }
  return Promise.all(
    links.map(async (link) => ({ link, stored: await storedShipment(ctx, options.teamId, link.ref) })),
  );
}

/** The shipment `ref` names as this workspace's watches stored it; null when it watches no such shipment. */
export async function storedShipment(
  ctx: FeatureContext,
  teamId: string,
  ref: ShipmentRef,
): Promise<StoredShipment | null> {
  if (!ctx.watching) return null;
  return ctx.watching.storedFor(teamId, ref);
}
