/**
 * A real `node bin/shipwatch.js start` in a child process, configured by the environment only, as an operator runs
 * it. `PORT=0` lets the OS pick the port; the process says which on stdout ("HTTP mode: listening on HOST:PORT"),
 * and it is ready once `GET /healthz` answers 200 (Slack authenticated, store reachable). Its JSON log lines are kept
 * for assertions and for the failure message. Every child started here is remembered so `killEveryProcess` can end
 * them all in an afterAll, whatever happened.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/shipwatch.js', import.meta.url));
const LISTENING = /HTTP mode: listening on [^\s:]+:(\d+)\./;
/** Output kept for a failure message. */
const TAIL_CHARS = 4_000;

export interface ShipwatchProcess {
  readonly name: string;
  readonly pid: number;
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** Every JSON log line it wrote on stderr, parsed. */
  readonly logs: ReadonlyArray<Record<string, unknown>>;
  /** The end of its stdout and stderr, for failure messages. */
  tail(): string;
  /** Everything it wrote on stdout (what it says at start-up: the store, the embedded simulator's URL, its port). */
  stdout(): string;
  alive(): boolean;
  /** Sends `signal` and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** The whole environment apart from PATH and HOME (nothing else leaks in from the test process). */
  env: Record<string, string>;
  /** Until `/healthz` answers 200; default 20 s (a loaded 2-core machine). */
  readyTimeoutMs?: number;
}

const children = new Set<ChildProcess>();

export async function startShipwatchProcess(options: StartOptions): Promise<ShipwatchProcess> {
  const child = spawn(process.execPath, [BIN, 'start'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let tail = '';
  const keep = (chunk: string) => {
    tail = (tail + chunk).slice(-TAIL_CHARS);
  };
  const logs: Array<Record<string, unknown>> = [];
  let partial = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    keep(chunk);
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ unparsed: line });
      }
    }
  });
  let stdout = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    keep(chunk);
    stdout += chunk;
  });
  const describe = () => `${options.name} (pid ${child.pid}): ${tail.trim() || 'no output'}`;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
  try {
    const port = await poll(() => LISTENING.exec(stdout)?.[1], child, deadline, 'its HTTP port');
    const url = `http://127.0.0.1:${port}`;
    await poll(
      async () => ((await healthStatus(url)) === 200 ? true : undefined),
      child,
      deadline,
      '/healthz 200',
    );
    const pid = child.pid;
    if (pid === undefined) throw new Error('the child has no pid');
    return {
      name: options.name,
      pid,
      url,
      logs,
      tail: () => tail,
      stdout: () => stdout,
      alive: () => child.exitCode === null && child.signalCode === null,
      async kill(signal) {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error instanceof Error ? error.message : String(error)}; ${describe()}`);
  }
}

/** SIGKILLs every child still running and waits for each to exit (an afterAll, also after a failure). */
export async function killEveryProcess(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** The status `GET /healthz` answers, or null when nothing answers. */
export async function healthStatus(url: string): Promise<number | null> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

async function poll<T>(
  check: () => T | undefined | Promise<T | undefined>,
  child: ChildProcess,
  deadline: number,
  what: string,
): Promise<T> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`shipwatch start exited (${child.exitCode ?? child.signalCode}) before ${what}`);
    }
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`shipwatch start did not reach ${what} in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
