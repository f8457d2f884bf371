#!/usr/bin/env node
// Lines of TypeScript per layer of src/ (docs/architecture.md, "Layers"): how much of the code is Slack adapters and
// delivery, how much is use cases (features), pure rules (domain) and rendering (cards), and the rest. Usage:
//   node scripts/layer-lines.mjs [git-revision]
// With a revision, the files are read from git at that revision (to compare before and after a change).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const revision = process.argv[2] ?? null;

/** The layers, first match wins. */
const LAYERS = [
  [
    'slack/ adapters (commands, actions, views, events, shortcuts, home, unfurls)',
    /^src\/slack\/(commands|actions|views|events|shortcuts|home|unfurls|listeners)\//,
  ],
  ['slack/ delivery and plumbing', /^src\/slack\//],
  ['features/', /^src\/features\//],
  ['domain/', /^src\/domain\//],
  ['cards/', /^src\/cards\//],
  ['tracking/', /^src\/tracking\//],
  ['watch/ and jobs/', /^src\/(watch|jobs)\//],
  ['tenancy/', /^src\/tenancy\//],
  ['store/', /^src\/store\//],
  ['http/ and service/', /^src\/(http|service)\//],
  ['simulator/', /^src\/simulator\//],
  ['workspace/', /^src\/workspace\//],
  ['the rest (config, CLI, main)', /^src\//],
];

function filesNow() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) out.push(relative(root, path));
    }
  };
  walk(join(root, 'src'));
  return out.map((file) => [file, readFileSync(join(root, file), 'utf8')]);
}

function filesAt(rev) {
  const git = (...args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  return git('ls-tree', '-r', '--name-only', rev, 'src')
    .split('\n')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [file, git('show', `${rev}:${file}`)]);
}

const totals = new Map(LAYERS.map(([name]) => [name, { files: 0, lines: 0 }]));
for (const [file, text] of revision ? filesAt(revision) : filesNow()) {
  const layer = LAYERS.find(([, pattern]) => pattern.test(file));
  if (!layer) continue;
  const entry = totals.get(layer[0]);
  entry.files += 1;
  entry.lines += text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
const width = Math.max(...LAYERS.map(([name]) => name.length));
console.log(`${'layer'.padEnd(width)}  files   lines${revision ? `   (at ${revision})` : ''}`);
let files = 0;
let lines = 0;
for (const [name, entry] of totals) {
  files += entry.files;
  lines += entry.lines;
  console.log(
    `${name.padEnd(width)}  ${String(entry.files).padStart(5)}  ${String(entry.lines).padStart(6)}`,
  );
}
console.log(`${'src/ in all'.padEnd(width)}  ${String(files).padStart(5)}  ${String(lines).padStart(6)}`);
