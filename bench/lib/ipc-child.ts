/**
 * A bench helper process over IPC: forks a TypeScript entry through bin/run-ts.js, waits for its hello (the first
 * message), then sends `{id, op, args}` requests and matches `{id, ok, value | error}` replies. The child side is
 * `serveIpc` below. Used for the forked world and for the simulator it runs in a process of its own.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUN_TS = fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url));

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

interface Request {
  id: number;
  op: string;
  args: unknown[];
}

export interface IpcChild<Hello> {
  hello: Hello;
  call<T>(op: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export async function forkIpcChild<Hello>(entry: string, name: string): Promise<IpcChild<Hello>> {
  const child: ChildProcess = fork(RUN_TS, [entry], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;

  const hello = await new Promise<Hello>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} process exited early (${code})`)));
    child.once('message', (reply: Reply) => {
      // SAFETY: the first message a child sends (serveIpc) is its hello value.
      resolve(reply.value as Hello);
    });
  });
  child.removeAllListeners('exit');
  child.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if (reply.ok) entry.resolve(reply.value);
    else entry.reject(new Error(reply.error ?? `${name} operation failed`));
  });
  child.on('exit', () => {
    for (const entry of waiting.values()) entry.reject(new Error(`${name} process exited`));
    waiting.clear();
  });

  return {
    hello,
    call: <T>(op: string, ...args: unknown[]) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        // SAFETY: each operation's reply value is what the child's handler for `op` resolved to.
        waiting.set(id, { resolve: (value) => resolve(value as T), reject });
        child.send({ id, op, args });
      }),
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (child.exitCode === null) child.kill();
    },
  };
}

/** The child side: sends `hello`, answers each request with `handle(op, args)`, runs `onClose` when the parent leaves. */
export function serveIpc(
  hello: unknown,
  handle: (op: string, args: unknown[]) => Promise<unknown>,
  onClose: () => Promise<void>,
): void {
  process.on('message', async (message: Request) => {
    try {
      const value = await handle(message.op, message.args);
      process.send?.({ id: message.id, ok: true, value });
    } catch (error) {
      process.send?.({
        id: message.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
  process.on('disconnect', () => {
    void onClose().finally(() => process.exit(0));
  });
  process.send?.({ id: 0, ok: true, value: hello });
}
