/** Floods of forged Terminal49 webhooks, sent from a process of their own so the measuring test is not slowed. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FLOODER = fileURLToPath(new URL('./forged-webhooks.mjs', import.meta.url));

export interface FloodAnswer {
  /** -1: the connection closed before an answer was read (a refusal while the sender was still writing). */
  status: number;
  retryAfter: string | null;
}

/** `count` forged webhooks to `url` at once, each `bodyBytes` long and sent in two halves 400 ms apart. */
export async function floodOfForgedWebhooks(
  url: string,
  count: number,
  bodyBytes: number,
): Promise<FloodAnswer[]> {
  const child = spawn(process.execPath, [FLOODER, url, String(count), String(bodyBytes)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out);
}
