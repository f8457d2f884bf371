/**
 * The simulator accepts only its demo keys; the OAuth secret-hygiene suite connects recognisable fake keys of its
 * own. This HTTP proxy in front of the simulator swaps each fake key for the demo key it stands for on the wire (an
 * unknown key goes through unchanged, and the simulator answers 401 as Terminal49 would) and records every request
 * line, so the suite can look for the keys in what Shipwatch sent.
 */
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KeyProxy {
  url: string;
  /** `METHOD path?query` of every request, in order. */
  readonly lines: ReadonlyArray<string>;
  /** The key each request carried (before the swap), in the same order. */
  readonly keys: ReadonlyArray<string | null>;
  close(): Promise<void>;
}

export async function startKeyProxy(
  target: string,
  keys: Readonly<Record<string, string>>,
): Promise<KeyProxy> {
  const upstream = new URL(target);
  const lines: string[] = [];
  const seen: Array<string | null> = [];
  const server = createServer((req, res) => {
    lines.push(`${req.method} ${req.url}`);
    const given = /^Token\s+(\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    seen.push(given ?? null);
    const headers = { ...req.headers, host: upstream.host };
    if (given && keys[given]) headers.authorization = `Token ${keys[given]}`;
    const out = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: `${upstream.pathname.replace(/\/+$/, '')}${req.url ?? ''}`,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // SAFETY: a TCP server's address() is an AddressInfo once listening.
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lines,
    keys: seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
