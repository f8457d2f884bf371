/** Reads a request body as UTF-8 text with a size cap, so a runaway client cannot exhaust memory. */
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    // SAFETY: without setEncoding, node:http yields Buffers.
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError(`body larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
