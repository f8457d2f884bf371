import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SLASH_COMMANDS } from '../../../src/slack/commands/index.js';
import { SHORTCUTS } from '../../../src/slack/shortcuts/index.js';
import { MESSAGE_SHORTCUTS } from '../../../src/workspace/shared/message-shortcuts.js';

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
    shortcuts?: Array<{ name: string; type: string; callback_id: string; description: string }>;
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: { interactivity: { is_enabled: boolean; request_url: string }; socket_mode_enabled: boolean };
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

  it('declares exactly the shortcuts the bot registers, with their type, name and a description within Slack’s 150', () => {
    const declared = (manifest.features.shortcuts ?? []).map((entry) => ({
      callbackId: entry.callback_id,
      type: entry.type,
      name: entry.name,
      description: entry.description,
    }));
    expect(declared).toEqual(
      SHORTCUTS.map((spec) => ({
        callbackId: spec.callbackId,
        type: spec.type,
        name: spec.name,
        description: spec.description,
      })),
    );
    for (const entry of declared) expect(entry.description.length).toBeLessThanOrEqual(150);
    // The local workspace's "More actions" menu offers the same message shortcuts.
    expect(MESSAGE_SHORTCUTS).toEqual(
      SHORTCUTS.filter((spec) => spec.type === 'message').map(({ callbackId, name }) => ({
        callbackId,
        name,
      })),
    );
  });

  it('sends interactions (buttons, modals, shortcuts) to the same endpoint', () => {
    expect(manifest.settings.interactivity).toEqual({
      is_enabled: true,
      request_url: 'https://YOUR-HOST/slack/events',
    });
  });

  it('asks only for the scopes the bot uses (a message shortcut needs only `commands`)', () => {
    expect(manifest.oauth_config.scopes.bot.sort()).toEqual([
      'chat:write',
      'commands',
      'usergroups:read',
      'users:read',
    ]);
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
