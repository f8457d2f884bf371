import { describe, expect, it } from 'vitest';
import {
  containerStatusWords,
  requestTypeWords,
  trackingStoppedReasonWords,
} from '../../../src/domain/status-words.js';
import { describeTrackingRequest, failedReasonWords } from '../../../src/domain/tracking-request-state.js';
import { makeTrackingRequest, NOW } from '../../fixtures/cards/factories.js';

const now = NOW.getTime();

describe('container status in words', () => {
  it('phrases every documented status', () => {
    expect(containerStatusWords('on_ship')).toBe('on the ship');
    expect(containerStatusWords('grounded')).toBe('discharged at the terminal');
    expect(containerStatusWords('awaiting_inland_transfer')).toBe('discharged, waiting for the rail leg');
    expect(containerStatusWords('empty_returned')).toBe('empty returned');
  });

  it('shows a status the API adds later humanised rather than hiding it, as plain text the card escapes', () => {
    expect(containerStatusWords('at_<gate>')).toBe('at <gate>');
  });

  it('says when the status is missing', () => {
    expect(containerStatusWords(null)).toBe('status not reported');
  });
});

describe('tracking words', () => {
  it('explains why the line stopped tracking', () => {
    expect(trackingStoppedReasonWords('past_arrival_window')).toBe(
      'more than 56 days have passed since arrival',
    );
    expect(trackingStoppedReasonWords(null)).toBeNull();
  });

  it('names request types', () => {
    expect(requestTypeWords('booking_number')).toBe('booking number');
  });
});

describe('tracking request state', () => {
  it('says a retrying request is queued with the attempt count and the last problem', () => {
    const state = describeTrackingRequest(
      makeTrackingRequest({ isRetrying: true, retryCount: 3, failedReason: 'shipping_line_unreachable' }),
      now,
    );
    expect(state.headline).toBe('Queued, Terminal49 is retrying (attempt 3 of 14)');
    expect(state.detail).toContain("Last attempt: the carrier's website could not be reached.");
  });

  it('says a pending request is being looked up', () => {
    expect(describeTrackingRequest(makeTrackingRequest(), now).headline).toBe('Queued');
  });

  it('explains awaiting manifest with the daily re-check window and the current day', () => {
    const state = describeTrackingRequest(makeTrackingRequest({ status: 'awaiting_manifest' }), now);
    expect(state.detail).toBe(
      "The carrier hasn't published the manifest yet; re-checked daily for up to 7 days (day 3 of 7).",
    );
  });

  it('counts the awaiting-manifest day by elapsed time, not by the UTC calendar', () => {
    const request = makeTrackingRequest({ status: 'awaiting_manifest', createdAt: '2024-07-03T23:00:00Z' });
    expect(describeTrackingRequest(request, now).detail).toContain('(day 2 of 7)');
  });

  it('explains a failure with what to do next', () => {
    const state = describeTrackingRequest(
      makeTrackingRequest({ status: 'failed', failedReason: 'not_found' }),
      now,
    );
    expect(state.headline).toBe('Failed');
    expect(state.detail).toBe(
      'The carrier does not know this number. Check the number and the carrier (SCAC).',
    );
  });

  it('explains every permanent failure reason', () => {
    for (const reason of [
      'duplicate',
      'expired',
      'retries_exhausted',
      'invalid_number',
      'booking_cancelled',
      'data_unavailable',
    ]) {
      expect(failedReasonWords(reason)).not.toContain('Reason:');
    }
    expect(failedReasonWords('new_reason')).toBe('Reason: new reason.');
  });

  it('shows created and tracking-stopped requests', () => {
    expect(describeTrackingRequest(makeTrackingRequest({ status: 'created' }), now).headline).toBe(
      'Tracking',
    );
    expect(describeTrackingRequest(makeTrackingRequest({ status: 'tracking_stopped' }), now).headline).toBe(
      'Tracking stopped',
    );
  });
});
