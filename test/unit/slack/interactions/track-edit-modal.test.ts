import type { InputBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { INPUT, VIEW } from '../../../../src/cards/ids.js';
import {
  parseTrackEditMetadata,
  renderLoadingModal,
  renderNoticeModal,
  renderTrackEditModal,
} from '../../../../src/cards/modals/index.js';
import type { ModalView } from '../../../../src/cards/types.js';
import { makeTrackingRequest, makeTrackingRequestDetail, NOW } from '../../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';

const ctx = { now: NOW, channelId: 'C0OPS', messageTs: '1700000000.000200', threadTs: null };

function isInput(block: ModalView['blocks'][number]): block is InputBlock {
  return block.type === 'input';
}

function elementOf(view: ModalView, blockId: string): Record<string, unknown> {
  const block = view.blocks.find((candidate) => candidate.block_id === blockId);
  if (!block || !isInput(block)) throw new Error(`no input block ${blockId}`);
  return { ...block.element };
}

describe('renderTrackEditModal', () => {
  it('prefills the ref number and the tags, comma-separated', () => {
    const detail = makeTrackingRequestDetail(
      makeTrackingRequest({ refNumbers: ['PO-1'], tags: ['urgent', 'customer-x'] }),
    );
    const view = renderTrackEditModal(detail, ctx);
    assertWithinBlockKitLimits(view);
    expect(view.callback_id).toBe(VIEW.trackEdit);
    expect(elementOf(view, INPUT.trackEditRef.block).initial_value).toBe('PO-1');
    expect(elementOf(view, INPUT.trackEditTags.block).initial_value).toBe('urgent, customer-x');
  });

  it('shows why a failed request failed, as read-only context', () => {
    const detail = makeTrackingRequestDetail(
      makeTrackingRequest({ status: 'failed', failedReason: 'not_found' }),
    );
    const view = renderTrackEditModal(detail, ctx);
    const contexts = view.blocks.filter((block) => block.type === 'context');
    expect(JSON.stringify(contexts)).toContain('Failed: not found');
  });

  it('remembers the card and the starting values in private_metadata', () => {
    const request = makeTrackingRequest({ refNumbers: ['PO-1'], tags: ['a'] });
    const view = renderTrackEditModal(makeTrackingRequestDetail(request), ctx);
    expect(parseTrackEditMetadata(view.private_metadata)).toEqual({
      trackingRequestId: request.id,
      requestNumber: request.requestNumber,
      channelId: 'C0OPS',
      messageTs: '1700000000.000200',
      threadTs: null,
      original: { ref: 'PO-1', tags: ['a'] },
    });
  });

  it('stays within limits when the request carries huge values, dropping the originals from the metadata', () => {
    const huge = '<@U1> *x* '.repeat(400);
    const request = makeTrackingRequest({
      requestNumber: huge,
      refNumbers: [huge, huge],
      tags: Array.from({ length: 300 }, (_, index) => `${huge.slice(0, 40)}${index}`),
      failedReason: huge,
      status: 'failed',
      scac: huge,
    });
    const view = renderTrackEditModal(makeTrackingRequestDetail(request), ctx);
    assertWithinBlockKitLimits(view);
    expect(view.private_metadata?.length).toBeLessThanOrEqual(3000);
    expect(parseTrackEditMetadata(view.private_metadata)?.trackingRequestId).toBe(request.id);
    // Inputs hold the raw text (plain_text never parses markup); every mrkdwn block is escaped.
    const textBlocks = view.blocks.filter((block) => !isInput(block));
    expect(JSON.stringify(textBlocks)).not.toContain('<@U1>');
  });
});

describe('loading and notice modals', () => {
  it('are within limits even with an over-long title', () => {
    assertWithinBlockKitLimits(renderLoadingModal('Edit tracking request with a very long title'));
    assertWithinBlockKitLimits(renderNoticeModal('Set custom field', 'x'.repeat(5000)));
  });
});
