/**
 * A stand-in for Slack's Socket Mode endpoint: the WebSocket the app connects to after apps.connections.open. It says
 * hello, sends envelopes (a slash command, a click) as Slack does, and resolves when the app acknowledges each one by
 * its envelope_id. Loopback only, OS-chosen port.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export interface FakeSocketMode {
  /** ws://127.0.0.1:PORT/ */
  url: string;
  /** Resolves once an app has connected (and been greeted). */
  connected(): Promise<void>;
  /** Sends an envelope; resolves with the app's acknowledgement (its `payload`, if any). */
  send(
    type: 'slash_commands' | 'interactive' | 'events_api',
    payload: unknown,
  ): Promise<{ payload?: unknown }>;
  close(): Promise<void>;
}

export async function startFakeSocketMode(): Promise<FakeSocketMode> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const acks = new Map<string, (ack: { payload?: unknown }) => void>();
  let socket: WebSocket | null = null;
  let onConnected: (() => void) | null = null;
  const connected = new Promise<void>((resolve) => {
    onConnected = resolve;
  });
  server.on('connection', (ws) => {
    socket = ws;
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { envelope_id?: string; payload?: unknown };
      if (message.envelope_id) acks.get(message.envelope_id)?.({ payload: message.payload });
    });
    ws.send(
      JSON.stringify({ type: 'hello', num_connections: 1, connection_info: { app_id: 'A0SHIPWATCH' } }),
    );
    onConnected?.();
  });
  return {
    url: `ws://127.0.0.1:${port}/`,
    connected: () => connected,
    send(type, payload) {
      const envelopeId = randomUUID();
      const acked = new Promise<{ payload?: unknown }>((resolve) => acks.set(envelopeId, resolve));
      if (!socket) return Promise.reject(new Error('no app connected'));
      socket.send(JSON.stringify({ envelope_id: envelopeId, type, payload, accepts_response_payload: true }));
      return acked;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
