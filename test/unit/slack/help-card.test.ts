import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_EXAMPLES } from '../../../src/cards/example-numbers.js';
import { renderHelpCard, renderUsageCard } from '../../../src/cards/help.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { commandGuide, commandName } from '../../../src/slack/commands/command.js';
import { COMMANDS, SLASH_COMMANDS } from '../../../src/slack/commands/index.js';
import { trackEditCommand } from '../../../src/slack/commands/track-edit.js';
import { DEMO_EXAMPLES } from '../../../src/workspace/suggestions.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const demoGuides = COMMANDS.map((spec) => commandGuide(spec, DEMO_EXAMPLES));
const productionGuides = COMMANDS.map((spec) => commandGuide(spec, PLACEHOLDER_EXAMPLES));

describe('the help card', () => {
  it('explains every registered command, and nothing else', () => {
    expect(demoGuides.map((guide) => guide.command).sort()).toEqual(COMMANDS.map(commandName).sort());
    expect(demoGuides.map((guide) => guide.command)).toEqual(expect.arrayContaining([...SLASH_COMMANDS]));
  });

  it('gives examples that work against the demo data in the local workspace', () => {
    const text = JSON.stringify(renderHelpCard(demoGuides));
    expect(text).toContain(DEMO.shipments.slippedEta.bl);
    expect(text).toContain(DEMO.vessels.withPositions.imo);
    expect(text).toContain(DEMO.trackingRequests.created);
    expect(text).toContain(DEMO.emailSubmissions.withImages);
  });

  it('shows no demo numbers in a real workspace', () => {
    const text = JSON.stringify(renderHelpCard(productionGuides));
    for (const number of Object.values(DEMO_EXAMPLES)) expect(text).not.toContain(number);
  });

  it('escapes the <placeholders> so Slack does not read them as links', () => {
    const text = JSON.stringify(renderHelpCard(demoGuides).blocks);
    expect(text).toContain('&lt;bill of lading');
    expect(text).not.toMatch(/<(bill|vessel|tracking|email)/);
  });

  it('stays within Block Kit limits', () => {
    assertWithinBlockKitLimits(renderHelpCard(demoGuides));
    for (const guide of demoGuides) assertWithinBlockKitLimits(renderUsageCard(guide, 'problem'));
  });
});

describe('a usage card', () => {
  it('shows what was wrong above the usage', () => {
    const card = renderUsageCard(
      commandGuide(trackEditCommand, DEMO_EXAMPLES),
      'I don’t know the field `colour`.',
    );
    expect(card.text).toBe('Usage: /track-edit &lt;tracking request id&gt; [ref=VALUE] [tags=a,b]');
    expect(card.blocks[0]).toMatchObject({
      type: 'section',
      text: { text: expect.stringContaining('colour') },
    });
  });
});
