import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { startWebhookReceiver } from '../../unit/simulator/webhook-receiver.js';

const children: ChildProcess[] = [];

/** Starts `node bin/shipwatch.js simulator …` and resolves with the base URL it prints. */
async function startCli(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['bin/shipwatch.js', 'simulator', ...args], {
    cwd: new URL('../../..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/v2)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`simulator exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('shipwatch simulator (the command)', () => {
  it('prints the actual URL for --port 0, the demo keys and curl examples, serves requests, and stops on SIGTERM', async () => {
    const { child, url, output } = await startCli(['--port', '0']);
    expect(url).not.toContain(':0/');
    expect(output()).toContain('demo-readonly');
    expect(output().match(/curl /g)).toHaveLength(3);
    const response = await fetch(`${url}/shipments?number=${DEMO.shipments.slippedEta.bl}`, {
      headers: { authorization: `Token ${DEMO.apiKeys.full}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ id: string }> };
    expect(body.data.map((shipment) => shipment.id)).toEqual([DEMO.shipments.slippedEta.id]);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('serves a generated book with --book and says so', async () => {
    const { child, url, output } = await startCli(['--port', '0', '--book', '250']);
    expect(output()).toContain('Book: 250 generated shipments');
    const response = await fetch(`${url}/shipments?page[size]=1`, {
      headers: { authorization: `Token ${DEMO.apiKeys.full}` },
    });
    const body = (await response.json()) as { meta: { total: number } };
    expect(body.meta.total).toBe(250 + Object.keys(DEMO.shipments).length);
    child.kill('SIGTERM');
    await once(child, 'exit');
  });

  it('applies --rate-limit to the running server', async () => {
    const { child, url } = await startCli(['--port', '0', '--rate-limit', '1']);
    const headers = { authorization: `Token ${DEMO.apiKeys.full}` };
    expect((await fetch(`${url}/search?query=MSKU`, { headers })).status).toBe(200);
    const limited = await fetch(`${url}/search?query=MSKU`, { headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    child.kill('SIGINT');
    expect((await once(child, 'exit'))[0]).toBe(0);
  });

  it('serves the document images from the build (the fixtures are copied into dist/)', async () => {
    const { child, url } = await startCli(['--port', '0']);
    const headers = { authorization: `Token ${DEMO.apiKeys.full}` };
    for (const [id, type] of [
      [DEMO.documents.png, 'image/png'],
      [DEMO.documents.jpeg, 'image/jpeg'],
    ] as const) {
      const link = await fetch(`${url}/documents/${id}/download_url`, { headers });
      const { download_url: download } = (await link.json()) as { download_url: string }; // SAFETY: the route's body.
      const file = await fetch(download);
      expect([file.status, file.headers.get('content-type')]).toEqual([200, type]);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    }
    child.kill('SIGTERM');
    expect((await once(child, 'exit'))[0]).toBe(0);
  });

  it('sends signed webhooks to --webhook-url when demo time is advanced, and never prints the secret', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const secret = 'cli-secret-7d1e';
      const { child, url, output } = await startCli([
        '--port',
        '0',
        '--webhook-url',
        receiver.url,
        '--webhook-secret',
        secret,
      ]);
      expect(output()).toContain(`POSTed to ${receiver.url}`);
      expect(output()).not.toContain(secret);
      const moved = await fetch(`${new URL(url).origin}/_demo/time`, {
        method: 'POST',
        headers: { authorization: `Token ${DEMO.apiKeys.full}`, 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: 3_600_000 }),
      });
      expect(moved.status).toBe(200);
      const { changes } = (await moved.json()) as { changes: number }; // SAFETY: the route's documented body.
      await vi.waitFor(() => expect(receiver.received).toHaveLength(changes), { timeout: 10_000 });
      for (const delivery of receiver.received) {
        const expected = createHmac('sha256', secret).update(delivery.raw).digest('hex');
        expect(delivery.headers['x-t49-webhook-signature']).toBe(expected);
      }
      child.kill('SIGTERM');
      expect((await once(child, 'exit'))[0]).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
