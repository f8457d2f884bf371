/**
 * Server-Sent Events: each open page gets its viewer's snapshot whenever the workspace changes. Changes are
 * coalesced for a few milliseconds, so a burst (card posted, thread reply, modal update) costs one push.
 */
import type { ServerResponse } from 'node:http';
import type { WorkspaceSnapshot } from '../protocol.js';

const COALESCE_MS = 15;
const HEARTBEAT_MS = 15_000;

export interface SseHub {
  add(response: ServerResponse, viewerId: string): void;
  /** Schedules a push of fresh snapshots to every client. */
  changed(): void;
  close(): void;
}

export function createSseHub(snapshot: (viewerId: string) => WorkspaceSnapshot): SseHub {
  const clients = new Set<{ response: ServerResponse; viewerId: string }>();
  let timer: NodeJS.Timeout | null = null;

  const send = (client: { response: ServerResponse; viewerId: string }) => {
    client.response.write(`event: snapshot\ndata: ${JSON.stringify(snapshot(client.viewerId))}\n\n`);
  };
  const heartbeat = setInterval(() => {
    for (const client of clients) client.response.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    add(response, viewerId) {
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      const client = { response, viewerId };
      clients.add(client);
      response.on('close', () => clients.delete(client));
      send(client);
    },
    changed() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        for (const client of clients) send(client);
      }, COALESCE_MS);
    },
    close() {
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      for (const client of clients) client.response.end();
      clients.clear();
    },
  };
}
