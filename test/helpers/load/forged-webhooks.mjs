// A flood of forged Terminal49 webhooks from a process of its own, so the test that measures the bot is not slowed by
// its own flooding. Usage: node forged-webhooks.mjs <url> <count> <bodyBytes>. Prints one JSON line: the statuses.
import { request } from 'node:http';

const [url, count, bytes] = [new URL(process.argv[2]), Number(process.argv[3]), Number(process.argv[4])];
const body = Buffer.alloc(bytes, 0x7b);

function forged() {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'x-t49-webhook-signature': 'ab'.repeat(32),
        },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] ?? null });
      },
    );
    // An answer given before the whole body is sent ends the connection: that is the point, not a failure.
    req.on('error', () => resolve({ status: -1, retryAfter: null }));
    req.write(body.subarray(0, body.length / 2));
    setTimeout(() => req.end(body.subarray(body.length / 2)), 400);
  });
}

const answers = await Promise.all(Array.from({ length: count }, forged));
process.stdout.write(`${JSON.stringify(answers)}\n`);
