import { describe, expect, it } from 'vitest';
import { ACTION } from '../../../src/cards/ids.js';
import { renderTrackingRequestCard } from '../../../src/cards/tracking-request-card.js';
import { buttons, cardText } from '../../fixtures/cards/card-text.js';
import { makeShipment, makeTrackingRequestDetail, NOW } from '../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const ctx = { now: NOW };

describe('tracking request card', () => {
  it('shows a retrying request with its attempt count and an Edit and Refresh button', () => {
    const card = renderTrackingRequestCard(
      makeTrackingRequestDetail({ isRetrying: true, retryCount: 3, failedReason: 'unrecognized_response' }),
      ctx,
    );
    expect(card.text).toBe(
      'Tracking request MAEU240817361 (bill of lading): Queued, Terminal49 is retrying (attempt 3 of 14)',
    );
    expect(buttons(card).map((button) => [button.actionId, button.value])).toEqual([
      [ACTION.trackingRequestEdit, 'tr-1'],
      [ACTION.trackingRequestRefresh, 'tr-1'],
    ]);
    assertWithinBlockKitLimits(card);
  });

  it('explains awaiting manifest', () => {
    const card = renderTrackingRequestCard(makeTrackingRequestDetail({ status: 'awaiting_manifest' }), ctx);
    expect(cardText(card)).toContain(
      "carrier hasn't published the manifest yet; re-checked daily for up to 7 days",
    );
  });

  it('offers to open the tracked shipment once it is created', () => {
    const card = renderTrackingRequestCard(
      makeTrackingRequestDetail({ status: 'created', shipmentId: 'shipment-1' }, makeShipment()),
      ctx,
    );
    expect(buttons(card)[0]).toEqual({
      actionId: ACTION.trackingRequestOpenShipment,
      value: 'shipment-1',
      text: 'Open shipment',
    });
    expect(cardText(card)).toContain('📦 Shipment *MAEU240817361* · Shanghai → Los Angeles');
  });

  it('explains a failure and what to do', () => {
    const card = renderTrackingRequestCard(
      makeTrackingRequestDetail({ status: 'failed', failedReason: 'invalid_number' }),
      ctx,
    );
    expect(card.text).toContain(': Failed');
    expect(cardText(card)).toContain('The carrier says this is not a valid number. Check it for typos.');
  });

  it('shows the request facts: type, carrier being detected, refs and tags', () => {
    const card = renderTrackingRequestCard(
      makeTrackingRequestDetail({
        requestType: 'booking_number',
        scac: null,
        refNumbers: ['PO-1', 'PO-2'],
        tags: ['urgent'],
      }),
      ctx,
    );
    const text = cardText(card);
    expect(text).toContain('*Type*\nbooking number');
    expect(text).toContain('*Carrier (SCAC)*\n_being detected_');
    expect(text).toContain('*Ref numbers*\nPO-1, PO-2');
    expect(text).toContain('*Tags*\nurgent');
  });

  it('shows a tracking-stopped request', () => {
    const card = renderTrackingRequestCard(makeTrackingRequestDetail({ status: 'tracking_stopped' }), ctx);
    expect(card.text).toContain('Tracking stopped');
  });
});
