/**
 * The simulator's accounts, one world each. `demo` exists from the start; `demo-b` is built the first time one of
 * its keys (or a webhook for it) is used, from the same anchor and seed, so it is the same account whenever it is
 * first asked for, and a simulator nobody asks about it costs nothing for it. Steps that fell due before it was
 * built are applied then, silently: no webhook of it could have been registered to hear them.
 */
import type { AdjustableClock } from '../../clock.js';
import type { AccountName } from '../auth.js';
import type { ChangeEvent } from '../timeline/change-events.js';
import type { WebhookDeliveries } from '../webhooks/deliveries.js';
import { type AccountWorld, createAccountWorld } from './account-world.js';
import { type DemoDatasetOptions, seedDemoAccount, seedSecondAccount } from './datasets.js';

export interface Accounts {
  /** The account's world, built on first use. */
  world(name: AccountName): AccountWorld;
  /** Applies what became due in every account built so far; returns their change events, `demo` first. */
  tick(now: Date): ChangeEvent[];
  /** The earliest next change over the accounts built so far. */
  nextChangeAt(): string | null;
}

export interface AccountsOptions {
  clock: AdjustableClock;
  anchor: Date;
  deliveries: WebhookDeliveries;
  demo: DemoDatasetOptions;
}

export function createAccounts(options: AccountsOptions): Accounts {
  const { clock, anchor, deliveries } = options;
  const worlds = new Map<AccountName, AccountWorld>();
  const build = (name: AccountName): AccountWorld =>
    createAccountWorld({
      name,
      clock,
      anchor,
      deliveries,
      seed: (store) =>
        name === 'demo' ? seedDemoAccount(store, anchor, options.demo) : seedSecondAccount(store, anchor),
    });
  worlds.set('demo', build('demo'));
  return {
    world(name) {
      let world = worlds.get(name);
      if (!world) {
        world = build(name);
        worlds.set(name, world);
        world.tick(clock.now());
      }
      return world;
    },
    tick(now) {
      return [...worlds.values()].flatMap((world) => world.tick(now));
    },
    nextChangeAt() {
      const next = [...worlds.values()].flatMap((world) => world.nextChangeAt() ?? []).sort();
      return next[0] ?? null;
    },
  };
}
