/** Refresh on the email-submission card: re-read the submission and fresh download URLs, replace the card. */

import { renderEmailSubmissionCard } from '../../../cards/index.js';
import { loadEmailSubmissionView } from '../email-submission-view.js';
import { createButtonListener } from './support/button-listener.js';
import { replaceCardOrTell } from './support/reply.js';
import type { InteractionRuntime } from './support/runtime.js';

export function createRefreshEmailSubmissionListener(runtime: InteractionRuntime) {
  const { clock } = runtime.deps;
  return createButtonListener(runtime, {
    access: 'read',
    async handle(ctx, io) {
      const view = await loadEmailSubmissionView(runtime.deps, ctx.value, { fresh: true });
      const card = renderEmailSubmissionCard(view.detail, {
        now: clock.now(),
        downloadUrls: view.downloadUrls,
      });
      await replaceCardOrTell(io, ctx, card);
    },
  });
}
