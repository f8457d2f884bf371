import { describe, expect, it } from 'vitest';
import { parseApiErrorBody } from '../../../src/tracking/http/api-error-body.js';
import {
  sanitizeCause,
  toTrackingError,
  transportFailure,
} from '../../../src/tracking/http/to-tracking-error.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const GET = { method: 'GET', path: '/v2/vessels/abc' };

function fail(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return toTrackingError({ status, headers, text }, GET, NOW);
}

const errors = (...entries: unknown[]) => ({ errors: entries });

describe('mapping an HTTP failure to a TrackingApiError', () => {
  it('calls a 401 unauthorized and keeps the API detail', () => {
    const error = fail(
      401,
      errors({ status: '401', title: 'Unauthorized', detail: 'Invalid or missing API token.' }),
    );
    expect(error.code).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Invalid or missing API token.');
    expect(error.request).toEqual(GET);
  });

  it('calls a 403 about a feature feature_not_enabled', () => {
    const body = errors({
      status: '403',
      title: 'Forbidden',
      detail: 'Routing data feature is not enabled for this account',
    });
    expect(fail(403, body).code).toBe('feature_not_enabled');
    expect(fail(403, errors({ title: 'API access not enabled' })).code).toBe('feature_not_enabled');
  });

  it('calls any other 403 forbidden', () => {
    expect(
      fail(403, errors({ status: '403', title: 'Forbidden', detail: 'You may not update this container' }))
        .code,
    ).toBe('forbidden');
    expect(fail(403, '').code).toBe('forbidden');
  });

  it('calls a 404 not_found even when the body has no detail', () => {
    const error = fail(404, errors({ status: '404', title: 'Not Found' }));
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('Not Found');
  });

  // The HTML page is Rails' answer for an unknown route: the route was wrong, the thing was not proven absent.
  it('calls a Rails HTML 404 page bad_response (an unexpected page), not not_found, without echoing it', () => {
    const html =
      "<!DOCTYPE html><html><head><title>The page you were looking for doesn't exist (404)</title></head></html>";
    const error = fail(404, html);
    expect(error.code).toBe('bad_response');
    expect(error.status).toBe(404);
    expect(error.apiErrors).toEqual([]);
    expect(error.request).toEqual(GET);
    expect(error.message).toMatch(/unexpected page/);
    expect(error.message).not.toContain('<');
  });

  it('calls 400, 409 and 422 invalid_request with every error flattened, pointer and parameter included', () => {
    const error = fail(
      422,
      errors(
        {
          status: '422',
          source: { pointer: '/data/attributes/scac' },
          title: 'Unprocessable Entity',
          detail: "Scac can't be blank",
          code: 'blank',
        },
        { status: '422', title: 'Invalid rotation', detail: 'degrees must be one of: 90, 180, 270' },
      ),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.apiErrors).toEqual([
      {
        status: '422',
        title: 'Unprocessable Entity',
        detail: "Scac can't be blank",
        code: 'blank',
        pointer: '/data/attributes/scac',
        parameter: null,
      },
      {
        status: '422',
        title: 'Invalid rotation',
        detail: 'degrees must be one of: 90, 180, 270',
        code: null,
        pointer: null,
        parameter: null,
      },
    ]);
    expect(error.message).toContain("Scac can't be blank (/data/attributes/scac); degrees must be one of");
    const badInclude = fail(
      400,
      errors({ status: '400', title: 'Bad Request', detail: null, source: { parameter: 'include' } }),
    );
    expect(badInclude.code).toBe('invalid_request');
    expect(badInclude.apiErrors[0]?.parameter).toBe('include');
    expect(badInclude.message).toContain('Bad Request (parameter include)');
    expect(fail(409, errors({ status: '409', title: 'Conflict' })).code).toBe('invalid_request');
  });

  it('reads the /search 400 body that has only a detail', () => {
    const error = fail(400, errors({ detail: 'Query parameter is required' }));
    expect(error.apiErrors).toEqual([
      {
        status: null,
        title: null,
        detail: 'Query parameter is required',
        code: null,
        pointer: null,
        parameter: null,
      },
    ]);
  });

  it('reads the singular {error} bodies the OAS shows, as a string or as a list', () => {
    expect(parseApiErrorBody(JSON.stringify({ error: 'Something broke' }))[0]?.detail).toBe(
      'Something broke',
    );
    const list = parseApiErrorBody(
      JSON.stringify({
        error: [{ title: 'Invalid arrival_date_from', detail: "filter['arrival_from'] must be…" }],
      }),
    );
    expect(list[0]?.title).toBe('Invalid arrival_date_from');
  });

  it('calls a 429 rate_limited and carries its Retry-After in seconds', () => {
    const error = fail(429, errors({ status: '429', title: 'Too Many Requests' }), { 'retry-after': '60' });
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(60);
  });

  it('calls every 5xx upstream, including a 500 whose detail is null', () => {
    expect(
      fail(500, errors({ status: '500', source: null, title: 'Internal Server Error', detail: null })).code,
    ).toBe('upstream');
    expect(fail(502, '<html>Bad gateway</html>').code).toBe('upstream');
    expect(fail(503, { errors: [{ status: '503', title: 'Service Unavailable' }] }).code).toBe('upstream');
  });

  it('survives bodies that are not what anyone documented', () => {
    // Something error-shaped is the API speaking: not_found.
    for (const body of ['{"errors":"nope"}', '{"errors":[null,3,{"status":404}]}', '{"error":[{}]}']) {
      expect(fail(404, body).code).toBe('not_found');
    }
    // Nothing error-shaped is not the API's "no such thing": bad_response.
    for (const body of ['', 'null', '[]', '{}', '{broken', 'NoSuchKey']) {
      expect(fail(404, body).code).toBe('bad_response');
    }
    expect(parseApiErrorBody('{"errors":[{"status":404,"title":""}]}')).toEqual([
      { status: '404', title: null, detail: null, code: null, pointer: null, parameter: null },
    ]);
  });
});

describe('transport failures', () => {
  it('reports a timeout or a network failure with the request, never with the secret', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED for Token sekrit-key-123'), {
      code: 'ECONNREFUSED',
    });
    const error = transportFailure('network', GET, cause, ['sekrit-key-123']);
    expect(error.code).toBe('network');
    expect(error.message).toBe('GET /v2/vessels/abc could not reach the tracking API');
    expect(String(error.cause)).not.toContain('sekrit-key-123');
    expect((error.cause as { code?: string }).code).toBe('ECONNREFUSED'); // SAFETY: sanitizeCause keeps the code.
    expect(transportFailure('timeout', GET, undefined, []).code).toBe('timeout');
  });

  it('turns a thrown non-error into an error without the secret', () => {
    expect(sanitizeCause('key=abc-secret-xyz', ['abc-secret-xyz'])?.message).toBe('key=[redacted]');
    expect(sanitizeCause(undefined, [])).toBeUndefined();
  });
});
