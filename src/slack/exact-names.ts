/**
 * A pattern that matches exactly one of `names`, for registering one Bolt listener that routes on the name itself.
 * Bolt runs every registered listener's matchers for every request, and each step copies the request's arguments
 * (`{ ...args, next, context, client, logger }`, a slow path in V8 that costs microseconds a copy), so a listener
 * per command, form or event made every request pay for all of them (bench/profile.ts).
 */
export function exactNames(names: readonly string[]): RegExp {
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(?:${escaped.join('|')})$`);
}
