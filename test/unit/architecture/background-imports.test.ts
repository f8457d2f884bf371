/**
 * Background work never depends on the chat platform: `watch/`, `jobs/` and the notifier port (`notify/`) import
 * nothing from `slack/` (nor Bolt), so a second platform, or a test, plugs in its own notifier. This reads every import
 * of every file under those folders to hold that.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../../src');
const SLACK = join(SRC, 'slack');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

function slackImports(folder: string): string[] {
  const offending: string[] = [];
  for (const file of sourceFiles(join(SRC, folder))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const target = match[1] ?? '';
      const resolved = target.startsWith('.') ? resolve(dirname(file), target) : null;
      const intoSlack = resolved !== null && (resolved === SLACK || resolved.startsWith(`${SLACK}/`));
      if (intoSlack || target === '@slack/bolt') offending.push(`${relative(SRC, file)} → ${target}`);
    }
  }
  return offending;
}

describe('background work and the chat platform', () => {
  it.each(['watch', 'jobs', 'notify'])('src/%s/ never imports src/slack/ or Bolt', (folder) => {
    expect(sourceFiles(join(SRC, folder)).length).toBeGreaterThan(0);
    expect(slackImports(folder)).toEqual([]);
  });
});
