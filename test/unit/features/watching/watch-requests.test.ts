/**
 * `/shipwatch watch|unwatch|watching` as use cases, with no Slack in sight: the lookup, the watch flows and the card
 * link are ports that record what they were asked. A number still being tracked, or not found, is said to the person
 * with no write; a shipment found is handed to the watch flow under the command's key; unwatching a number the channel
 * watches reads its own watch and spends no lookup; the list links each card through the port.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { LookUp } from '../../../../src/features/commands/command-request.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import { hashOf } from '../../../../src/features/idempotency/index.js';
import {
  unwatchFromCommand,
  watchFromCommand,
  watchingFromCommand,
} from '../../../../src/features/watching/watch-requests.js';
import { silentLogger } from '../../../../src/logger.js';
import type { Watch } from '../../../../src/store/index.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { Resolution } from '../../../../src/tracking/tracking-client.js';
import type { WatchService } from '../../../../src/watch/index.js';
import { shipmentDetailFixture } from '../../../helpers/slack/model-fixtures.js';

const REQUEST = { userId: 'U1', teamId: 'T1', channelId: 'C1', requestId: 'trigger-1' };
const typed = (query: string) => ({ ...REQUEST, parsed: { ok: true as const, value: { query } } });

function world(found: Resolution | null, watched: Partial<Watch> | null = null) {
  const looked: string[] = [];
  const lookUp = (async (subject: string) => {
    looked.push(subject);
    return found === null ? { ok: false } : { ok: true, value: found };
  }) as LookUp;
  const watching = {
    async findInChannel() {
      return watched;
    },
    async overview() {
      return {
        watched: 1,
        paused: 0,
        needAttention: 0,
        shown: [
          { shipmentNumber: 'MAEU1', detail: null, paused: null, card: { channelId: 'C1', ts: '1.2' } },
        ],
      };
    },
  };
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
    // SAFETY: the use cases read only these.
    watching: watching as unknown as WatchService,
  };
  const asked: unknown[] = [];
  const ports = {
    lookUp,
    watch: async (input: unknown) => void asked.push(input),
    unwatch: async (input: unknown) => void asked.push(input),
  };
  return { ctx, ports, looked, asked };
}

describe('the watch commands as use cases', () => {
  it('says a number still being tracked, or not found, to the person, with no write', async () => {
    const tracking = world({ kind: 'tracking_request' } as Resolution);
    const answer = await watchFromCommand(tracking.ctx, tracking.ports, typed('MAEU1'));
    expect(answer).toMatchObject({
      kind: 'tell',
      message: { text: expect.stringContaining('still being tracked') },
    });
    const missing = world({ kind: 'not_found', query: 'MAEU1', looksLike: 'bill_of_lading_or_booking' });
    expect((await watchFromCommand(missing.ctx, missing.ports, typed('MAEU1'))).kind).toBe('tell');
    expect([...tracking.asked, ...missing.asked]).toEqual([]);
  });

  it("hands a shipment found to the watch flow under the command's key", async () => {
    const detail = shipmentDetailFixture();
    const { ctx, ports, asked } = world({ kind: 'shipment', detail, matchedBy: 'number', container: null });
    expect(await watchFromCommand(ctx, ports, typed('MAEU1'))).toEqual({ kind: 'done' });
    expect(asked).toEqual([
      {
        teamId: 'T1',
        channelId: 'C1',
        userId: 'U1',
        key: `command:T1:U1:watch:${hashOf([detail.shipment.id, 'trigger-1'])}`,
        action: 'shipwatch_watch',
        detail,
        card: null,
      },
    ]);
  });

  it("unwatches the channel's own watch of a number without a lookup", async () => {
    const { ctx, ports, looked, asked } = world(null, { shipmentId: 'ship-1', shipmentNumber: 'MAEU1' });
    await unwatchFromCommand(ctx, ports, typed(' MAEU1 '));
    expect(looked).toEqual([]);
    expect(asked).toEqual([
      {
        teamId: 'T1',
        channelId: 'C1',
        userId: 'U1',
        key: `command:T1:U1:unwatch:${hashOf(['ship-1', 'trigger-1'])}`,
        action: 'shipwatch_unwatch',
        shipmentId: 'ship-1',
        shipmentNumber: 'MAEU1',
      },
    ]);
  });

  it('stops when the lookup failed (the person was told by the port)', async () => {
    const { ctx, ports, looked, asked } = world(null);
    expect(await unwatchFromCommand(ctx, ports, typed('MAEU1'))).toEqual({ kind: 'done' });
    expect(looked).toEqual(['MAEU1']);
    expect(asked).toEqual([]);
  });

  it('links each listed card through the port', async () => {
    const { ctx } = world(null);
    const links: unknown[] = [];
    const answer = await watchingFromCommand(
      ctx,
      (card) => {
        links.push(card);
        return 'https://example.slack.com/archives/C1/p12';
      },
      REQUEST,
    );
    expect(links).toEqual([{ channelId: 'C1', ts: '1.2' }]);
    expect(JSON.stringify(answer)).toContain('https://example.slack.com/archives/C1/p12');
  });
});
