/**
 * An upstream that answers with far more than any API document (a runaway page, a hostile proxy) must not fill the
 * bot's memory: the transport stops reading past its cap and the read fails as a network error, without a retry.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingClient } from '../../../src/tracking/create-tracking-client.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import { createUndiciTransport } from '../../../src/tracking/http/transport.js';

describe('an answer larger than the cap', () => {
  let server: Server;
  let url = '';
  let requests = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      // 4 MiB of a JSON string, sent in chunks.
      res.write('{"data":"');
      for (let i = 0; i < 64; i++) res.write('x'.repeat(64 * 1024));
      res.end('"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails the read once, as a network error, after reading no more than the cap', async () => {
    const undici = createUndiciTransport({ maxResponseBytes: 256 * 1024 });
    const client = createTrackingClient({
      baseUrl: url,
      apiKey: 'k',
      transport: undici.transport,
      cacheTtlMs: 0,
    });
    const error = await client.getShipment('s-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackingApiError);
    expect((error as TrackingApiError).code).toBe('network');
    expect(requests).toBe(1);
    await undici.close();
  });
});
