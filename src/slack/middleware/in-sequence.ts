/**
 * Several global middlewares registered as one: each runs with the request's arguments and a `next` that runs the
 * following one, the last `next` being Bolt's. Bolt builds each middleware's arguments as
 * `{ ...args, next, context, client, logger }` from an object that lacks those four keys, a copy V8 takes a slow path
 * for (microseconds each, on every request); copying arguments that already have them, as here, stays fast.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';

export function inSequence(
  ...steps: readonly Middleware<AnyMiddlewareArgs>[]
): Middleware<AnyMiddlewareArgs> {
  return (args) => {
    const run = async (index: number): Promise<void> => {
      const step = steps[index];
      if (!step) return args.next();
      await step({ ...args, next: () => run(index + 1) });
    };
    return run(0);
  };
}
