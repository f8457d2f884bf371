/**
 * A TCP relay from a loopback port to the test PostgreSQL server that a test can cut (every connection dropped, the
 * port closed) and restore on the same port: a database outage without touching the machine's server.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpRelay {
  /** The relay's port (0 until the first `up`); the same across down/up. */
  readonly port: number;
  up(): Promise<void>;
  down(): Promise<void>;
}

/** A relay from a loopback port to the test server that can be cut (every connection dropped) and restored. */
export function tcpRelay(target: URL): TcpRelay {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  return {
    get port() {
      return port;
    },
    async up() {
      const next = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
      await new Promise<void>((resolve, reject) => {
        next.once('error', reject);
        next.listen(port, '127.0.0.1', () => resolve());
      });
      // SAFETY: a TCP server's address() is an AddressInfo once listening.
      port = (next.address() as { port: number }).port;
      server = next;
    },
    async down() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
