/**
 * A message's shared links, previewed (docs/unfurls.md): each Terminal49 or Shipwatch link is previewed from the store
 * (0 API requests). A watched shipment becomes a Work Object; where the platform refuses Work Objects (not enabled
 * for the app or the workspace), the same facts go out as a classic compact preview, and the workspace gets classic
 * previews for a day before Work Objects are tried again (remembered in the store, so every replica knows:
 * unfurl-notes.ts). A shipment the workspace does not watch gets a one-line preview that says so. The Slack side
 * (slack/unfurls/link-shared.ts) reads the event and calls chat.unfurl.
 */
import {
  type ClassicUnfurl,
  classicShipmentUnfurl,
  type ShipmentEntity,
  shipmentEntity,
  shipmentFacts,
  unwatchedShipmentUnfurl,
} from '../../cards/unfurls/index.js';
import type { FeatureContext } from '../context.js';
import { checkReadPermission } from '../policy/index.js';
import { entityUrl } from './entity-url.js';
import { type LinkPreview, previewLinks } from './preview-links.js';
import type { UnfurlNotes } from './unfurl-notes.js';

export interface SharedLinks {
  teamId: string;
  channelId: string;
  /** The links of the message, as shared. */
  urls: readonly string[];
  /** SHIPWATCH_PUBLIC_URL, for the cards' own links. */
  publicUrl: string | null;
}

/**
 * How showing Work Objects went: shown; failed for a reason that says nothing about Work Objects (rate limit,
 * network: classic previews would fail the same way, so none are tried; the port logged it); or refused by the
 * platform (`error`: what it answered).
 */
export type WorkObjectsOutcome =
  | { kind: 'shown' }
  | { kind: 'failed' }
  | { kind: 'refused'; error: string | null };

export interface UnfurlPorts {
  notes: UnfurlNotes;
  /** The watched links as Work Objects under the message. */
  showWorkObjects(entities: ShipmentEntity[]): Promise<WorkObjectsOutcome>;
  /** Classic previews, by link as posted; a failure is logged by the port, never thrown (a preview is a courtesy). */
  showClassic(unfurls: Record<string, ClassicUnfurl>): Promise<void>;
}

type Watched = LinkPreview & { stored: NonNullable<LinkPreview['stored']> };

export async function unfurlSharedLinks(
  ctx: FeatureContext,
  ports: UnfurlPorts,
  request: SharedLinks,
): Promise<void> {
  const { teamId, publicUrl } = request;
  if (!checkReadPermission({ channelId: request.channelId }, { settings: ctx.tenant.settings }).allowed)
    return;
  const previews = await previewLinks(ctx, { teamId, urls: request.urls, publicUrl });
  if (previews.length === 0) return;
  const nowMs = ctx.clock.now().getTime();
  const watched = previews.filter((p): p is Watched => p.stored !== null);
  let classic = previews;
  if (watched.length > 0 && !(await ports.notes.classic(teamId))) {
    const outcome = await ports.showWorkObjects(
      watched.map(({ link, stored }) =>
        shipmentEntity(shipmentFacts(stored.detail, nowMs), {
          postedUrl: link.url,
          entityUrl: entityUrl(publicUrl, {
            shipmentId: stored.detail.shipment.id,
            number: stored.detail.shipment.billOfLadingNumber,
            channelId: request.channelId,
          }),
        }),
      ),
    );
    if (outcome.kind === 'failed') return;
    if (outcome.kind === 'shown') classic = previews.filter((p) => p.stored === null);
    else {
      await ports.notes.refuseWorkObjects(teamId);
      ctx.logger.info('Slack refused Work Objects: classic link previews for a day', {
        team: teamId,
        error: outcome.error,
      });
    }
  }
  if (classic.length === 0) return;
  const unfurls: Record<string, ClassicUnfurl> = {};
  for (const preview of classic) {
    unfurls[preview.link.url] =
      preview.stored === null
        ? unwatchedShipmentUnfurl(preview.link.ref)
        : classicShipmentUnfurl(shipmentFacts(preview.stored.detail, nowMs), {
            readAtMs: preview.stored.fetchedAt,
            nowMs,
          });
  }
  await ports.showClassic(unfurls);
}
