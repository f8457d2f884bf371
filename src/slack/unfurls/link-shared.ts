/**
 * `link_shared` → `chat.unfurl` (docs/unfurls.md): each Terminal49 or Shipwatch link in a message is previewed from
 * the store (0 API requests). A watched shipment becomes a Work Object (`metadata.entities`); where Slack refuses the
 * metadata (Work Objects not enabled for the app or the workspace), the same facts go out as a classic compact
 * preview, and the workspace gets classic previews for a day before Work Objects are tried again (remembered in the
 * store, so every replica knows: unfurl-notes.ts). A shipment the
 * workspace does not watch gets a one-line preview that says so. The event is acknowledged by Bolt; a failure is
 * logged, never shown (a preview is a courtesy: the link itself still works). A line in EVENTS (events/index.ts).
 */
import type { KnownBlock } from '@slack/types';
import {
  classicShipmentUnfurl,
  shipmentEntity,
  shipmentFacts,
  unwatchedShipmentUnfurl,
} from '../../cards/unfurls/index.js';
import { checkReadPermission } from '../../features/policy/index.js';
import { type LinkPreview, previewLinks } from '../../features/unfurls/preview-links.js';
import { shipwatchCardUrl, terminal49Url } from '../../features/unfurls/shipment-links.js';
import { withChatApi } from '../delivery/chat-api.js';
import { classifySlackError, slackFailureFields } from '../delivery/slack-failure.js';
import type { EventSpec } from '../events/event.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { unfurlNotesOf } from './unfurl-notes.js';

/** Failures that say nothing about Work Objects: the same call with classic previews would fail the same way. */
const NOT_ABOUT_METADATA = new Set(['rate_limited', 'timeout', 'network', 'channel_unavailable', 'http']);

type Watched = LinkPreview & { stored: NonNullable<LinkPreview['stored']> };

export const linkSharedSurface: EventSpec = {
  event: 'link_shared',
  create: (runtime) => {
    const notes = unfurlNotesOf(runtime);
    return async ({ event, payload, client, features }) => {
      const { tenant } = features;
      const teamId = payload.teamId ?? tenant.teamId;
      const channel = text(event.channel);
      const messageTs = text(event.message_ts);
      if (teamId === null || channel === null) return;
      if (!checkReadPermission({ channelId: channel }, { settings: tenant.settings }).allowed) return;
      const urls = (Array.isArray(event.links) ? event.links : []).flatMap((link: unknown) => {
        const url = link !== null && typeof link === 'object' ? text((link as { url?: unknown }).url) : null;
        return url === null ? [] : [url];
      });
      const previews = await previewLinks(features, { teamId, urls, publicUrl: runtime.config.publicUrl });
      if (previews.length === 0) return;
      const unfurlId = text(event.unfurl_id);
      const target: { channel: string; ts: string } | { unfurl_id: string; source: 'composer' } | null =
        event.source === 'composer' && unfurlId !== null
          ? { unfurl_id: unfurlId, source: 'composer' }
          : messageTs !== null
            ? { channel, ts: messageTs }
            : null;
      if (target === null) return;
      const chat = withChatApi(client, chatOf(runtime, { botToken: tenant.botToken })).chat;
      const nowMs = runtime.clock.now().getTime();
      const watched = previews.filter((p): p is Watched => p.stored !== null);
      let classic = previews;
      if (watched.length > 0 && !(await notes.classic(teamId))) {
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
          await notes.refuseWorkObjects(teamId);
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
  },
};

/** The entity's own URL: the card's Shipwatch URL when SHIPWATCH_PUBLIC_URL is set, else Terminal49's find page. */
export function entityUrl(runtime: Pick<SlackRuntime, 'config'>, shipmentId: string, number: string): string {
  const { publicUrl } = runtime.config;
  return publicUrl
    ? shipwatchCardUrl(publicUrl, shipmentId)
    : terminal49Url(number ? { number } : { shipmentId });
}

/** A non-empty string field of an event, else null (events are read defensively). */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
