/**
 * The layers import one way: tracking ← domain ← cards. The domain must stay free of Block Kit, mrkdwn and I/O so
 * that alerts, digests and App Home can call it; this reads the imports of every domain file to hold that.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOMAIN = join(import.meta.dirname, '../../../src/domain');
const MODELS = join(import.meta.dirname, '../../../src/tracking/models.js');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the domain layer', () => {
  const files = sourceFiles(DOMAIN);

  it('imports only itself and the tracking models, never cards, Slack, the store or Node I/O', () => {
    const offending: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        const target = match[1] ?? '';
        // Packages are not needed either: a relative path that stays inside src/domain, or the models file.
        const resolved = target.startsWith('.') ? resolve(dirname(file), target) : null;
        const allowed = resolved !== null && (resolved.startsWith(`${DOMAIN}/`) || resolved === MODELS);
        if (!allowed) offending.push(`${relative(DOMAIN, file)} → ${target}`);
      }
    }
    expect(files.length).toBeGreaterThan(10);
    expect(offending).toEqual([]);
  });
});
