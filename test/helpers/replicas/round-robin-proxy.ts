/**
 * The load balancer in front of the replicas: a tiny round-robin HTTP proxy on 127.0.0.1 (OS-picked port). Each
 * request goes to the next replica that is not known to be down, and its answer carries `x-replica: <name>` so a test
 * can see where it went. A replica that cannot be reached (refused, reset: killed) answers 502 and is taken out of
 * the rotation, as a load balancer's health check would; the request is not retried elsewhere (it may have been
 * half-processed, and Slack does not resend an interaction either). Every forwarded request is logged.
 */
import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
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
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const log: ProxiedRequest[] = [];
  const listeners = new Set<(entry: ProxiedRequest) => void>();
  let next = 0;

  const record = (entry: ProxiedRequest) => {
    if (keep) log.push(entry);
    for (const listener of listeners) listener(entry);
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const target = rotation[next % Math.max(1, rotation.length)];
    next += 1;
    const path = req.url ?? '/';
    if (!target) {
      res.writeHead(503).end('no replica');
      return;
    }
    const upstream = new URL(target.url);
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (answer) => {
        record({ replica: target.name, path, status: answer.statusCode ?? 0, at: Date.now() });
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [REPLICA_HEADER]: target.name });
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => {
      const index = rotation.indexOf(target);
      if (index >= 0) rotation.splice(index, 1);
      record({ replica: target.name, path, status: 502, at: Date.now() });
      if (!res.headersSent) res.writeHead(502, { [REPLICA_HEADER]: target.name });
      res.end();
    });
    req.pipe(outgoing);
  };

  const server = await listenOnLoopback(forward);
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
      agent.destroy();
      await server.close();
    },
  };
}
