/** Response constructors shared by every route: the API answers JSON (JSON:API bodies are served as JSON too). */

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(status: number, body: unknown, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set('content-type', JSON_TYPE);
  return new Response(JSON.stringify(body), { status, headers: merged });
}

export function htmlResponse(status: number, html: string): Response {
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

export function bytesResponse(status: number, bytes: Uint8Array, contentType: string): Response {
  // A copy: the cached bytes stay untouched whatever the consumer does with the body.
  return new Response(Uint8Array.from(bytes), {
    status,
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.byteLength),
      // Presigned object-store URLs are immutable per version, so a browser may keep them.
      'cache-control': 'private, max-age=3600',
    },
  });
}
