/**
 * `app_home_opened` (docs/home.md): each time a person opens Shipwatch's Home tab, their Home is published again from
 * the stored readings, so it is as fresh as the last reading without anyone clicking. The Messages tab opens the
 * same event with `tab: messages`; nothing is published then.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { featuresOf } from '../context/feature-context.js';
import { requestContext } from '../context/tenant-context.js';
import type { SlackRuntime } from '../runtime.js';
import { homeNotesOf } from './home-notes.js';
import { type HomeClient, publishHome } from './publish-home.js';

type HomeOpenedArgs = SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs;

export function homeOpenedListener(runtime: SlackRuntime) {
  return async ({ event, client, context }: HomeOpenedArgs): Promise<void> => {
    if (event.tab !== 'home') return;
    const teamId = context.teamId ?? requestContext(context).tenant.teamId ?? '';
    try {
      await publishHome(
        runtime,
        {
          // SAFETY: Bolt's WebClient has apiCall and users.info; its results are JSON objects.
          client: client as unknown as HomeClient,
          features: featuresOf(runtime, context),
          notes: homeNotesOf(runtime),
        },
        { teamId, userId: event.user },
      );
    } catch (error) {
      // Nobody is waiting on an event: the person sees the Home they had; the next open tries again.
      runtime.logger.warn('Home could not be published', { error });
    }
  };
}
