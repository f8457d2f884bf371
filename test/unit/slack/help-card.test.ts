import { describe, expect, it } from 'vitest';
import { COMMAND_GUIDE, renderHelpCard, renderUsageCard } from '../../../src/cards/help.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { REGISTERED_COMMANDS } from '../../../src/slack/listeners/commands/index.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

describe('the help card', () => {
  it('explains every registered command, and nothing else', () => {
    expect(COMMAND_GUIDE.map((guide) => guide.command).sort()).toEqual([...REGISTERED_COMMANDS].sort());
  });

  it('gives examples that work against the demo data', () => {
    const text = JSON.stringify(renderHelpCard());
    expect(text).toContain(DEMO.shipments.slippedEta.bl);
    expect(text).toContain(DEMO.vessels.withPositions.imo);
    expect(text).toContain(DEMO.trackingRequests.created);
    expect(text).toContain(DEMO.emailSubmissions.withImages);
  });

  it('escapes the <placeholders> so Slack does not read them as links', () => {
    const text = JSON.stringify(renderHelpCard().blocks);
    expect(text).toContain('&lt;bill of lading');
    expect(text).not.toMatch(/<(bill|vessel|tracking|email)/);
  });

  it('stays within Block Kit limits', () => {
    assertWithinBlockKitLimits(renderHelpCard());
    for (const guide of COMMAND_GUIDE) assertWithinBlockKitLimits(renderUsageCard(guide.command, 'problem'));
  });
});

describe('a usage card', () => {
  it('shows what was wrong above the usage', () => {
    const card = renderUsageCard('/track-edit', 'I don’t know the field `colour`.');
    expect(card.text).toBe('Usage: /track-edit &lt;tracking request id&gt; [ref=VALUE] [tags=a,b]');
    expect(card.blocks[0]).toMatchObject({
      type: 'section',
      text: { text: expect.stringContaining('colour') },
    });
  });

  it('falls back to the whole help for an unknown command', () => {
    expect(renderUsageCard('/nope')).toEqual(renderHelpCard());
  });
});
