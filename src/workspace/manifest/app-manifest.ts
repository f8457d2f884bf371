/**
 * What the local workspace knows of the app, read from manifest.yml as Slack reads it from the app's configuration:
 * the slash commands it routes to the bot and the shortcuts it offers. Nothing is hand-listed here, so a command
 * declared in the manifest reaches the bot in the local workspace exactly when it would in a real one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface ManifestCommand {
  command: string;
  description: string;
  usageHint: string | null;
}

export interface ManifestShortcut {
  name: string;
  type: 'message' | 'global';
  callbackId: string;
  description: string;
}

export interface AppManifest {
  commands: readonly ManifestCommand[];
  shortcuts: readonly ManifestShortcut[];
}

/** Parses a manifest's text; anything malformed is left out rather than guessed (a test checks the real file). */
export function parseAppManifest(text: string): AppManifest {
  const document: unknown = parse(text);
  const features = recordAt(recordAt(document)?.features);
  const commands: ManifestCommand[] = [];
  for (const entry of arrayAt(features?.slash_commands)) {
    const item = recordAt(entry);
    const command = stringAt(item?.command);
    if (!command?.startsWith('/')) continue;
    commands.push({
      command: command.toLowerCase(),
      description: stringAt(item?.description) ?? '',
      usageHint: stringAt(item?.usage_hint),
    });
  }
  const shortcuts: ManifestShortcut[] = [];
  for (const entry of arrayAt(features?.shortcuts)) {
    const item = recordAt(entry);
    const name = stringAt(item?.name);
    const callbackId = stringAt(item?.callback_id);
    const type = stringAt(item?.type);
    if (!name || !callbackId || (type !== 'message' && type !== 'global')) continue;
    shortcuts.push({ name, type, callbackId, description: stringAt(item?.description) ?? '' });
  }
  return { commands, shortcuts };
}

/**
 * Reads manifest.yml from the package root: the nearest folder above this module that holds it (src/workspace/… in
 * development and tests, dist/ once built; the package ships the file, see package.json `files`).
 */
export function readAppManifest(from: URL = new URL('.', import.meta.url)): AppManifest {
  let folder = from;
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = new URL('manifest.yml', folder);
    if (existsSync(candidate)) return parseAppManifest(readFileSync(candidate, 'utf8'));
    folder = new URL('../', folder);
  }
  throw new Error(
    'manifest.yml was not found above the local workspace module; the package ships it at its root',
  );
}

function recordAt(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function arrayAt(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

function stringAt(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
