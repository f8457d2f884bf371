import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SLASH_COMMANDS } from '../../../src/slack/commands/index.js';
import { SUBSCRIBED_EVENTS } from '../../../src/slack/events/index.js';

interface SlashCommandEntry {
  command: string;
  url?: string;
  description?: string;
  usage_hint?: string;
  should_escape?: boolean;
}

interface Manifest {
  display_information: { name: string; description: string; long_description: string };
  features: {
    bot_user: { display_name: string };
    slash_commands: SlashCommandEntry[];
    app_home?: { home_tab_enabled?: boolean; messages_tab_enabled?: boolean };
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    interactivity: { is_enabled: boolean; request_url: string };
    event_subscriptions?: { request_url?: string; bot_events?: string[] };
    socket_mode_enabled: boolean;
  };
}

function readManifest(): Manifest {
  const path = fileURLToPath(new URL('../../../manifest.yml', import.meta.url));
  // SAFETY: the fields read below are checked by the assertions in each test.
  return parse(readFileSync(path, 'utf8')) as Manifest;
}

describe('manifest.yml', () => {
  const manifest = readManifest();
  const commands = manifest.features.slash_commands;

  it('declares exactly the slash commands the bot registers listeners for', () => {
    expect(commands.map((entry) => entry.command).sort()).toEqual([...SLASH_COMMANDS].sort());
  });

  it('gives every command a description, a usage hint, unescaped text and the events URL', () => {
    for (const entry of commands) {
      expect(entry.description, entry.command).toMatch(/\S/);
      expect(entry.usage_hint, entry.command).toMatch(/\S/);
      expect(entry.should_escape, entry.command).toBe(false);
      expect(entry.url, entry.command).toBe('https://YOUR-HOST/slack/events');
    }
  });

  it('sends interactions (buttons, modals) to the same endpoint', () => {
    expect(manifest.settings.interactivity).toEqual({
      is_enabled: true,
      request_url: 'https://YOUR-HOST/slack/events',
    });
  });

  it('subscribes to exactly the events the bot has listeners for, at the events URL', () => {
    const subscriptions = manifest.settings.event_subscriptions;
    expect(subscriptions?.request_url).toBe('https://YOUR-HOST/slack/events');
    expect([...(subscriptions?.bot_events ?? [])].sort()).toEqual([...SUBSCRIBED_EVENTS].sort());
  });

  it('asks only for the scopes the bot uses', () => {
    expect(manifest.oauth_config.scopes.bot.sort()).toEqual([
      'channels:read', // users.conversations: Home lists the channels the person is in
      'chat:write',
      'commands',
      'files:write', // Download CSV
      'groups:read', // users.conversations, private channels
      'im:write', // conversations.open: the CSV goes to the person's direct message with the app
      'usergroups:read',
      'users:read',
    ]);
  });

  it('enables the Home tab and subscribes to app_home_opened at the events endpoint', () => {
    expect(manifest.features.app_home?.home_tab_enabled).toBe(true);
    expect(manifest.features.app_home?.messages_tab_enabled).toBe(true);
    expect(manifest.settings.event_subscriptions?.request_url).toBe('https://YOUR-HOST/slack/events');
    expect(manifest.settings.event_subscriptions?.bot_events).toContain('app_home_opened');
  });

  it('ships for HTTP mode, with Socket Mode one switch away', () => {
    expect(manifest.settings.socket_mode_enabled).toBe(false);
  });

  it("keeps the app's texts within Slack's lengths", () => {
    expect(manifest.display_information.description.length).toBeLessThanOrEqual(140);
    expect(manifest.display_information.long_description.length).toBeGreaterThanOrEqual(175);
    expect(manifest.display_information.long_description.length).toBeLessThanOrEqual(4000);
    expect(manifest.features.bot_user.display_name.length).toBeLessThanOrEqual(80);
  });
});
