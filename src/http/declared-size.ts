/**
 * A body limit checked before the body is read: a request that declares (Content-Length) more than the endpoint ever
 * takes is refused on its headers, so a flood of large bodies costs a header parse each, not a buffer.
 */
import type { IncomingHttpHeaders } from 'node:http';

export function declaresMoreThan(headers: IncomingHttpHeaders, maxBytes: number): boolean {
  const declared = Number(headers['content-length']);
  return Number.isFinite(declared) && declared > maxBytes;
}
