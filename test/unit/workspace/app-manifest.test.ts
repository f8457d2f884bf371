import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/slack/index.js';
import { parseAppManifest, readAppManifest } from '../../../src/workspace/manifest/app-manifest.js';

describe("the local workspace's view of the app manifest", () => {
  it('knows exactly the slash commands manifest.yml declares, which are the ones the bot registers', () => {
    const declared = readAppManifest().commands.map((entry) => entry.command);
    const registered = COMMANDS.flatMap((spec) => (spec.slash ? [spec.slash] : []));
    expect([...declared].sort()).toEqual([...registered].sort());
  });

  it('reads commands with their descriptions and usage hints, lower-cased as Slack matches them', () => {
    const manifest = parseAppManifest(`
features:
  slash_commands:
    - command: /Cargo
      description: Look up cargo
      usage_hint: "<number>"
    - command: /bare
`);
    expect(manifest.commands).toEqual([
      { command: '/cargo', description: 'Look up cargo', usageHint: '<number>' },
      { command: '/bare', description: '', usageHint: null },
    ]);
  });

  it('reads message and global shortcuts and leaves out entries Slack would reject', () => {
    const manifest = parseAppManifest(`
features:
  shortcuts:
    - name: Find shipments
      type: message
      callback_id: find_shipments
      description: Finds numbers in a message
    - name: No callback
      type: message
    - name: Odd type
      type: sideways
      callback_id: odd
  slash_commands:
    - command: not-a-slash
`);
    expect(manifest.shortcuts).toEqual([
      {
        name: 'Find shipments',
        type: 'message',
        callbackId: 'find_shipments',
        description: 'Finds numbers in a message',
      },
    ]);
    expect(manifest.commands).toEqual([]);
  });

  it('treats a manifest without features as an app with no commands rather than failing', () => {
    expect(parseAppManifest('display_information:\n  name: X\n')).toEqual({ commands: [], shortcuts: [] });
  });
});
