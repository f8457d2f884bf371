/**
 * `link_shared` → `chat.unfurl` (docs/unfurls.md): each Terminal49 or Shipwatch link in a message is previewed from
 * the store (0 API requests). A watched shipment becomes a Work Object (`metadata.entities`); where Slack refuses the
 * metadata (Work Objects not enabled for the app or the workspace), the same facts go out as a classic compact
 * preview, and the workspace gets classic previews for a day before Work Objects are tried again. A shipment the
 * workspace does not watch gets a one-line preview that says so. The event is acknowledged by Bolt; a failure is
 * logged, never shown (a preview is a courtesy: the link itself still works).
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import {
  classicShipmentUnfurl,
  shipmentEntity,
  shipmentFacts,
  unwatchedShipmentUnfurl,
} from '../../cards/unfurls/index.js';
import { type LinkPreview, previewLinks } from '../../features/unfurls/preview-links.js';
import { shipwatchCardUrl, terminal49Url } from '../../features/unfurls/shipment-links.js';
import { featuresOf } from '../context/feature-context.js';
import { requestContext } from '../context/tenant-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { classifySlackError, slackFailureFields } from '../delivery/slack-failure.js';
import { checkReadPermission } from '../policy/index.js';
import { chatOf, type SlackRuntime } from '../runtime.js';

type Args = SlackEventMiddlewareArgs<'link_shared'> & AllMiddlewareArgs;

/** How long a workspace whose Slack refused Work Objects gets classic previews before they are tried again. */
export const CLASSIC_FOR_MS = 24 * 3600_000;

/** Failures that say nothing about Work Objects: the same call with classic previews would fail the same way. */
const NOT_ABOUT_METADATA = new Set(['rate_limited', 'timeout', 'network', 'channel_unavailable', 'http']);

export function linkSharedListener(runtime: SlackRuntime) {
  /** Workspaces whose Slack refused entity metadata, until when (per process: a replica learns it on its own). */
  const classicUntil = new Map<string, number>();
  return async ({ event, context, client }: Args) => {
    const { payload, tenant } = requestContext(context);
    const teamId = payload.teamId ?? tenant.teamId;
    if (teamId === null) return;
    if (!checkReadPermission({ channelId: event.channel }, { settings: tenant.settings }).allowed) return;
    const features = featuresOf(runtime, context);
    const previews = await previewLinks(features, {
      teamId,
      urls: event.links.map((link) => link.url),
      publicUrl: runtime.config.publicUrl,
    });
    if (previews.length === 0) return;
    const chat = withChatApi(client, chatOf(runtime, context)).chat;
    const target: { channel: string; ts: string } | { unfurl_id: string; source: 'composer' } =
      event.source === 'composer' && event.unfurl_id
        ? { unfurl_id: event.unfurl_id, source: 'composer' }
        : { channel: event.channel, ts: event.message_ts };
    const nowMs = runtime.clock.now().getTime();
    const wallNow = (runtime.wallClock ?? runtime.clock).now().getTime();
    const watched = previews.filter(
      (p): p is LinkPreview & { stored: NonNullable<LinkPreview['stored']> } => p.stored !== null,
    );
    let classic = previews;
    if (watched.length > 0 && (classicUntil.get(teamId) ?? 0) <= wallNow) {
      try {
        await chat.unfurl({
          ...target,
          metadata: {
            entities: watched.map(({ link, stored }) =>
              shipmentEntity(shipmentFacts(stored.detail, nowMs), {
                postedUrl: link.url,
                entityUrl: entityUrl(
                  runtime,
                  stored.detail.shipment.id,
                  stored.detail.shipment.billOfLadingNumber,
                ),
              }),
            ),
          },
        });
        classic = previews.filter((p) => p.stored === null);
      } catch (error) {
        const failure = classifySlackError(error);
        if (NOT_ABOUT_METADATA.has(failure.kind)) {
          runtime.logger.warn('link previews failed', { team: teamId, ...slackFailureFields(error) });
          return;
        }
        classicUntil.set(teamId, wallNow + CLASSIC_FOR_MS);
        runtime.logger.info('Slack refused Work Objects: classic link previews for a day', {
          team: teamId,
          error: failure.slackError,
        });
      }
    }
    if (classic.length === 0) return;
    const unfurls: Record<string, { blocks: KnownBlock[] }> = {};
    for (const preview of classic) {
      unfurls[preview.link.url] =
        preview.stored === null
          ? unwatchedShipmentUnfurl(preview.link.ref)
          : classicShipmentUnfurl(shipmentFacts(preview.stored.detail, nowMs), {
              readAtMs: preview.stored.fetchedAt,
              nowMs,
            });
    }
    try {
      await chat.unfurl({ ...target, unfurls });
    } catch (error) {
      runtime.logger.warn('link previews failed', { team: teamId, ...slackFailureFields(error) });
    }
  };
}

/** The entity's own URL: the card's Shipwatch URL when SHIPWATCH_PUBLIC_URL is set, else Terminal49's find page. */
export function entityUrl(runtime: Pick<SlackRuntime, 'config'>, shipmentId: string, number: string): string {
  const { publicUrl } = runtime.config;
  return publicUrl
    ? shipwatchCardUrl(publicUrl, shipmentId)
    : terminal49Url(number ? { number } : { shipmentId });
}
