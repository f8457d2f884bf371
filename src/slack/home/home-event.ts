/**
 * `app_home_opened` (docs/home.md): each time a person opens Shipwatch's Home tab, their Home is published again from
 * the stored readings, so it is as fresh as the last reading without anyone clicking. The Messages tab opens the
 * same event with `tab: messages`; nothing is published then. A failure is logged by the event runner: the person
 * keeps the Home they had, and the next open tries again.
 */
import { homeNotesOf } from '../../features/home/home-notes.js';
import type { EventSpec } from '../events/event.js';
import { homeClientOf, publishHome } from './publish-home.js';

export const homeOpenedEvent: EventSpec = {
  event: 'app_home_opened',
  create:
    (runtime) =>
    async ({ event, payload, client, features }) => {
      if (event.tab !== 'home') return;
      const userId = typeof event.user === 'string' ? event.user : payload.userId;
      if (!userId) return;
      await publishHome(
        runtime,
        { client: homeClientOf(client), features, notes: homeNotesOf(runtime) },
        { teamId: payload.teamId ?? features.tenant.teamId ?? '', userId },
      );
    },
};
