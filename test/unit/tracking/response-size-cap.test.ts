/**
 * An upstream that answers with far more than any API document (a runaway page, a hostile proxy) must not fill the
 * bot's memory: the transport stops reading past its cap and the read fails as a network error, without a retry.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingClient } from '../../../src/tracking/create-tracking-client.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import { createUndiciTransport, MAX_RESPONSE_BYTES } from '../../../src/tracking/http/transport.js';

describe('an answer larger than the cap', () => {
  let server: Server;
  let url = '';
  let requests = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      // 4 MiB of a JSON string, sent in chunks; 12 MiB for /huge, beyond the shipped cap (8 MiB).
      const chunks = req.url?.includes('huge') ? 192 : 64;
      res.write('{"data":"');
      for (let i = 0; i < chunks; i++) res.write('x'.repeat(64 * 1024));
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

  it('caps a client built with the shipped defaults too, and the client keeps serving afterwards', async () => {
    requests = 0;
    const client = createTrackingClient({ baseUrl: url, apiKey: 'k', cacheTtlMs: 0 });
    try {
      const error = await client.getShipment('huge').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TrackingApiError);
      expect((error as TrackingApiError).code).toBe('network');
      expect(requests).toBe(1);
      // Under the cap (4 MiB) the same client reads the answer: the body is read, then found not to be a document.
      const next = await client.getShipment('s-2').catch((e: unknown) => e);
      expect((next as TrackingApiError).code).toBe('bad_response');
      expect(MAX_RESPONSE_BYTES).toBe(8 * 1024 * 1024);
    } finally {
      await client.close();
    }
  });
});
