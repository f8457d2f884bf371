/**
 * Taking a shipment mirrors its owner to the workspace's Terminal49 owner field as the person's name, since the
 * field is read by people outside Slack; their Slack user id only when the name cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import { takeShipment } from '../../../../src/features/alerts/own-alert.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { TrackingClient } from '../../../../src/tracking/tracking-client.js';
import type { WatchService } from '../../../../src/watch/index.js';
import { shipmentDetailFixture } from '../../../helpers/slack/model-fixtures.js';

const KEY = { teamId: 'T1', channelId: 'C1', shipmentId: 'shp-1' };

function world() {
  const detail = shipmentDetailFixture();
  const open = detail.containers.filter((box) => box.podFullOutAt === null);
  const written: Array<{ containerId: string; field: string; value: string }> = [];
  const tracking = {
    async setContainerCustomField(containerId: string, field: string, value: string) {
      written.push({ containerId, field, value });
    },
  } as unknown as TrackingClient; // SAFETY: taking a shipment calls only setContainerCustomField.
  const watching = {
    alerts: { take: async () => ({ before: null }) },
    lastReading: async () => detail,
  } as unknown as WatchService; // SAFETY: taking a shipment reads only `alerts.take` and `lastReading`.
  const config = loadConfig({ SHIPWATCH_OWNER_FIELD: 'ops_owner' });
  const tenant = singleTenant(config, { id: 'env', tracking });
  const ctx: FeatureContext = {
    tenant,
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
    watching,
  };
  return { ctx, written, open };
}

describe('the owner mirrored to Terminal49', () => {
  it("writes the person's name to the owner field of every box not yet picked up", async () => {
    const { ctx, written, open } = world();
    expect(open.length).toBeGreaterThan(0);
    const outcome = await takeShipment(ctx, KEY, 'U0ALICE', async () => 'Alice Martin');
    expect(outcome.mirror).toEqual({ field: 'ops_owner', written: open.length, tried: open.length });
    expect(written.map((write) => write.value)).toEqual(open.map(() => 'Alice Martin'));
    expect(new Set(written.map((write) => write.field))).toEqual(new Set(['ops_owner']));
  });

  it('writes their Slack user id when their name cannot be read, or they have none', async () => {
    for (const name of [
      async () => null,
      async (): Promise<string | null> => {
        throw new Error('users.info failed');
      },
    ]) {
      const { ctx, written, open } = world();
      await takeShipment(ctx, KEY, 'U0ALICE', name);
      expect(written.map((write) => write.value)).toEqual(open.map(() => 'U0ALICE'));
    }
  });
});
