/**
 * `shipwatch webhook register` against the simulator's webhook management API: it creates the webhook, re-activates
 * the same one when run again, prints the secret to set, and says clearly when the account may not use webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli.js';
import { NOT_ENTITLED_EXIT, runWebhookCommand } from '../../../src/commands/webhook.js';
import { createSimulator, DEMO, type RunningSimulator } from '../../../src/simulator/index.js';

function capture(): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    readStdin: async () => '',
    out: () => out,
    err: () => err,
  };
}

describe('shipwatch webhook register', () => {
  let simulator: RunningSimulator;
  const url = 'https://shipwatch.example.com/webhooks/terminal49';

  beforeAll(async () => {
    simulator = await createSimulator().listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await simulator.close();
  });

  const env = (key: string) => ({ TRACKING_API_KEY: key, TRACKING_API_URL: simulator.url });

  it('creates the webhook and prints the secret to set as TRACKING_WEBHOOK_SECRET', async () => {
    const io = capture();
    expect(await runWebhookCommand(['register', '--url', url], io, { env: env(DEMO.apiKeys.full) })).toBe(0);
    expect(io.out()).toMatch(
      /^Created the Terminal49 webhook \S+ for https:\/\/shipwatch\.example\.com\/webhooks\/terminal49/,
    );
    expect(io.out()).toMatch(/TRACKING_WEBHOOK_SECRET=\S{16,}/);
  });

  it('re-activates the webhook that already has the URL instead of creating a second one', async () => {
    const first = capture();
    await runWebhookCommand(['register', '--url', url], first, { env: env(DEMO.apiKeys.full) });
    const again = capture();
    expect(await runWebhookCommand(['register', '--url', url], again, { env: env(DEMO.apiKeys.full) })).toBe(
      0,
    );
    expect(again.out()).toMatch(/^Re-activated/);
    const secret = (text: string) => /TRACKING_WEBHOOK_SECRET=(\S+)/.exec(text)?.[1];
    expect(secret(again.out())).toBe(secret(first.out()));
  });

  it('says the account lacks the entitlement and Shipwatch will poll, on a 403', async () => {
    const io = capture();
    expect(
      await runWebhookCommand(['register', '--url', url], io, { env: env(DEMO.apiKeys.noWebhooks) }),
    ).toBe(NOT_ENTITLED_EXIT);
    expect(io.err()).toContain('cannot manage webhooks');
    expect(io.err()).toContain('polls watched shipments instead');
    expect(io.out()).toBe('');
  });

  it('refuses a plain-http URL to another machine, and a missing --url', async () => {
    const io = capture();
    expect(
      await runWebhookCommand(['register', '--url', 'http://example.com/x'], io, { env: env('k') }),
    ).toBe(2);
    expect(io.err()).toContain('must be https://');
    expect(await runWebhookCommand(['register'], capture(), { env: env('k') })).toBe(2);
  });
});

describe('shipwatch webhook register with a new URL', () => {
  let simulator: RunningSimulator;
  const oldUrl = 'https://old-host.example.com/webhooks/terminal49';
  const newUrl = 'https://new-host.example.com/webhooks/terminal49';
  const otherTool = 'https://another-tool.example.com/hooks/t49';

  beforeAll(async () => {
    simulator = await createSimulator().listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await simulator.close();
  });

  const run = (args: string[]) => {
    const io = capture();
    return runWebhookCommand(['register', ...args], io, {
      env: { TRACKING_API_KEY: DEMO.apiKeys.full, TRACKING_API_URL: simulator.url },
    }).then((code) => ({ code, out: io.out() }));
  };
  const webhooks = async () => {
    const response = await fetch(`${simulator.url}/webhooks`, {
      headers: { authorization: `Token ${DEMO.apiKeys.full}` },
    });
    const body = (await response.json()) as {
      data: Array<{ id: string; attributes: { url: string; active: boolean } }>;
    };
    return body.data.map((item) => ({ url: item.attributes.url, active: item.attributes.active }));
  };

  it('names the previous Shipwatch webhook still active and offers to deactivate it, leaving other tools’ alone', async () => {
    expect((await run(['--url', oldUrl])).code).toBe(0);
    expect((await run(['--url', otherTool])).code).toBe(0);
    const moved = await run(['--url', newUrl]);
    expect(moved.code).toBe(0);
    expect(moved.out).toContain('Another Shipwatch webhook is still active on this account');
    expect(moved.out).toContain(oldUrl);
    expect(moved.out).not.toContain(otherTool);
    expect(moved.out).toContain('--deactivate-stale');
    expect(await webhooks()).toEqual(
      expect.arrayContaining([
        { url: oldUrl, active: true },
        { url: newUrl, active: true },
      ]),
    );

    const cleaned = await run(['--url', newUrl, '--deactivate-stale']);
    expect(cleaned.code).toBe(0);
    expect(cleaned.out).toContain(`Deactivated the previous Shipwatch webhook`);
    expect(cleaned.out).toMatch(/TRACKING_WEBHOOK_SECRET=\S{16,}/);
    expect(await webhooks()).toEqual(
      expect.arrayContaining([
        { url: oldUrl, active: false },
        { url: newUrl, active: true },
        { url: otherTool, active: true },
      ]),
    );
  });
});
