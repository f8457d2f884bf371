import { describe, expect, it } from 'vitest';
import { VIEW } from '../../../../../src/cards/ids.js';
import { TrackingApiError } from '../../../../../src/tracking/errors.js';
import type { TrackingRequestUpdate } from '../../../../../src/tracking/models.js';
import { createCommandKit } from '../../../../helpers/slack/command-kit.js';
import { trackingRequestDetailFixture } from '../../../../helpers/slack/model-fixtures.js';

describe('/track-edit <id>', () => {
  it('opens the loading modal before any API call, then fills in the edit form', async () => {
    const detail = trackingRequestDetailFixture();
    const kit = createCommandKit({ tracking: { getTrackingRequest: async () => detail } });
    await kit.invoke('/track-edit', detail.trackingRequest.id);
    const methods = kit.slack.calls.map((call) => call.method);
    expect(methods[0]).toBe('views.open');
    expect(kit.slack.calls[0]?.args).toMatchObject({
      trigger_id: 'TRIGGER-1',
      view: { callback_id: VIEW.loading },
    });
    const [update] = kit.slack.callsTo('views.update');
    expect(update?.args).toMatchObject({
      view_id: expect.any(String),
      view: { callback_id: VIEW.trackEdit },
    });
    const view = update?.args.view as { private_metadata?: string } | undefined; // SAFETY: a recorded view JSON.
    expect(JSON.parse(String(view?.private_metadata))).toMatchObject({
      trackingRequestId: detail.trackingRequest.id,
      channelId: 'C0OPS',
    });
  });

  it('replaces the loading modal with a notice when the tracking request cannot be read', async () => {
    const kit = createCommandKit({
      tracking: {
        getTrackingRequest: async () => {
          throw new TrackingApiError({ code: 'not_found', message: 'no such request', status: 404 });
        },
      },
    });
    await kit.invoke('/track-edit', 'nope');
    const [update] = kit.slack.callsTo('views.update');
    expect(update?.args.view).toMatchObject({ callback_id: VIEW.loading, close: { text: 'Close' } });
  });

  it('shows a guest why the form is not for them instead of the form', async () => {
    const detail = trackingRequestDetailFixture();
    const kit = createCommandKit({ tracking: { getTrackingRequest: async () => detail } });
    kit.slack.setUser({ id: 'U0GUEST', isRestricted: true });
    await kit.invoke('/track-edit', detail.trackingRequest.id, { userId: 'U0GUEST' });
    const [update] = kit.slack.callsTo('views.update');
    expect(update?.args.view).toMatchObject({ callback_id: VIEW.loading });
    expect(JSON.stringify(update?.args.view)).toContain('Guests');
  });

  it('tells the caller privately when the trigger expired before the modal could open', async () => {
    const kit = createCommandKit();
    kit.slack.failNext('views.open', { kind: 'platform', error: 'expired_trigger_id' });
    await kit.invoke('/track-edit', 'abc-123');
    expect(kit.tracking.calls).toHaveLength(0);
    expect(kit.slack.responses[0]?.text).toContain('/track-edit abc-123 ref=');
  });
});

describe('/track-edit <id> ref=… tags=…', () => {
  it('writes once, posts the tracking-request card and an audit line in its thread', async () => {
    const detail = trackingRequestDetailFixture();
    const updates: TrackingRequestUpdate[] = [];
    const kit = createCommandKit({
      tracking: {
        updateTrackingRequest: async (_id: string, update: TrackingRequestUpdate) => {
          updates.push(update);
          return { ...detail.trackingRequest, refNumbers: ['PO 42'], tags: ['urgent', 'late'] };
        },
        getTrackingRequest: async () => detail,
      },
    });
    await kit.invoke('/track-edit', `${detail.trackingRequest.id} ref="PO 42" tags=urgent,late`);
    expect(updates).toEqual([{ refNumber: 'PO 42', tags: ['urgent', 'late'] }]);
    const [card, audit] = kit.slack.callsTo('chat.postMessage');
    expect(card?.args.channel).toBe('C0OPS');
    expect(audit?.args).toMatchObject({ channel: 'C0OPS', thread_ts: expect.any(String) });
    expect(String(audit?.args.text)).toContain('<@U0ALICE>');
    expect(String(audit?.args.text)).toContain('PO 42');
    expect(kit.logs.some((line) => line.msg === 'write' && line.outcome === 'ok')).toBe(true);
  });

  it('asks before clearing the ref with `ref=`, and writes nothing yet', async () => {
    const detail = trackingRequestDetailFixture();
    const updates: TrackingRequestUpdate[] = [];
    const kit = createCommandKit({
      tracking: {
        updateTrackingRequest: async (_id: string, update: TrackingRequestUpdate) => {
          updates.push(update);
          return detail.trackingRequest;
        },
        getTrackingRequest: async () => detail,
      },
    });
    await kit.invoke('/track-edit', `${detail.trackingRequest.id} ref=`);
    expect(updates).toEqual([]);
    expect(kit.slack.responses[0]).toMatchObject({ response_type: 'ephemeral' });
    expect(JSON.stringify(kit.slack.responses[0]?.blocks)).toContain('track_edit_clear_ref');
  });

  it('refuses a guest without writing anything', async () => {
    const kit = createCommandKit();
    kit.slack.setUser({ id: 'U0GUEST', isUltraRestricted: true });
    await kit.invoke('/track-edit', 'abc-123 ref=PO-1', { userId: 'U0GUEST' });
    expect(kit.tracking.callsTo('updateTrackingRequest')).toHaveLength(0);
    expect(kit.slack.responses[0]).toMatchObject({ response_type: 'ephemeral' });
    expect(kit.logs.some((line) => line.outcome === 'denied:guest')).toBe(true);
  });

  it('refuses people outside SHIPWATCH_EDITORS when the list is set', async () => {
    const kit = createCommandKit({ env: { SHIPWATCH_EDITORS: 'U0BOSS' } });
    await kit.invoke('/track-edit', 'abc-123 tags=a');
    expect(kit.tracking.callsTo('updateTrackingRequest')).toHaveLength(0);
    expect(kit.logs.some((line) => line.outcome === 'denied:not_editor')).toBe(true);
  });

  it('shows an error card privately when the API refuses the write, and does not retry it', async () => {
    const kit = createCommandKit({
      tracking: {
        updateTrackingRequest: async () => {
          throw new TrackingApiError({ code: 'forbidden', message: 'read-only key', status: 403 });
        },
      },
    });
    await kit.invoke('/track-edit', 'abc-123 tags=a');
    expect(kit.tracking.callsTo('updateTrackingRequest')).toHaveLength(1);
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(0);
    expect(kit.slack.responses[0]?.response_type).toBe('ephemeral');
    expect(kit.logs.some((line) => line.outcome === 'failed:forbidden')).toBe(true);
  });

  it('names an unknown field in the usage', async () => {
    const kit = createCommandKit();
    await kit.invoke('/track-edit', 'abc-123 colour=blue');
    expect(JSON.stringify(kit.slack.responses[0]?.blocks)).toContain('colour');
    expect(kit.tracking.calls).toHaveLength(0);
  });
});
