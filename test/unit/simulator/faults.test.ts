import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, one } from './support.js';

const shipmentPath = `/shipments/${DEMO.shipments.slippedEta.id}`;

describe('scripted faults in process', () => {
  it('hangs until the request is aborted, then rejects like fetch', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'hang' });
    const controller = new AbortController();
    const pending = call(simulator, shipmentPath, { signal: controller.signal });
    let settled = false;
    void pending
      .catch(() => undefined)
      .finally(() => {
        settled = true;
      });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    controller.abort(new DOMException('timed out', 'TimeoutError'));
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(simulator.requests.at(-1)).toMatchObject({ path: shipmentPath, status: 0 });
  });

  it('rejects a reset like a network error with ECONNRESET as the cause', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'reset' });
    await expect(call(simulator, shipmentPath)).rejects.toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      cause: { code: 'ECONNRESET' },
    });
  });

  it('answers malformed_json with a 200 whose body is truncated JSON', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'malformed_json' });
    const result = await call(simulator, shipmentPath);
    expect(result.status).toBe(200);
    expect(result.text.startsWith('{"data":{')).toBe(true);
    expect(() => JSON.parse(result.text)).toThrow(SyntaxError);
  });

  it('answers html_404 with the Rails HTML page', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'html_404' });
    const result = await call(simulator, shipmentPath);
    expect(result.status).toBe(404);
    expect(result.headers.get('content-type')).toContain('text/html');
  });

  it('answers status faults with the given status, body and Retry-After', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'status', status: 429, retryAfterSeconds: 7 });
    simulator.faults.add({ kind: 'status', status: 502, body: { errors: [{ title: 'Bad gateway' }] } });
    simulator.faults.add({ kind: 'status', status: 500, body: '<html>oops</html>' });
    const limited = await call(simulator, shipmentPath);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body).toMatchObject({ errors: [{ status: '429', title: 'Too Many Requests' }] });
    expect((await call(simulator, shipmentPath)).body).toEqual({ errors: [{ title: 'Bad gateway' }] });
    const html = await call(simulator, shipmentPath);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect((await call(simulator, shipmentPath)).status).toBe(200);
  });

  it('removes a required attribute on missing_fields but keeps a valid envelope', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'missing_fields' });
    const shipment = one(await call(simulator, shipmentPath));
    expect(shipment.type).toBe('shipment');
    expect(shipment.attributes).not.toHaveProperty('bill_of_lading_number');
    expect(shipment.attributes).toHaveProperty('pod_eta_at');
  });

  it('drops the download_url member of the plain download body on missing_fields', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'missing_fields', match: { path: /\/download_url$/ } });
    const result = await call(simulator, `/documents/${DEMO.documents.png}/download_url`);
    expect(result.body).toEqual({});
  });

  it('delays a response by delayMs and then serves it', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'delay', delayMs: 5 });
    expect((await call(simulator, shipmentPath)).status).toBe(200);
  });

  it('matches faults by method and path and fires each only as many times as asked', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({
      kind: 'status',
      status: 503,
      match: { method: 'post', path: /\/rotate$/ },
      times: 2,
    });
    expect((await call(simulator, shipmentPath)).status).toBe(200);
    const rotate = { method: 'POST', body: { degrees: 90 } };
    const path = `/documents/${DEMO.documents.png}/rotate`;
    expect((await call(simulator, path, rotate)).status).toBe(503);
    expect((await call(simulator, path, rotate)).status).toBe(503);
    expect((await call(simulator, path, rotate)).status).toBe(202);
  });

  it('forgets every armed fault on clear', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'status', status: 500, times: 10 });
    simulator.faults.clear();
    expect((await call(simulator, shipmentPath)).status).toBe(200);
  });

  it('matches a string path exactly, without the /v2 prefix', async () => {
    const simulator = demoSimulator();
    simulator.faults.add({ kind: 'status', status: 500, match: { path: shipmentPath } });
    expect((await call(simulator, `${shipmentPath}x`)).status).toBe(404);
    expect((await call(simulator, shipmentPath)).status).toBe(500);
  });
});
