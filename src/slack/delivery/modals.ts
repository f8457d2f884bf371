/**
 * Modals whose content needs the tracking API. A trigger_id expires 3 s after the click and is single-use, so the
 * modal is opened with a loading view (`renderLoadingModal` from cards/modals) before any API call, and filled in with
 * views.update once the data is there.
 */
import type { View } from '@slack/types';
import type { SlackMessagingClient } from './slack-client.js';

export interface OpenedModal {
  viewId: string;
  hash: string | null;
}

/** Opens `view` with the trigger_id; call it before any API work. */
export async function openModal(
  client: SlackMessagingClient,
  triggerId: string,
  view: View,
): Promise<OpenedModal> {
  const result = await client.views.open({ trigger_id: triggerId, view });
  return { viewId: result.view?.id ?? '', hash: result.view?.hash ?? null };
}

/** Replaces an open modal's content (the loaded form, or a notice when it could not load). */
export async function updateModal(
  client: SlackMessagingClient,
  opened: OpenedModal,
  view: View,
): Promise<void> {
  await client.views.update({ view_id: opened.viewId, view, ...(opened.hash ? { hash: opened.hash } : {}) });
}
