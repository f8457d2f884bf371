import { describe, expect, it } from 'vitest';
import { checkUiRequest, isSameOrigin } from '../../../src/workspace/http/same-origin.js';

const HOST = '127.0.0.1:3000';

describe('isSameOrigin', () => {
  it.each([
    ['the page’s own origin', { host: HOST, origin: 'http://127.0.0.1:3000' }, true],
    ['the page opened as localhost', { host: 'localhost:3000', origin: 'http://localhost:3000' }, true],
    ['another site', { host: HOST, origin: 'https://evil.example' }, false],
    ['another port on loopback', { host: HOST, origin: 'http://127.0.0.1:8080' }, false],
    ['an opaque origin (sandboxed frame, file://)', { host: HOST, origin: 'null' }, false],
    [
      'a browser that only sends Sec-Fetch-Site: cross-site',
      { host: HOST, 'sec-fetch-site': 'cross-site' },
      false,
    ],
    [
      'a browser that only sends Sec-Fetch-Site: same-origin',
      { host: HOST, 'sec-fetch-site': 'same-origin' },
      true,
    ],
    ['a client that is no browser (no Origin, no Sec-Fetch-Site)', { host: HOST }, true],
  ])('says %s is %s', (_, headers, expected) => {
    expect(isSameOrigin(headers)).toBe(expected);
  });
});

describe('checkUiRequest', () => {
  it('refuses a cross-site request with 403 before looking at its content type', () => {
    expect(
      checkUiRequest({ host: HOST, origin: 'https://evil.example', 'content-type': 'text/plain' }),
    ).toEqual({
      ok: false,
      status: 403,
      error: 'cross_origin',
    });
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
  ])('refuses a same-origin %s body with 415', (contentType) => {
    expect(
      checkUiRequest({ host: HOST, origin: 'http://127.0.0.1:3000', 'content-type': contentType }),
    ).toMatchObject({
      ok: false,
      status: 415,
    });
  });

  it('lets the page’s JSON through, charset and all', () => {
    expect(
      checkUiRequest({
        host: HOST,
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/json; charset=utf-8',
      }),
    ).toEqual({ ok: true });
  });
});
