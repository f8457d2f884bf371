import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import {
  type ApiContext,
  buildUrl,
  getJson,
  segment,
  sendJson,
} from '../../../src/tracking/endpoints/context.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import { createReadThrough } from '../../../src/tracking/http/read-through.js';
import type { RequestExecutor } from '../../../src/tracking/http/request-executor.js';
import { createTtlCache } from '../../../src/tracking/http/ttl-cache.js';
import { listDocument } from './helpers/documents.js';
import { createTestClient } from './helpers/test-client.js';

const HALF_EMOJI = '\uD83D';

function contextWith(execute: RequestExecutor): ApiContext {
  const clock = fixedClock('2026-03-01T12:00:00Z');
  return {
    baseUrl: 'https://api.test/v2',
    execute,
    reads: createReadThrough(createTtlCache({ ttlMs: 0, clock })),
    clock,
    logger: silentLogger,
  };
}

const answering =
  (text: string): RequestExecutor =>
  async () => ({ status: 200, headers: {}, text, receivedAt: new Date('2026-03-01T12:00:00Z') });

describe('building request URLs from what people typed', () => {
  it('replaces an unpaired surrogate with U+FFFD instead of throwing URIError', () => {
    expect(buildUrl('https://api.test/v2', '/shipments', { number: `MAEU1${HALF_EMOJI}` })).toBe(
      'https://api.test/v2/shipments?number=MAEU1%EF%BF%BD',
    );
    expect(segment(`\uDC00id${HALF_EMOJI}`)).toBe('%EF%BF%BDid%EF%BF%BD');
  });

  it('keeps a well-formed emoji (a surrogate pair) as it is', () => {
    expect(segment('a😀b')).toBe(encodeURIComponent('a😀b'));
  });

  it('keeps every id inside one path segment', () => {
    expect(segment('../containers/x?y=1#z')).toBe('..%2Fcontainers%2Fx%3Fy%3D1%23z');
  });
});

describe('the client asked for a number with half an emoji', () => {
  it('sends the lookup and reports an empty result instead of crashing', async () => {
    const { client, time, requests } = createTestClient(() => ({ status: 200, body: listDocument([]) }));
    await expect(time.settle(client.findShipmentsByNumber(`MAEU1${HALF_EMOJI}`))).resolves.toEqual([]);
    expect(requests[0]?.url.searchParams.get('number')).toBe('MAEU1\uFFFD');
  });
});

describe('failures that are not the API’s', () => {
  it('reports a parser that throws something other than a TrackingApiError as bad_response', async () => {
    const ctx = contextWith(answering('{"data":[]}'));
    const read = getJson(ctx, {
      path: '/shipments',
      parse: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'attributes')");
      },
      tags: () => [],
    });
    await expect(read).rejects.toBeInstanceOf(TrackingApiError);
    await expect(read).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('turns a transport that throws a plain Error into a TrackingApiError, for reads and writes', async () => {
    const { client, time } = createTestClient(() => {
      throw new Error('socket exploded');
    });
    const read = time.settle(client.getShipment('shp-1'));
    await expect(read).rejects.toBeInstanceOf(TrackingApiError);
    await expect(read).rejects.toMatchObject({ code: 'network' });
    const write = time.settle(client.rotateDocument('doc-1', 90));
    await expect(write).rejects.toBeInstanceOf(TrackingApiError);
  });

  it('passes a TrackingApiError from the executor through unchanged', async () => {
    const original = new TrackingApiError({
      code: 'rate_limited',
      message: 'slow down',
      retryAfterSeconds: 3,
    });
    const ctx = contextWith(async () => {
      throw original;
    });
    await expect(
      sendJson(ctx, { method: 'PATCH', path: '/tracking_requests/x', body: {}, invalidates: [] }),
    ).rejects.toBe(original);
  });
});
