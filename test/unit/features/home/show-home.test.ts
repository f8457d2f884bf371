/**
 * Showing Home without Slack: the use case publishes through its ports, and when the platform refuses the data_table
 * layout it publishes the same Home as sections and remembers the workspace's refusal; any other failure is the
 * caller's.
 */
import { describe, expect, it } from 'vitest';
import type { HomeView } from '../../../../src/cards/home/home-view.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import { createHomeNotes, memoryNoteCache } from '../../../../src/features/home/home-notes.js';
import { type HomePorts, showHome } from '../../../../src/features/home/show-home.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';

const REFUSED = new Error('invalid_blocks');

function world(publish: (view: HomeView) => Promise<void>) {
  const clock = fixedClock('2026-11-26T16:00:00Z');
  const ctx: FeatureContext = { tenant: singleTenant(loadConfig({}), null), clock, logger: silentLogger };
  const published: HomeView[] = [];
  const notes = createHomeNotes(memoryNoteCache(), clock);
  const ports: HomePorts = {
    notes,
    channels: async () => ['C1'],
    people: {
      member: async () => Promise.reject(new Error('nobody')),
      groupMembers: async () => new Set(),
    },
    home: () => null,
    admin: null,
    publish: async (view) => {
      published.push(view);
      await publish(view);
    },
    refusedBlocks: (error) => error === REFUSED,
    permalink: async () => null,
  };
  return { ctx, ports, notes, published };
}

describe('showing a Home', () => {
  it('publishes once, with data_table first, and welcomes the person the first time only', async () => {
    const { ctx, ports, notes, published } = world(async () => {});
    await showHome(ctx, ports, { teamId: 'T1', userId: 'U1' });
    expect(published).toHaveLength(1);
    expect(await notes.layout('T1')).toBe('data_table');
    expect(await notes.firstOpen('T1', 'U1')).toBe(false);
  });

  it('publishes again as sections when the platform refuses data_table, and remembers it for the workspace', async () => {
    let calls = 0;
    const { ctx, ports, notes, published } = world(async () => {
      calls += 1;
      if (calls === 1) throw REFUSED;
    });
    await showHome(ctx, ports, { teamId: 'T1', userId: 'U1' });
    expect(published).toHaveLength(2);
    expect(await notes.layout('T1')).toBe('sections');
    expect(await notes.layout('T2')).toBe('data_table');
  });

  it('leaves any other failure to the caller, and remembers no refusal', async () => {
    const failure = new Error('rate_limited');
    const { ctx, ports, notes, published } = world(async () => Promise.reject(failure));
    await expect(showHome(ctx, ports, { teamId: 'T1', userId: 'U1' })).rejects.toBe(failure);
    expect(published).toHaveLength(1);
    expect(await notes.layout('T1')).toBe('data_table');
  });
});
