import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { createSimulator, DEMO, type RunningSimulator } from '../../../src/simulator/index.js';

const simulator = createSimulator({ clock: fixedClock('2026-03-10T15:30:00Z') });
let running: RunningSimulator;
const auth = { authorization: `Token ${DEMO.apiKeys.full}` };
const shipmentPath = `/shipments/${DEMO.shipments.slippedEta.id}`;

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

beforeAll(async () => {
  running = await simulator.listen({ port: 0 });
});

afterAll(async () => {
  await running.close();
});

describe('the simulator over HTTP', () => {
  it('listens on 127.0.0.1 on the port the OS picked and serves under /v2', async () => {
    expect(running.url).toBe(`http://127.0.0.1:${running.port}/v2`);
    const response = await fetch(`${running.url}${shipmentPath}?include=containers`, { headers: auth });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { links: { self: string } };
    expect(body.links.self).toBe(`${running.url}${shipmentPath}?include=containers`);
  });

  it('takes request bodies and hands out download URLs that resolve on its own origin', async () => {
    const rotated = await fetch(`${running.url}/documents/${DEMO.documents.jpeg}/rotate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ degrees: 180 }),
    });
    expect(rotated.status).toBe(202);
    const { download_url: url } = (await (
      await fetch(`${running.url}/documents/${DEMO.documents.jpeg}/download_url`, { headers: auth })
    ).json()) as { download_url: string };
    expect(url.startsWith(`${running.url}/documents/`)).toBe(true);
    expect(url).toContain('rotation=180');
    const image = await fetch(url);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(image.headers.get('content-length'))).toBeGreaterThan(1000);
  });

  it('answers unknown routes with the HTML 404 page', async () => {
    const response = await fetch(`${running.url}/containers/x/route`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<!DOCTYPE html>');
  });

  it('destroys the socket on a reset fault, so the client sees a network error', async () => {
    simulator.faults.add({ kind: 'reset', match: { path: shipmentPath } });
    await expect(fetch(`${running.url}${shipmentPath}`, { headers: auth })).rejects.toThrow(TypeError);
    expect((await fetch(`${running.url}${shipmentPath}`, { headers: auth })).status).toBe(200);
  });

  it('never answers a hang fault until the client gives up', async () => {
    simulator.resetRequests();
    simulator.faults.add({ kind: 'hang' });
    const controller = new AbortController();
    const pending = fetch(`${running.url}${shipmentPath}`, { headers: auth, signal: controller.signal });
    await until(() => simulator.requests.length === 1);
    expect(simulator.requests[0]?.status).toBe(0);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends the malformed_json fault as a 200 with truncated JSON', async () => {
    simulator.faults.add({ kind: 'malformed_json' });
    const response = await fetch(`${running.url}${shipmentPath}`, { headers: auth });
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it('closes even while a request is hanging', async () => {
    const other = createSimulator({ clock: fixedClock('2026-03-10T15:30:00Z') });
    const server = await other.listen({ port: 0 });
    other.faults.add({ kind: 'hang' });
    const pending = fetch(`${server.url}${shipmentPath}`, { headers: auth }).catch((error: unknown) => error);
    await until(() => other.requests.length === 1);
    await server.close();
    expect(await pending).toBeInstanceOf(TypeError);
  });
});
