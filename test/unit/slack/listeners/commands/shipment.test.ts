import { describe, expect, it } from 'vitest';
import { TrackingApiError } from '../../../../../src/tracking/errors.js';
import { assertWithinBlockKitLimits } from '../../../../helpers/block-kit-validator.js';
import { createCommandKit } from '../../../../helpers/slack/command-kit.js';
import {
  shipmentDetailFixture,
  trackingRequestDetailFixture,
} from '../../../../helpers/slack/model-fixtures.js';

describe('/shipment', () => {
  it('posts the shipment card in the channel for a bill of lading, in one API call', async () => {
    const detail = shipmentDetailFixture();
    const kit = createCommandKit({ tracking: { findShipmentsByNumber: async () => [detail] } });
    await kit.invoke('/shipment', detail.shipment.billOfLadingNumber);
    const [post] = kit.slack.callsTo('chat.postMessage');
    expect(post?.args).toMatchObject({ channel: 'C0OPS' });
    expect(String(post?.args.text)).toContain(detail.shipment.billOfLadingNumber);
    expect(kit.tracking.calls.map((call) => call.method)).toEqual(['findShipmentsByNumber']);
    assertWithinBlockKitLimits({ text: String(post?.args.text), blocks: post?.args.blocks as never });
  });

  it('answers only the caller when the command says private', async () => {
    const detail = shipmentDetailFixture();
    const kit = createCommandKit({ tracking: { findShipmentsByNumber: async () => [detail] } });
    await kit.invoke('/shipment', `${detail.shipment.billOfLadingNumber} private`);
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(0);
    expect(kit.slack.responses[0]).toMatchObject({ response_type: 'ephemeral' });
  });

  it('shows the tracking request when the number is still being tracked', async () => {
    const { trackingRequest } = trackingRequestDetailFixture();
    const kit = createCommandKit({
      tracking: {
        findShipmentsByNumber: async () => [],
        search: async () => [
          {
            id: trackingRequest.id,
            entityType: 'tracking_request',
            number: trackingRequest.requestNumber,
            shipmentId: null,
            scac: trackingRequest.scac,
            status: 'pending',
            failedReason: null,
            refNumbers: [],
            createdAt: null,
            updatedAt: null,
          },
        ],
      },
    });
    await kit.invoke('/shipment', trackingRequest.requestNumber);
    const [post] = kit.slack.callsTo('chat.postMessage');
    expect(String(post?.args.text)).toContain(trackingRequest.requestNumber);
  });

  it('tells only the caller when nothing matches, without posting to the channel', async () => {
    const kit = createCommandKit({
      tracking: { findShipmentsByNumber: async () => [], search: async () => [] },
    });
    await kit.invoke('/shipment', 'MAEU000000000');
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(0);
    expect(kit.slack.responses[0]).toMatchObject({ response_type: 'ephemeral' });
    expect(kit.slack.responses[0]?.text).toContain('MAEU000000000');
  });

  it('shows an error card to the caller when the API is down', async () => {
    const down = new TrackingApiError({ code: 'upstream', message: 'API answered 503', status: 503 });
    const kit = createCommandKit({
      tracking: {
        findShipmentsByNumber: async () => {
          throw down;
        },
      },
    });
    await kit.invoke('/shipment', 'MAEU240817361');
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(0);
    const [response] = kit.slack.responses;
    expect(response?.response_type).toBe('ephemeral');
    expect(JSON.stringify(response)).not.toContain('at ');
  });

  it('shows the usage privately when no number was typed', async () => {
    const kit = createCommandKit();
    await kit.invoke('/shipment', '   ');
    expect(kit.tracking.calls).toHaveLength(0);
    expect(kit.slack.responses[0]).toMatchObject({ response_type: 'ephemeral' });
    expect(kit.slack.responses[0]?.text).toMatch(/^Usage: \/shipment/);
  });
});
