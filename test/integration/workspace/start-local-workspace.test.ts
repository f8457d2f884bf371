import { afterAll, describe, expect, it } from 'vitest';
import { createAdjustableClock, fixedClock } from '../../../src/clock.js';
import { type Config, loadConfig } from '../../../src/config/env.js';
import { silentLogger } from '../../../src/logger.js';
import type { ServiceOptions } from '../../../src/service/index.js';
import { launchWorkspace } from '../../../src/workspace/index.js';
import { createFakeTracking } from '../../helpers/fake-tracking-client.js';
import { callWebApi } from '../../helpers/slack/call-web-api.js';
import { type FakeBot, startFakeBot } from './helpers/fake-bot.js';

// The fake bot below never calls the tracking client: any call would reject as unexpected.
const { client: tracking } = createFakeTracking();

describe('startLocalWorkspace’s composition', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function launch(): Promise<{ workspace: { url: string }; given: ServiceOptions; bot: FakeBot }> {
    const seen: { options?: ServiceOptions; bot?: FakeBot } = {};
    const workspace = await launchWorkspace(
      {
        port: 0,
        tracking,
        logger: silentLogger,
        clock: fixedClock('2026-08-20T16:00:00Z'),
        config: loadConfig({}),
      },
      async (options) => {
        const bot = await startFakeBot(options.config.slack.signingSecret ?? '');
        Object.assign(seen, { options, bot });
        return { mode: 'http', url: bot.eventsUrl.replace('/slack/events', ''), stop: () => bot.close() };
      },
    );
    cleanups.push(() => workspace.stop());
    if (!seen.options || !seen.bot) throw new Error('the bot starter was not called');
    return { workspace, given: seen.options, bot: seen.bot };
  }

  it('starts the bot in HTTP mode against the stand-in, with a generated token and signing secret', async () => {
    const { workspace, given } = await launch();
    const slack: Config['slack'] = given.config.slack;
    expect(slack.mode).toBe('http');
    expect(slack.apiUrl).toBe(`${workspace.url}/api/`);
    expect(slack.botToken).toMatch(/^xoxb-local-[0-9a-f]{24}$/);
    expect(slack.signingSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(given.port).toBe(0);
    expect(given.host).toBe('127.0.0.1');
    expect(await callWebApi(`${workspace.url}/api/`, slack.botToken ?? '', 'auth.test', {})).toMatchObject({
      ok: true,
    });
  });

  it('hands back the bot’s base URL (where webhooks go) and serves demo time when given the control', async () => {
    const clock = createAdjustableClock(fixedClock('2026-08-20T16:00:00Z'));
    let botEvents = '';
    const workspace = await launchWorkspace(
      {
        port: 0,
        tracking,
        logger: silentLogger,
        clock,
        config: loadConfig({}),
        demoTime: { clock, tick: () => undefined },
      },
      async (options) => {
        const bot = await startFakeBot(options.config.slack.signingSecret ?? '');
        botEvents = bot.eventsUrl;
        return { mode: 'http', url: bot.eventsUrl.replace('/slack/events', ''), stop: () => bot.close() };
      },
    );
    cleanups.push(() => workspace.stop());
    expect(`${workspace.botUrl}/slack/events`).toBe(botEvents);
    const response = await fetch(`${workspace.url}/ui/demo-time`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 3_600_000 }),
    });
    expect(await response.json()).toMatchObject({ ok: true, now: '2026-08-20T17:00:00.000Z' });
  });

  it('generates different secrets for every workspace it starts', async () => {
    const first = await launch();
    const second = await launch();
    expect(first.given.config.slack.signingSecret).not.toBe(second.given.config.slack.signingSecret);
    expect(first.given.config.slack.botToken).not.toBe(second.given.config.slack.botToken);
  });

  it('signs what it sends to the bot’s /slack/events with the secret it gave the bot', async () => {
    const { workspace, bot } = await launch();
    await fetch(`${workspace.url}/ui/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'U0LOCALADA', text: '/shipwatch help' }),
    });
    expect(bot.received).toHaveLength(1);
    expect(bot.rejected).toBe(0);
  });

  it('closes the stand-in again when the bot cannot start', async () => {
    let standIn = '';
    await expect(
      launchWorkspace(
        {
          port: 0,
          tracking,
          logger: silentLogger,
          clock: fixedClock('2026-08-20T16:00:00Z'),
          config: loadConfig({}),
        },
        async (options) => {
          standIn = options.config.slack.apiUrl ?? '';
          throw new Error('boom');
        },
      ),
    ).rejects.toThrow('boom');
    expect(standIn).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/$/);
    await expect(fetch(`${standIn}auth.test`, { method: 'POST' })).rejects.toThrow();
  });
});
