/**
 * `GET /s/<shipment id>`: a card's own Shipwatch URL (docs/unfurls.md, "A card's own URL"), mounted on the one HTTP
 * server when SHIPWATCH_PUBLIC_URL is set. It redirects (302, never cached) to where the use case says
 * (features/unfurls/card-url.ts: the watching card's permalink — the one in the channel `?in=` names — asked of that workspace with its own token, else
 * Terminal49's page). Shared in Slack, the URL unfurls like a Terminal49 link (its host is one of the app's unfurl
 * domains). It answers only with a redirect: what the card says stays behind Slack's own sign-in.
 */
import { cardUrlTarget } from '../../features/unfurls/card-url.js';
import type { HttpRoute } from '../../http/route.js';
import type { Store } from '../../store/index.js';
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
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname;
      let id: string;
      try {
        id = decodeURIComponent(path.slice(CARD_URL_PREFIX.length));
      } catch {
        id = '';
      }
      const location = await cardUrlTarget(
        {
          watches: store.watching.watches,
          permalink: async (teamId, card) => {
            try {
              const chat = await chatForTeam(runtime, teamId);
              const link = chat
                ? await chat.getPermalink({ channel: card.channelId, message_ts: card.ts })
                : {};
              return link.permalink || null;
            } catch (error) {
              runtime.logger.warn('no permalink for a card URL', slackFailureFields(error));
              return null;
            }
          },
        },
        id,
        url.searchParams.get('in'),
      );
      if (location === null) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('No such card.\n');
        return;
      }
      res.writeHead(302, { location, 'cache-control': 'no-store' });
      res.end();
    },
  };
}
