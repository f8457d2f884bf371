import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdjustableClock, fixedClock } from '../../../src/clock.js';
import type { DemoTimeControl } from '../../../src/workspace/demo-time.js';
import { startWorkspaceServer, type WorkspaceServer } from '../../../src/workspace/workspace-server.js';

const servers: WorkspaceServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function workspaceWithDemoTime(): Promise<{
  server: WorkspaceServer;
  control: DemoTimeControl;
  ticks: () => number;
}> {
  let ticks = 0;
  const control: DemoTimeControl = {
    clock: createAdjustableClock(fixedClock('2026-03-10T15:30:00Z')),
    tick: () => {
      ticks += 1;
    },
  };
  const server = await startWorkspaceServer({ port: 0, demoTime: control });
  servers.push(server);
  return { server, control, ticks: () => ticks };
}

/** A POST with exactly the headers given (fetch would not let a test forge Origin the way a browser sends it). */
function rawPost(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /ui/demo-time', () => {
  it('reads demo time with an empty body', async () => {
    const { server, ticks } = await workspaceWithDemoTime();
    const response = await postJson(`${server.url}/ui/demo-time`, {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      now: '2026-03-10T15:30:00.000Z',
      rate: 1,
      playing: false,
    });
    expect(ticks()).toBe(1);
  });

  it('advances the shared clock by an hour or a day and ticks the simulator at once', async () => {
    const { server, control, ticks } = await workspaceWithDemoTime();
    await postJson(`${server.url}/ui/demo-time`, { advanceMs: 3_600_000 });
    const response = await postJson(`${server.url}/ui/demo-time`, { advanceMs: 86_400_000 });
    expect(await response.json()).toMatchObject({ now: '2026-03-11T16:30:00.000Z' });
    expect(control.clock.now().toISOString()).toBe('2026-03-11T16:30:00.000Z');
    expect(ticks()).toBe(2);
  });

  it('plays at an hour per second and pauses', async () => {
    const { server, control } = await workspaceWithDemoTime();
    expect(await (await postJson(`${server.url}/ui/demo-time`, { play: true })).json()).toMatchObject({
      rate: 3_600,
      playing: true,
    });
    expect(control.clock.rate).toBe(3_600);
    expect(await (await postJson(`${server.url}/ui/demo-time`, { pause: true })).json()).toMatchObject({
      rate: 1,
      playing: false,
    });
  });

  it.each([[{ advanceMs: -5 }], [{ advanceMs: 30 * 86_400_000 }], [{ play: 100 }], [{ rewind: true }]])(
    'refuses %j with 400 and leaves the clock alone',
    async (body) => {
      const { server, control } = await workspaceWithDemoTime();
      const response = await postJson(`${server.url}/ui/demo-time`, body);
      expect(response.status).toBe(400);
      expect(control.clock.now().toISOString()).toBe('2026-03-10T15:30:00.000Z');
    },
  );

  it('refuses a cross-site text/plain POST with 403 and does not move the clock', async () => {
    const { server, control, ticks } = await workspaceWithDemoTime();
    const answer = await rawPost(
      `${server.url}/ui/demo-time`,
      { origin: 'https://evil.example', 'content-type': 'text/plain', host: new URL(server.url).host },
      '{"advanceMs":86400000}',
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, error: 'cross_origin' });
    expect(control.clock.now().toISOString()).toBe('2026-03-10T15:30:00.000Z');
    expect(ticks()).toBe(0);
  });

  it('accepts the page’s own origin, and refuses a same-origin body that is not declared JSON with 415', async () => {
    const { server } = await workspaceWithDemoTime();
    const own = { origin: server.url, host: new URL(server.url).host };
    expect(
      (await rawPost(`${server.url}/ui/demo-time`, { ...own, 'content-type': 'application/json' }, '{}'))
        .status,
    ).toBe(200);
    expect(
      (await rawPost(`${server.url}/ui/demo-time`, { ...own, 'content-type': 'text/plain' }, '{}')).status,
    ).toBe(415);
  });

  it('does not exist when the workspace was started without demo time', async () => {
    const server = await startWorkspaceServer({ port: 0 });
    servers.push(server);
    const response = await postJson(`${server.url}/ui/demo-time`, {});
    expect(response.status).toBe(404);
  });

  it('puts the control on the page, hidden until the server says there is demo time', async () => {
    const { server } = await workspaceWithDemoTime();
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toMatch(/<fieldset class="demo-time"[^>]*data-testid="demo-time"[^>]*hidden>/);
    for (const id of ['demo-time-now', 'demo-time-hour', 'demo-time-day', 'demo-time-play']) {
      expect(html).toContain(`data-testid="${id}"`);
    }
  });
});
