import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import type { CsvDelivery, CsvFile } from '../../../../src/features/home/csv-delivery.js';
import { sendWatchingCsv } from '../../../../src/features/home/watching-csv.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { WatchService } from '../../../../src/watch/index.js';

function world(watching?: WatchService) {
  const told: SlackMessage[] = [];
  const sent: CsvFile[] = [];
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
    ...(watching ? { watching } : {}),
  };
  const delivery: CsvDelivery = {
    people: { member: () => Promise.reject(new Error('nobody asked')) },
    sendFile: async (file) => void sent.push(file),
    tell: async (message) => void told.push(message),
  };
  return { ctx, delivery, told, sent };
}

describe("the CSV of a channel's watched containers", () => {
  it('says watching needs the store when there is none, and sends nothing', async () => {
    const { ctx, delivery, told, sent } = world();
    await sendWatchingCsv(ctx, { teamId: 'T1', userId: 'U1', channelId: 'C1' }, delivery);
    expect(told).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('says which list it could not send when the button names no channel', async () => {
    // SAFETY: a button naming no channel never reads the watches.
    const { ctx, delivery, told, sent } = world({} as WatchService);
    await sendWatchingCsv(ctx, { teamId: 'T1', userId: 'U1', channelId: 'not a channel' }, delivery);
    expect(told[0]?.text).toContain("doesn't say which channel's list to send");
    expect(sent).toEqual([]);
  });
});
