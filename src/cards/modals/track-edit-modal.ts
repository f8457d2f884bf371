/**
 * The "edit tracking request" modal, opened from the tracking-request card's Edit button and by `/track-edit`.
 * Read-only facts (request number, type, SCAC, status, failure reason, current ref numbers and tags) come first as
 * text; the two editable inputs follow, prefilled. API strings go in escaped mrkdwn or plain_text only.
 */

import type { KnownBlock } from '@slack/types';
import type { TrackingRequestDetail } from '../../tracking/models.js';
import { clampText } from '../format/clamp-text.js';
import { INPUT, VIEW } from '../ids.js';
import type { ModalView, RenderContext } from '../types.js';
import { mrkdwnWithin, plain } from './modal-text.js';
import { serializeTrackEditMetadata } from './track-edit-metadata.js';

export { renderLoadingModal } from './loading-modal.js';

/** Where the result should go: the card being edited, or the channel `/track-edit` was typed in. */
export interface TrackEditModalContext extends RenderContext {
  channelId: string | null;
  messageTs?: string | null;
  threadTs?: string | null;
}

/** The form's title, also the loading view's and the notices shown in its place. */
export const TRACK_EDIT_TITLE = 'Edit tracking request';

/** Said when `/track-edit <id>` could not open its form: the same edit without it. */
export function trackEditWithoutForm(id: string): string {
  return `Try again, or edit directly: \`/track-edit ${id.replace(/[`<>&]/g, '')} ref=… tags=…\``;
}

export const REF_NUMBER_MAX = 100;
export const TAG_MAX = 50;
export const TAGS_MAX = 20;

export function renderTrackEditModal(detail: TrackingRequestDetail, ctx: TrackEditModalContext): ModalView {
  const request = detail.trackingRequest;
  const ref = request.refNumbers[0] ?? '';
  const tags = request.tags.join(', ');
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      fields: [
        field('Request', request.requestNumber),
        field('Type', request.requestType.replace(/_/g, ' ')),
        field('Carrier (SCAC)', request.scac ?? 'unknown'),
        field('Status', request.status.replace(/_/g, ' ') + (request.isRetrying ? ' (retrying)' : '')),
      ],
    },
  ];
  if (request.failedReason) {
    blocks.push(context(`:warning: Failed: ${mrkdwnWithin(request.failedReason.replace(/_/g, ' '), 1900)}`));
  }
  blocks.push(
    context(
      `Ref numbers: ${mrkdwnWithin(listOrNone(request.refNumbers), 900)}  ·  Tags: ${mrkdwnWithin(listOrNone(request.tags), 900)}`,
    ),
    {
      type: 'input',
      block_id: INPUT.trackEditRef.block,
      optional: true,
      label: plain('Ref number', 2000),
      hint: plain(
        request.refNumbers.length > 1
          ? 'Replaces the reference number the request carries. Leave empty to clear it.'
          : 'Your own reference, e.g. a PO number. Leave empty to clear it.',
        2000,
      ),
      element: {
        type: 'plain_text_input',
        action_id: INPUT.trackEditRef.action,
        // A longer ref the API already holds is shown whole, so saving the form unchanged cannot cut it.
        max_length: Math.min(3000, Math.max(REF_NUMBER_MAX, ref.length)),
        ...(ref ? { initial_value: clampText(ref, 3000) } : {}),
      },
    },
    {
      type: 'input',
      block_id: INPUT.trackEditTags.block,
      optional: true,
      label: plain('Tags', 2000),
      hint: plain('Comma-separated, e.g. urgent, customer-x. Leave empty to remove all tags.', 2000),
      element: {
        type: 'plain_text_input',
        action_id: INPUT.trackEditTags.action,
        max_length: 3000,
        ...(tags ? { initial_value: clampText(tags, 3000) } : {}),
      },
    },
  );
  return {
    type: 'modal',
    callback_id: VIEW.trackEdit,
    title: plain(TRACK_EDIT_TITLE, 24),
    submit: plain('Save', 24),
    close: plain('Cancel', 24),
    private_metadata: serializeTrackEditMetadata({
      trackingRequestId: request.id,
      requestNumber: request.requestNumber,
      channelId: ctx.channelId,
      messageTs: ctx.messageTs ?? null,
      threadTs: ctx.threadTs ?? null,
      original: { ref, tags: request.tags },
    }),
    blocks,
  };
}

function field(label: string, value: string) {
  return { type: 'mrkdwn' as const, text: `*${label}*\n${mrkdwnWithin(value, 1900)}` };
}

/** `text` is already escaped and sized by its parts. */
function context(text: string): KnownBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text }] };
}

function listOrNone(items: readonly string[]): string {
  return items.length > 0 ? items.join(', ') : 'none';
}
