/**
 * The webhook-intake baseline: a bare Node HTTP server doing only what intake must do — read the body, check its
 * HMAC-SHA256 signature (the same check as the product's route), parse it, and make the same insert into the same
 * store backend (`inbox.accept`, one durable transaction) — then answer 200. Started as a child process with the same
 * environment as `shipwatch start` (DATABASE_URL or SHIPWATCH_DATA_DIR, TRACKING_WEBHOOK_SECRET, PORT).
 */
import { createServer } from 'node:http';
import { systemClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import { openStore } from '../../src/store/index.js';
import { isValidSignature } from '../../src/watch/webhook/signature.js';

const secret = process.env.TRACKING_WEBHOOK_SECRET ?? '';
const store = await openStore({
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  dataDir: process.env.SHIPWATCH_DATA_DIR ?? '.shipwatch',
  clock: systemClock,
  logger: silentLogger,
});

interface Body {
  data?: { id?: string; attributes?: { event?: string } };
  included?: Array<{ relationships?: { shipment?: { data?: { id?: string } } } }>;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (!isValidSignature(body, req.headers['x-t49-webhook-signature'] as string | undefined, secret)) {
      res.writeHead(401).end();
      return;
    }
    const text = body.toString('utf8');
    const json = JSON.parse(text) as Body;
    store.watching.inbox
      .accept(
        {
          id: json.data?.id ?? '',
          event: json.data?.attributes?.event ?? '',
          shipmentId: json.included?.[0]?.relationships?.shipment?.data?.id ?? null,
          facts: {},
          body: text,
          now: Date.now(),
        },
        () => null,
      )
      .then(
        () => res.writeHead(200).end(),
        () => res.writeHead(500).end(),
      );
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${JSON.stringify(server.address())}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  store.close().finally(() => process.exit(0));
});
