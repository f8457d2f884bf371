import { describe, expect, it } from 'vitest';
import { renderContainerListMessages } from '../../../src/cards/container-list.js';
import { sectionTexts } from '../../fixtures/cards/card-text.js';
import { hold, lfd, makeDetail, manyContainers, NOW } from '../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const ctx = { now: NOW };

describe('container list for the thread', () => {
  it('lists every container exactly once, over as many messages as needed', () => {
    const containers = manyContainers(60, (index) => ({ holds: index % 10 === 0 ? [hold('customs')] : [] }));
    const messages = renderContainerListMessages(makeDetail({ containers }), ctx);
    const listed = messages.flatMap((message) => sectionTexts(message).map((text) => text.slice(1, 12)));
    expect(listed).toHaveLength(60);
    expect(new Set(listed).size).toBe(60);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) assertWithinBlockKitLimits(message);
  });

  it('keeps the card order, most urgent first', () => {
    const containers = manyContainers(25, (index) => ({
      deadlines: index === 24 ? [lfd('2024-07-01T07:00:00Z')] : [],
    }));
    const [first] = renderContainerListMessages(makeDetail({ containers }), ctx);
    expect(first && sectionTexts(first)[0]).toContain('*BNCU0000024*');
  });

  it('says which part of the list each message holds, in its notification text too', () => {
    const messages = renderContainerListMessages(makeDetail({ containers: manyContainers(45) }), ctx);
    expect(messages.map((message) => message.text)).toEqual([
      'MAEU240817361: containers 1–20 of 45',
      'MAEU240817361: containers 21–40 of 45',
      'MAEU240817361: containers 41–45 of 45',
    ]);
  });

  it('splits by size as well as by count when rows are long', () => {
    const containers = manyContainers(20, () => ({ locationAtPodTerminal: 'L'.repeat(2500) }));
    const messages = renderContainerListMessages(makeDetail({ containers }), ctx);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) assertWithinBlockKitLimits(message);
  });

  it('says so when there are no containers', () => {
    const messages = renderContainerListMessages(makeDetail({ containers: [] }), ctx);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toBe('MAEU240817361: no containers reported yet');
  });

  it('says how many containers were listed without details rather than that there are none', () => {
    const detail = makeDetail({ containers: [], unloadedContainerIds: ['a', 'b'] });
    expect(renderContainerListMessages(detail, ctx)[0]?.text).toBe(
      'MAEU240817361: 2 containers, details not loaded',
    );
  });
});
