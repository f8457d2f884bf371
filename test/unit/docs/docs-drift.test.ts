/**
 * What the documentation promises, checked against what the code does: the README's demo row against the demo
 * voyage it describes, the migration version docs/operations.md quotes against the latest migration, and the
 * manifest's `/shipwatch` usage hint against the subcommands `/shipwatch` answers.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createDemoTime } from '../../../src/simulator/demo/demo-time.js';
import { onWaterVoyage } from '../../../src/simulator/demo/voyages-in-motion.js';
import { COMMANDS } from '../../../src/slack/commands/index.js';
import { LATEST_VERSION } from '../../../src/store/index.js';

const read = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

describe('the README’s demo row for watching', () => {
  const row = read('README.md')
    .split('\n')
    .find((line) => line.startsWith('| `/shipwatch watch COSU6312345670`'));
  const timeline = onWaterVoyage(createDemoTime(new Date('2026-03-10T15:00:00Z')));
  const at = (kind: string) =>
    timeline.rows
      .filter(([, ...facts]) => facts.some((fact) => fact.kind === kind))
      .map(([when]) => formatInTimeZone(new Date(when), 'Europe/Amsterdam', 'HH:mm'));

  it('promises the arrival, berth, discharge and availability at the Rotterdam times the demo voyage has them', () => {
    expect(row).toBeDefined();
    const discharges = at('discharged');
    for (const time of [...at('arrived'), ...at('berthed'), discharges[0], discharges.at(-1)])
      expect(row, `README says nothing of ${time}`).toContain(time);
    expect(row).toContain(at('availability')[0]);
  });

  it('does not promise the discharge within one "+1 day" whatever the time of day', () => {
    expect(row).not.toMatch(/arrives, berths and discharges;/);
  });
});

describe('docs/operations.md', () => {
  it('quotes the latest migration version', () => {
    const text = read('docs/operations.md');
    const quoted = [...text.matchAll(/migrated from version 0 to (\d+)/g)].map((match) => Number(match[1]));
    expect(quoted.length).toBeGreaterThan(0);
    for (const version of quoted) expect(version).toBe(LATEST_VERSION);
    for (const match of text.matchAll(/version (\d+) of (\d+)/g))
      expect(Number(match[2])).toBe(LATEST_VERSION);
  });
});

describe('the manifest’s /shipwatch usage hint', () => {
  it('names every subcommand /shipwatch answers', () => {
    // SAFETY: only the /shipwatch entry's usage_hint is read, and checked to be a string.
    const manifest = parse(read('manifest.yml')) as {
      features: { slash_commands: Array<{ command: string; usage_hint?: string }> };
    };
    const hint =
      manifest.features.slash_commands.find((entry) => entry.command === '/shipwatch')?.usage_hint ?? '';
    const words = COMMANDS.filter((spec) => spec.slash !== '/shipwatch').map((spec) => spec.words[0]);
    expect(words).toEqual(expect.arrayContaining(['watch', 'unwatch', 'watching', 'settings']));
    for (const word of words) expect(hint.split(/[\s|]+/), `usage hint lacks ${word}`).toContain(word);
  });
});
