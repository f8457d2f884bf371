import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { inSequence } from '../../../src/slack/middleware/in-sequence.js';
import { createDirectApp } from '../../helpers/slack/direct-app.js';
import { slashCommand } from '../../helpers/slack/payloads.js';

function setup(steps: (seen: string[]) => Middleware<AnyMiddlewareArgs>[]) {
  const { app, receiver } = createDirectApp('xoxb-unit');
  const seen: string[] = [];
  app.use(inSequence(...steps(seen)));
  app.command('/shipment', async ({ ack, context }) => {
    await ack();
    seen.push(`listener (marked ${String(context.marked ?? 'no')})`);
  });
  const deliver = () =>
    receiver.send({
      body: slashCommand({
        command: '/shipment',
        text: 'MAEU1',
        responseUrl: 'https://hooks.slack.test/r/1',
      }),
      ack: async () => {},
    });
  return { deliver, seen };
}

const step =
  (name: string, passOn = true): ((seen: string[]) => Middleware<AnyMiddlewareArgs>) =>
  (seen) =>
  async ({ next, context }) => {
    seen.push(`${name} before`);
    context.marked = name;
    if (passOn) await next();
    seen.push(`${name} after`);
  };

describe('global middlewares registered as one', () => {
  it('runs them in order around the listener, each finishing after the ones it let through', async () => {
    const { deliver, seen } = setup((seen) => [step('first')(seen), step('second')(seen)]);
    await deliver();
    expect(seen).toEqual([
      'first before',
      'second before',
      'listener (marked second)',
      'second after',
      'first after',
    ]);
  });

  it('stops at a middleware that does not call next: neither the later ones nor the listener run', async () => {
    const { deliver, seen } = setup((seen) => [
      step('first')(seen),
      step('refusing', false)(seen),
      step('third')(seen),
    ]);
    await deliver();
    expect(seen).toEqual(['first before', 'refusing before', 'refusing after', 'first after']);
  });
});
