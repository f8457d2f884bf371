/**
 * `GET /s/<shipment id>`: a card's own Shipwatch URL (docs/unfurls.md, "A card's own URL"), mounted on the one HTTP
 * server when SHIPWATCH_PUBLIC_URL is set. It redirects (302, never cached) to the card that watches the shipment —
 * Slack's permalink of the most recently created active watch's card, asked of that workspace with its own token —
 * and to Terminal49's page for the shipment when no card watches it. Shared in Slack, the URL unfurls like a
 * Terminal49 link (its host is one of the app's unfurl domains). It answers only with a redirect: what the card says
 * stays behind Slack's own sign-in.
 */
import type { ServerResponse } from 'node:http';
import { terminal49Url } from '../../features/unfurls/shipment-links.js';
import type { HttpRoute } from '../../http/route.js';
import type { Store } from '../../store/index.js';
import { looksLikeUuid } from '../../tracking/normalize-query.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import { chatForTeam, type SlackRuntime } from '../runtime.js';

export const CARD_URL_PREFIX = '/s/';

export function cardUrlRoute(
  runtime: Pick<SlackRuntime, 'chat' | 'chats' | 'tenancy' | 'logger'>,
  store: Pick<Store, 'watching'>,
): HttpRoute {
  return {
    method: 'GET',
    path: CARD_URL_PREFIX,
    prefix: true,
    async handle(req, res) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      let id: string;
      try {
        id = decodeURIComponent(path.slice(CARD_URL_PREFIX.length));
      } catch {
        id = '';
      }
      if (!looksLikeUuid(id)) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('No such card.\n');
        return;
      }
      // A card-less watch (a quiet subscribed shipment) has no card to open yet.
      const watches = (await store.watching.watches.listByShipment(id.toLowerCase())).filter(
        (watch): watch is typeof watch & { cardTs: string } =>
          watch.state === 'active' && watch.cardTs !== null,
      );
      const watch = watches[watches.length - 1];
      if (watch === undefined) {
        redirect(res, terminal49Url({ shipmentId: id }));
        return;
      }
      try {
        const chat = await chatForTeam(runtime, watch.teamId);
        const link = chat
          ? await chat.getPermalink({ channel: watch.channelId, message_ts: watch.cardTs })
          : {};
        if (link.permalink) {
          redirect(res, link.permalink);
          return;
        }
      } catch (error) {
        runtime.logger.warn('no permalink for a card URL', slackFailureFields(error));
      }
      redirect(res, terminal49Url({ number: watch.shipmentNumber }));
    },
  };
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}
