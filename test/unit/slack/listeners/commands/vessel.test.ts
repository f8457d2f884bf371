import { describe, expect, it } from 'vitest';
import { TrackingApiError } from '../../../../../src/tracking/errors.js';
import type { VesselWindow } from '../../../../../src/tracking/tracking-client.js';
import { createCommandKit, KIT_NOW } from '../../../../helpers/slack/command-kit.js';
import { vesselFixture } from '../../../../helpers/slack/model-fixtures.js';

describe('/vessel', () => {
  it('asks for the last 7 days of positions and posts the vessel card', async () => {
    const vessel = vesselFixture();
    const kit = createCommandKit({ tracking: { getVessel: async () => vessel } });
    await kit.invoke('/vessel', `IMO ${vessel.imo}`);
    const [call] = kit.tracking.callsTo('getVessel');
    expect(call?.args[0]).toBe(vessel.imo);
    expect(call?.args[1]).toEqual({
      from: '2026-03-03T12:00:00.000Z',
      to: new Date(KIT_NOW).toISOString(),
      withPositions: true,
    });
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(1);
  });

  it('fetches the vessel again without positions when the routing feature is off, and says so', async () => {
    const vessel = { ...vesselFixture(), positions: null };
    const kit = createCommandKit({
      tracking: {
        getVessel: async (_id: string, window?: VesselWindow) => {
          if (window?.withPositions) {
            throw new TrackingApiError({
              code: 'feature_not_enabled',
              message: 'Routing data is not enabled',
              status: 403,
            });
          }
          return vessel;
        },
      },
    });
    await kit.invoke('/vessel', vessel.id);
    expect(kit.tracking.callsTo('getVessel').map((call) => call.args.length)).toEqual([2, 1]);
    const [post] = kit.slack.callsTo('chat.postMessage');
    expect(JSON.stringify(post?.args.blocks)).toMatch(/[Rr]outing/);
  });

  it('shows an error card privately for any other failure', async () => {
    const kit = createCommandKit({
      tracking: {
        getVessel: async () => {
          throw new TrackingApiError({ code: 'not_found', message: 'no vessel', status: 404 });
        },
      },
    });
    await kit.invoke('/vessel', '0000000');
    expect(kit.tracking.callsTo('getVessel')).toHaveLength(1);
    expect(kit.slack.responses[0]?.response_type).toBe('ephemeral');
  });
});
