/**
 * The load balancer in front of the replicas: a tiny round-robin HTTP proxy on 127.0.0.1 (OS-picked port). Each
 * request goes to the next replica in the rotation, and its answer carries `x-replica: <name>` so a test can see
 * where it went. Connections to the replicas are kept alive by undici, which closes an idle one before the replica's
 * own keep-alive timeout (a reused socket the replica already closed would fail a request for nothing). A request that
 * fails on its way (refused, or cut off mid-flight: the replica was killed) is answered 502 and not retried elsewhere
 * (it may have been half-processed, and Slack does not resend an interaction either), and the replica is taken out of
 * the rotation, as a load balancer's passive health check would. Every forwarded request is logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Pool } from 'undici';
import { listenOnLoopback } from '../slack/loopback-server.js';

export const REPLICA_HEADER = 'x-replica';

export interface Upstream {
  name: string;
  /** `http://127.0.0.1:PORT` */
  url: string;
}

export interface ProxiedRequest {
  replica: string;
  path: string;
  /** The status the client got (502 when the replica could not be reached). */
  status: number;
  /** Date.now() when the answer started. */
  at: number;
}

export interface RoundRobinProxy {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  readonly log: ReadonlyArray<ProxiedRequest>;
  /** Puts a replica (back) into the rotation. */
  add(upstream: Upstream): void;
  /** The replicas in the rotation. */
  live(): string[];
  /** Hears every answer as it starts (to act in the middle of a burst). */
  onAnswer(listener: (entry: ProxiedRequest) => void): () => void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Keep every request in `log` (default true; the bench turns it off for long runs). */
  record?: boolean;
}

export async function startRoundRobinProxy(
  upstreams: readonly Upstream[],
  options: ProxyOptions = {},
): Promise<RoundRobinProxy> {
  const keep = options.record ?? true;
  const rotation: Upstream[] = [...upstreams];
  const pools = new Map<string, Pool>();
  const poolFor = (upstream: Upstream) => {
    let pool = pools.get(upstream.name);
    if (!pool) {
      pool = new Pool(upstream.url, { connections: 64 });
      pools.set(upstream.name, pool);
    }
    return pool;
  };
  const log: ProxiedRequest[] = [];
  const listeners = new Set<(entry: ProxiedRequest) => void>();
  let next = 0;

  const record = (entry: ProxiedRequest) => {
    if (keep) log.push(entry);
    for (const listener of listeners) listener(entry);
  };

  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = rotation[next % Math.max(1, rotation.length)];
    next += 1;
    const path = req.url ?? '/';
    if (!target) {
      res.writeHead(503).end('no replica');
      return;
    }
    try {
      const answer = await poolFor(target).request({
        method: req.method === 'GET' ? 'GET' : 'POST',
        path,
        headers: endToEnd(req.headers),
        body: req.method === 'GET' ? null : req,
      });
      record({ replica: target.name, path, status: answer.statusCode, at: Date.now() });
      res.writeHead(answer.statusCode, { ...endToEnd(answer.headers), [REPLICA_HEADER]: target.name });
      for await (const chunk of answer.body) res.write(chunk);
      res.end();
    } catch {
      // Refused or cut off: a passive health check takes the replica out (undici never reuses a socket the replica
      // may have closed, so a failure here means the replica is in trouble).
      const index = rotation.indexOf(target);
      if (index >= 0) rotation.splice(index, 1);
      record({ replica: target.name, path, status: 502, at: Date.now() });
      if (!res.headersSent) res.writeHead(502, { [REPLICA_HEADER]: target.name });
      res.end();
    }
  };

  const server = await listenOnLoopback((req, res) => void forward(req, res));
  return {
    origin: server.origin,
    log,
    add(upstream) {
      if (!rotation.some((candidate) => candidate.name === upstream.name)) rotation.push(upstream);
    },
    live: () => rotation.map((upstream) => upstream.name),
    onAnswer(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await server.close();
      await Promise.all([...pools.values()].map((pool) => pool.destroy()));
    },
  };
}

/** Hop-by-hop headers belong to one connection and are not forwarded (undici refuses some of them anyway). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'proxy-connection',
]);

function endToEnd(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}
