/**
 * `/shipwatch subscribe|subscriptions|unsubscribe` as use cases, with no Slack in sight: subscriptions as a list, the
 * write runner port recording the spec and running its write. A command outside a channel, or without the store, is
 * told so; a filter that does not read is the usage with its problem; subscribing writes under the command's key, and
 * a filter the channel already has is told as a note, not as a fault; ending one names it by number.
 */
import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import { hashOf } from '../../../../src/features/idempotency/index.js';
import {
  listFromCommand,
  subscribeFromCommand,
  unsubscribeFromCommand,
} from '../../../../src/features/subscriptions/subscription-requests.js';
import type { WriteSpec } from '../../../../src/features/writes/write-flow.js';
import type { RunWrite } from '../../../../src/features/writes/write-runner.js';
import { silentLogger } from '../../../../src/logger.js';
import type { SubscriptionRecord } from '../../../../src/store/index.js';
import type { Tenant } from '../../../../src/tenancy/index.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { WatchService } from '../../../../src/watch/index.js';

const REQUEST = { userId: 'U1', teamId: 'T1', channelId: 'C1', requestId: 'trigger-1' };

function world(options: { store?: boolean } = {}) {
  const listed: SubscriptionRecord[] = [];
  const subscriptions = {
    async subscribe(request: { filter: string; userId: string }) {
      const there = listed.find((item) => item.filter === request.filter);
      if (there) return { created: false, subscription: there };
      // SAFETY: the use cases read only these fields.
      const subscription = { id: `s${listed.length + 1}`, filter: request.filter } as SubscriptionRecord;
      listed.push(subscription);
      return { created: true, subscription };
    },
    async list() {
      return [...listed];
    },
    async unsubscribe(subscription: SubscriptionRecord) {
      const at = listed.indexOf(subscription);
      if (at < 0) return false;
      listed.splice(at, 1);
      return true;
    },
  };
  // SAFETY: subscribing only checks that an account is connected.
  const account = { id: 'acct-1', tracking: {} } as unknown as Tenant['account'];
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), account),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
    // SAFETY: the use cases read only `subscriptions`.
    ...(options.store === false ? {} : { watching: { subscriptions } as unknown as WatchService }),
  };
  const specs: Array<WriteSpec<unknown>> = [];
  const notes: Array<SlackMessage | null> = [];
  const runWrite: RunWrite = async (spec) => {
    specs.push(spec as WriteSpec<unknown>);
    try {
      spec.auditLine(await spec.write());
      return 'written';
    } catch (error) {
      notes.push((await spec.failureNotice?.(error)) ?? null);
      return 'failed';
    }
  };
  return { ctx, runWrite, specs, notes, listed };
}

describe('the subscription commands as use cases', () => {
  it('needs the store and a channel, and a filter that reads', async () => {
    const none = world({ store: false });
    expect((await listFromCommand(none.ctx, REQUEST)).kind).toBe('tell');
    const { ctx, runWrite, specs } = world();
    const nowhere = await subscribeFromCommand(ctx, runWrite, {
      ...REQUEST,
      channelId: null,
      text: 'tag:acme',
    });
    expect(nowhere).toMatchObject({
      kind: 'tell',
      message: { text: expect.stringContaining('belong to a channel') },
    });
    expect(await subscribeFromCommand(ctx, runWrite, { ...REQUEST, text: '' })).toMatchObject({
      kind: 'usage',
    });
    expect(await unsubscribeFromCommand(ctx, runWrite, { ...REQUEST, text: ' ' })).toEqual({
      kind: 'usage',
      problem: null,
    });
    expect(specs).toEqual([]);
  });

  it("subscribes under the command's key, and tells a filter already there as a note", async () => {
    const { ctx, runWrite, specs, notes, listed } = world();
    expect(await subscribeFromCommand(ctx, runWrite, { ...REQUEST, text: 'tag:acme' })).toEqual({
      kind: 'done',
    });
    expect(specs[0]).toMatchObject({
      action: 'shipwatch_subscribe',
      key: `command:T1:U1:subscribe:${hashOf(['tag:acme', 'trigger-1'])}`,
      target: 'tag:acme',
      what: 'which shipments this channel watches',
      actor: { userId: 'U1', teamId: 'T1' },
      channelId: 'C1',
    });
    expect(listed.map((item) => item.filter)).toEqual(['tag:acme']);
    await subscribeFromCommand(ctx, runWrite, { ...REQUEST, requestId: 'trigger-2', text: 'tag:acme' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).not.toBeNull();
  });

  it('ends a subscription by its number, and says when there is none by that name', async () => {
    const { ctx, runWrite, specs, notes, listed } = world();
    await subscribeFromCommand(ctx, runWrite, { ...REQUEST, text: 'tag:acme' });
    await unsubscribeFromCommand(ctx, runWrite, { ...REQUEST, requestId: 'trigger-2', text: '1' });
    expect(specs[1]).toMatchObject({
      action: 'shipwatch_unsubscribe',
      key: `command:T1:U1:unsubscribe:${hashOf(['1', 'trigger-2'])}`,
      target: '1',
    });
    expect(listed).toEqual([]);
    await unsubscribeFromCommand(ctx, runWrite, { ...REQUEST, requestId: 'trigger-3', text: '1' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).not.toBeNull();
  });
});
