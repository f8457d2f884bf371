/**
 * The direction of imports (docs/architecture.md, "Layers"), checked on the source itself so it cannot drift:
 * use cases (features/) never see Slack; watching, jobs and notifications never import the Slack layer; the Slack layer
 * never calls a Terminal49 client (it calls features); pure rules (domain/) and renderers (cards/) do no I/O.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Source {
  file: string;
  text: string;
  /** Every module specifier imported or re-exported, with whether the import is types only. */
  imports: Array<{ from: string; typeOnly: boolean }>;
}

/** Every module a source loads: static imports and re-exports, side-effect imports and dynamic `import()`. */
function importsOf(text: string): Source['imports'] {
  return [
    ...[...text.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)';/gms)].map((match) => ({
      from: match[2] ?? '',
      typeOnly: match[1] !== undefined,
    })),
    ...[...text.matchAll(/^import\s+'([^']+)';|\bimport\(\s*'([^']+)'\s*\)/gm)].map((match) => ({
      from: match[1] ?? match[2] ?? '',
      typeOnly: false,
    })),
  ];
}

function sourcesIn(folder: string): Source[] {
  const out: Source[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) {
        const text = readFileSync(path, 'utf8');
        const imports = importsOf(text);
        out.push({ file: relative(ROOT, path), text, imports });
      }
    }
  };
  walk(join(ROOT, 'src', folder));
  return out;
}

/** `from` resolved against `file` when relative: `src/…` paths, or the package name. */
function target(file: string, from: string): string {
  if (!from.startsWith('.')) return from;
  return relative(ROOT, join(ROOT, file, '..', from));
}

function offenders(folders: string[], forbidden: (to: string, typeOnly: boolean) => boolean): string[] {
  return folders.flatMap((folder) =>
    sourcesIn(folder).flatMap(({ file, imports }) =>
      imports
        .filter(({ from, typeOnly }) => forbidden(target(file, from), typeOnly))
        .map(({ from }) => `${file} imports ${from}`),
    ),
  );
}

const IO_MODULES =
  /^(node:(fs|http|https|net|dgram|child_process|worker_threads)|undici|pg|libsql|@slack\/(bolt|web-api|socket-mode|oauth))/;

describe('the direction of imports', () => {
  it('sees every way a source loads a module: static, type-only, side-effect and dynamic', () => {
    const text = [
      "import { a } from '../slack/a.js';",
      "import type { B } from '../slack/b.js';",
      "export { c } from '../slack/c.js';",
      "import '../slack/d.js';",
      "const e = await import('../slack/e.js');",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { from: '../slack/a.js', typeOnly: false },
      { from: '../slack/b.js', typeOnly: true },
      { from: '../slack/c.js', typeOnly: false },
      { from: '../slack/d.js', typeOnly: false },
      { from: '../slack/e.js', typeOnly: false },
    ]);
  });

  it('keeps features/ free of Slack: no @slack/* package and no src/slack/', () => {
    expect(offenders(['features'], (to) => to.startsWith('@slack/') || to.startsWith('src/slack/'))).toEqual(
      [],
    );
  });

  it('keeps watch/, jobs/ and notify/ from importing the Slack layer', () => {
    expect(['watch', 'jobs', 'notify'].every(exists)).toBe(true);
    expect(
      offenders(
        ['watch', 'jobs', 'notify'],
        (to) => to.startsWith('src/slack/') || to.startsWith('@slack/bolt'),
      ),
    ).toEqual([]);
  });

  it('keeps domain/ and cards/ free of I/O: no network, file, database or Slack client modules, no store or HTTP layer', () => {
    expect(
      offenders(
        ['domain', 'cards'],
        (to, typeOnly) =>
          !typeOnly &&
          (IO_MODULES.test(to) || /^src\/(store|tracking\/http|http|slack|watch|jobs)\//.test(to)),
      ),
    ).toEqual([]);
    const calls = ['domain', 'cards'].flatMap((folder) =>
      sourcesIn(folder)
        .filter(({ text }) => /\bfetch\(|\bprocess\.env\b|\bDate\.now\(|new Date\(\)/.test(text))
        .map(({ file }) => file),
    );
    expect(calls).toEqual([]);
  });

  it('keeps the Slack layer from calling a Terminal49 client: it imports no client or resolver and calls none', () => {
    expect(
      offenders(
        ['slack'],
        (to, typeOnly) =>
          !typeOnly && /^src\/tracking\/(create-tracking-client|resolver|http\/|webhooks-api|index)/.test(to),
      ),
    ).toEqual([]);
    const calls = sourcesIn('slack')
      .filter(({ text }) =>
        /\btracking\??\.(get|list|set|update|rotate|resume|stop|create|search|infer|register)\w*\(/.test(
          text,
        ),
      )
      .map(({ file }) => file);
    expect(calls).toEqual([]);
  });
});

function exists(folder: string): boolean {
  try {
    return statSync(join(ROOT, 'src', folder)).isDirectory();
  } catch {
    return false;
  }
}
