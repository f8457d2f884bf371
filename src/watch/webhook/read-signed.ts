/**
 * Reads a webhook body while checking its signature: the HMAC is updated chunk by chunk, so a forged body is known
 * the moment its last byte arrives, without joining its chunks into one more buffer. Only a body whose signature
 * holds is joined and handed on. Reading stops once the body passes `maxBytes`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type SignedRead = { kind: 'signed'; body: Buffer } | { kind: 'forged' } | { kind: 'too_large' };

export function readSigned(
  req: IncomingMessage,
  options: { maxBytes: number; secret: string; signature: string },
): Promise<SignedRead> {
  return new Promise((resolve, reject) => {
    const hmac = createHmac('sha256', options.secret);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (outcome: SignedRead) => {
      done = true;
      resolve(outcome);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > options.maxBytes) {
        req.pause();
        finish({ kind: 'too_large' });
        return;
      }
      hmac.update(chunk);
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      const expected = hmac.digest();
      const given = Buffer.from(options.signature.trim(), 'hex');
      const valid = given.length === expected.length && timingSafeEqual(expected, given);
      finish(valid ? { kind: 'signed', body: Buffer.concat(chunks, size) } : { kind: 'forged' });
    });
    req.on('error', (error) => {
      if (!done) {
        done = true;
        reject(error);
      }
    });
  });
}
