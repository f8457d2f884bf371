/**
 * Watching and unwatching as the person's write, with no Slack in sight: a place where nothing can be watched is said
 * to the person before anything is written, and a watch that can start is handed to the write runner as a write of
 * Shipwatch's own state, by the person, in the channel's workspace.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import type { Conversation } from '../../../../src/features/conversation.js';
import { startWatching } from '../../../../src/features/watching/start-watching.js';
import { stopWatching } from '../../../../src/features/watching/stop-watching.js';
import { WATCHES_WHAT } from '../../../../src/features/watching/watches-what.js';
import type { WriteSpec } from '../../../../src/features/writes/write-flow.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { WatchService } from '../../../../src/watch/index.js';
import { shipmentDetailFixture } from '../../../helpers/slack/model-fixtures.js';

function world(options: { store?: boolean } = {}) {
  const told: string[] = [];
  const specs: Array<WriteSpec<unknown>> = [];
  const conversation = {
    async tell(message) {
      told.push(message.text);
    },
  } as Conversation; // SAFETY: before the write, watching only tells the person.
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
    // SAFETY: nothing is written here (the runner only records the spec), so the service is never called.
    ...(options.store === false ? {} : { watching: {} as WatchService }),
  };
  const ports = {
    conversation,
    async runWrite<R>(spec: WriteSpec<R>) {
      specs.push(spec as WriteSpec<unknown>);
      return 'written' as const;
    },
    cardLink: (shipmentId: string) => `https://shipwatch.example/s/${shipmentId}`,
  };
  return { ctx, ports, told, specs };
}

const WATCH = {
  teamId: 'T1',
  channelId: 'C1',
  userId: 'U1',
  card: null,
  key: 'button:T1:C1:1700000000.000100',
  action: 'shipment_watch',
};

describe('watching as the person’s write', () => {
  it('says a shipment is watched in a channel, and writes nothing, when asked outside one', async () => {
    const { ctx, ports, told, specs } = world();
    await startWatching(ctx, ports, { ...WATCH, channelId: null, detail: shipmentDetailFixture() });
    expect(told).toEqual([
      'Shipments are watched in a channel. Use this in the channel that should get the updates.',
    ]);
    expect(specs).toHaveLength(0);
  });

  it('says watching needs the store when the process has none', async () => {
    const { ctx, ports, told, specs } = world({ store: false });
    await stopWatching(ctx, ports, {
      ...WATCH,
      shipmentId: 'ship-1',
      shipmentNumber: 'MAEU123',
    });
    expect(told).toHaveLength(1);
    expect(specs).toHaveLength(0);
  });

  it('hands the runner a write of which shipments the channel watches, by the person, in the channel', async () => {
    const { ctx, ports, told, specs } = world();
    const detail = shipmentDetailFixture();
    await startWatching(ctx, ports, { ...WATCH, detail });
    expect(told).toHaveLength(0);
    expect(specs).toEqual([
      expect.objectContaining({
        action: 'shipment_watch',
        key: WATCH.key,
        target: detail.shipment.id,
        what: WATCHES_WHAT,
        actor: { userId: 'U1', teamId: 'T1' },
        channelId: 'C1',
      }),
    ]);
  });
});
