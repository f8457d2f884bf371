/**
 * A route of Shipwatch's one HTTP server (src/http/): a method, an exact path (or a path prefix, for routes that carry
 * a parameter such as `/webhooks/terminal49/<account>`), and a handler that owns the request from there. Routes are
 * plain Node handlers: whoever serves Slack, Terminal49, operators or browsers states its own checks.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface HttpRoute {
  method: 'GET' | 'POST';
  /** The exact path, or with `prefix: true` the start of the path (its rest is the route's own to read). */
  path: string;
  prefix?: boolean;
  handle(req: IncomingMessage, res: ServerResponse): void | Promise<void>;
}
