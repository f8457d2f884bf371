/** A webhook endpoint for the simulator's tests: records each delivery's raw body and headers, answers as told. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  /** The exact bytes received. */
  raw: Buffer;
  /** The body parsed as JSON. */
  body: NotificationBody;
}

/** The parts of a webhook_notification the tests read. */
export interface NotificationBody {
  data: {
    id: string;
    type: string;
    attributes: { event: string; delivery_status: string; created_at: string };
    relationships: {
      webhook: { data: { id: string; type: string } };
      reference_object: { data: { id: string; type: string } };
    };
  };
  included: Array<{
    id: string;
    type: string;
    attributes: Record<string, unknown>;
    relationships?: Record<string, { data: unknown }>;
  }>;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** How to answer the next deliveries, in order (then 200); `'hang'` never answers. */
  answers: Array<number | 'hang'>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const answers: Array<number | 'hang'> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      // SAFETY: the simulator sends JSON:API webhook notifications; tests assert on the parts they read.
      received.push({
        headers: request.headers,
        raw,
        body: JSON.parse(raw.toString('utf8')) as NotificationBody,
      });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // SAFETY: a TCP server listening on 127.0.0.1.
  return {
    url: `http://127.0.0.1:${port}/webhooks/terminal49`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
