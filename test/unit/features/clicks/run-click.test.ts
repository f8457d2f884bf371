import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { fixedClock } from '../../../../src/clock.js';
import {
  type ClickPorts,
  type ClickRequest,
  type ClickRule,
  runClick,
} from '../../../../src/features/clicks/run-click.js';
import type { Claims } from '../../../../src/features/writes/claims.js';
import type { WriteLedger } from '../../../../src/features/writes/write-ledger.js';
import { silentLogger } from '../../../../src/logger.js';
import { TrackingApiError } from '../../../../src/tracking/errors.js';

/** The click runner without Slack: the ack, the private answers and the handler are ports. */
function harness(options: { channels?: string[]; handle?: () => Promise<void> } = {}) {
  const held = new Set<string>();
  const claims: Claims = {
    claim: async (key) => {
      if (held.has(key)) return false;
      held.add(key);
      return true;
    },
    release: async (key) => void held.delete(key),
  };
  const ledger: WriteLedger = {
    begin: async () => true,
    written: async () => {},
    finish: async () => {},
    fail: async () => {},
  };
  const said: SlackMessage[] = [];
  const events: string[] = [];
  const ports: ClickPorts = {
    logger: silentLogger,
    clock: fixedClock('2026-03-02T10:00:00Z'),
    ledger,
    claims,
    windows: { redeliveryWindowMs: 300_000, inFlightMs: 60_000, duplicateWindowMs: 5_000 },
    settings: () => ({ channels: options.channels ?? [] }),
    earlyIntent: () => null,
    ack: async () => void events.push('ack'),
    tell: async (message) => void said.push(message),
    tellUnknownPerson: async (message) => void said.push(message),
    handle: async () => {
      events.push('handled');
      await options.handle?.();
    },
  };
  return { ports, said, events };
}

const click: ClickRequest = {
  teamId: 'T1',
  userId: 'U1',
  actionId: 'shipment_refresh',
  actionTs: '1.000001',
  value: 'ship-1',
  channelId: 'C1',
  messageTs: '1.000100',
};
const read: ClickRule = { access: 'read', onHome: false };

describe('runClick', () => {
  it('acknowledges first, then runs the handler', async () => {
    const { ports, events } = harness();
    await runClick(click, read, ports);
    expect(events).toEqual(['ack', 'handled']);
  });

  it('drops a re-sent payload and a repeated click without running the handler again', async () => {
    const { ports, events } = harness();
    await runClick(click, read, ports);
    await runClick(click, read, ports);
    await runClick({ ...click, actionTs: '1.000002' }, read, ports);
    expect(events.filter((event) => event === 'handled')).toHaveLength(1);
  });

  it('refuses a read outside the tenant’s channels, but not a click on Home', async () => {
    const refused = harness({ channels: ['C9'] });
    await runClick(click, read, refused.ports);
    expect(refused.events).toEqual(['ack']);
    expect(refused.said[0]?.text).toContain("isn't enabled in this channel");
    const home = harness({ channels: ['C9'] });
    await runClick({ ...click, channelId: null }, { access: 'read', onHome: true }, home.ports);
    expect(home.events).toEqual(['ack', 'handled']);
  });

  it('says privately that a button without a usable value or a person did nothing', async () => {
    const { ports, said, events } = harness();
    await runClick({ ...click, value: '' }, read, ports);
    await runClick({ ...click, userId: '' }, read, ports);
    expect(events).toEqual(['ack', 'ack']);
    expect(said.map((message) => message.text)).toEqual([
      expect.stringContaining("doesn't carry anything Shipwatch can look up"),
      expect.stringContaining("didn't say who clicked"),
    ]);
  });

  it('tells the person what failed and lets them click again', async () => {
    const failing = harness({
      handle: () =>
        Promise.reject(new TrackingApiError({ code: 'rate_limited', message: 'slow down', status: 429 })),
    });
    await runClick(click, read, failing.ports);
    expect(failing.said).toHaveLength(1);
    await runClick({ ...click, actionTs: '1.000002' }, read, failing.ports);
    expect(failing.events.filter((event) => event === 'handled')).toHaveLength(2);
  });
});
