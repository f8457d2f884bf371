import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWebApi } from '../../helpers/slack/call-web-api.js';
import { ADA, type Harness, startHarness } from './helpers/harness.js';

describe('the page server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('serves the page with a content security policy that allows no inline script', async () => {
    const response = await fetch(`${h.url}/`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain('<script type="module" src="/assets/app.js">');
  });

  it('serves the page script bundled from TypeScript at start-up', async () => {
    const response = await fetch(`${h.url}/assets/app.js`);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    const script = await response.text();
    expect(script).toContain('EventSource');
    expect(script).not.toMatch(/^import /m);
  });

  it('pushes a snapshot when the page connects and another when the channel changes', async () => {
    const controller = new AbortController();
    const response = await fetch(`${h.url}/events?user=${ADA}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextSnapshot = async (): Promise<{ timeline: Array<{ text?: string }> }> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event.split('\n').find((line) => line.startsWith('data: '));
          if (data) return JSON.parse(data.slice('data: '.length));
          continue;
        }
        const chunk = await reader?.read();
        if (!chunk || chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    };
    await nextSnapshot();
    await callWebApi(`${h.url}/api/`, h.token, 'chat.postMessage', {
      channel: 'C0SHIPOPS',
      text: 'pushed to the page',
    });
    expect((await nextSnapshot()).timeline.at(-1)?.text).toBe('pushed to the page');
    controller.abort();
  });

  it('refuses requests addressed to a name other than loopback (DNS rebinding)', async () => {
    const port = new URL(h.url).port;
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(
        { host: '127.0.0.1', port, path: '/state', headers: { host: `evil.example:${port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(421);
  });

  it('answers 400 to a page request that does not match its schema', async () => {
    expect(await h.ui('command', { userId: ADA })).toEqual({
      status: 400,
      json: { ok: false, error: 'invalid_request' },
    });
  });
});
