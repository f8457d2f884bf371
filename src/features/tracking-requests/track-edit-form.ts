/**
 * The edit form of a tracking request for `/track-edit <id>`: the request is read at once, while the adapter checks
 * the write policy (both wait on the network, and the form needs both), and the form is rendered when it is shown.
 */
import { renderTrackEditModal } from '../../cards/modals/index.js';
import type { ModalView } from '../../cards/types.js';
import type { FeatureContext } from '../context.js';
import { readTrackingRequest } from './tracking-requests.js';

/** `channelId`: where the edited request's card goes on Save (the channel the command was typed in). */
export function loadTrackEditForm(
  ctx: FeatureContext,
  id: string,
  channelId: string,
): () => Promise<ModalView> {
  const loading = readTrackingRequest(ctx, id);
  // Awaited by the form when it is shown; a refusal (no form) must not leave it rejected and unheard.
  loading.catch(() => {});
  return async () => renderTrackEditModal(await loading, { now: ctx.clock.now(), channelId });
}
