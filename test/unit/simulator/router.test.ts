import { describe, expect, it } from 'vitest';
import { createRouter, type RouteDefinition } from '../../../src/simulator/router.js';

const answer = (name: string) => () => new Response(name);

function route(method: RouteDefinition['method'], pattern: string): RouteDefinition {
  return { method, pattern, handler: answer(`${method} ${pattern}`) };
}

describe('the route table', () => {
  it('prefers a literal segment to a parameter, whatever order the table lists them in', () => {
    const router = createRouter([
      route('GET', '/webhooks/:id'),
      route('GET', '/webhooks/events'),
      route('GET', '/webhooks/ips'),
    ]);
    expect(router.match('GET', '/webhooks/events')?.route.pattern).toBe('/webhooks/events');
    expect(router.match('GET', '/webhooks/ips')?.route.pattern).toBe('/webhooks/ips');
    expect(router.match('GET', '/webhooks/abc')?.params).toEqual({ id: 'abc' });
  });

  it('decides at the first segment that differs, so a deeper literal does not win over an earlier one', () => {
    const router = createRouter([
      route('GET', '/:kind/examples'),
      route('GET', '/webhook_notifications/:id'),
    ]);
    expect(router.match('GET', '/webhook_notifications/examples')?.route.pattern).toBe(
      '/webhook_notifications/:id',
    );
  });

  it('matches the method too and decodes parameters', () => {
    const router = createRouter([route('GET', '/ports/:id'), route('POST', '/ports/:id')]);
    expect(router.match('POST', '/ports/US%20LAX')?.params).toEqual({ id: 'US LAX' });
    expect(router.match('PATCH', '/ports/USLAX')).toBeNull();
    expect(router.match('GET', '/ports/%E0%A4%A')).toBeNull();
  });
});
