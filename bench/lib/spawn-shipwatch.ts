/**
 * Runs the real `node bin/shipwatch.js start` as a child process in HTTP mode (fake bot token and signing secret,
 * Web API and tracking API pointed at loopback stand-ins) and times it from spawn to the first `GET /healthz` that
 * answers 200. It opens its embedded store, as `shipwatch start` always does, in a temporary data folder removed when
 * it stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { freePort } from './proc.js';

const BIN = fileURLToPath(new URL('../../bin/shipwatch.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SpawnedShipwatch {
  pid: number;
  url: string;
  readyMs: number;
  /** stderr lines the child wrote (log lines at LOG_LEVEL=warn and above). */
  stderrLines(): number;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  signingSecret: string;
  slackApiUrl: string;
  trackingUrl: string;
  apiKey: string;
  timeoutMs?: number;
  /** An embedded store's folder to open (kept afterwards); default: a fresh temporary one, removed on stop. */
  dataDir?: string;
  /** More environment (DATABASE_URL for PostgreSQL, …). */
  env?: Record<string, string>;
}

export async function spawnShipwatch(options: SpawnOptions): Promise<SpawnedShipwatch> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'shipwatch-bench-start-'));
  const removeData = () => {
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'start'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      SLACK_BOT_TOKEN: 'xoxb-fake-bench-footprint',
      SLACK_SIGNING_SECRET: options.signingSecret,
      SLACK_API_URL: options.slackApiUrl,
      TRACKING_API_URL: options.trackingUrl,
      TRACKING_API_KEY: options.apiKey,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SHIPWATCH_DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = 0;
  let lastStderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk.split('\n').length - 1;
    lastStderr = chunk.slice(-500);
  });
  try {
    await waitForHealth(url, child, options.timeoutMs ?? 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    removeData();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; stderr: ${lastStderr.trim()}`,
    );
  }
  const readyMs = performance.now() - started;
  if (child.pid === undefined) throw new Error('child has no pid');
  return {
    pid: child.pid,
    url,
    readyMs,
    stderrLines: () => stderr,
    stop: () => stopChild(child).finally(removeData),
  };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`shipwatch start exited with ${child.exitCode}`);
    try {
      const response = await request(`${url}/healthz`, { method: 'GET' });
      await response.body.dump();
      if (response.statusCode === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`GET /healthz did not answer 200 within ${timeoutMs} ms`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
