import { describe, expect, it } from 'vitest';
import { blockTextLength } from '../../../src/cards/format/clamp-message.js';
import {
  checkBlocks,
  checkView,
  findBlockKitViolations,
} from '../../../src/workspace/web-api/block-kit-check.js';

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

describe('the Block Kit validator on a card as the bench times it', () => {
  it('accepts a small card and reports its block count and text size', () => {
    const card = { text: 'card', blocks: [section('hello'), section('world!')] };
    expect(findBlockKitViolations(card)).toEqual([]);
    expect({ blocks: card.blocks.length, blockTextChars: blockTextLength(card.blocks) }).toEqual({
      blocks: 2,
      blockTextChars: 11,
    });
  });

  it('flags more than 50 blocks', () => {
    const blocks = Array.from({ length: 51 }, () => section('x'));
    expect(findBlockKitViolations({ text: 'card', blocks })).toContainEqual({
      path: 'blocks',
      problem: '51 blocks > 50',
    });
  });

  it('flags a section text over 3000 characters', () => {
    expect(findBlockKitViolations({ text: 'card', blocks: [section('x'.repeat(3001))] })).toEqual([
      { path: 'blocks[0].text.text', problem: '3001 chars > 3000' },
    ]);
  });

  it('flags button text over 75 characters', () => {
    const actions = {
      type: 'actions',
      elements: [{ type: 'button', action_id: 'a', text: { type: 'plain_text', text: 'b'.repeat(76) } }],
    };
    expect(findBlockKitViolations({ text: 'card', blocks: [actions] })).toHaveLength(1);
  });

  it('flags a message whose block text adds up beyond what Slack accepts', () => {
    const blocks = Array.from({ length: 5 }, () => section('y'.repeat(2900)));
    expect(findBlockKitViolations({ text: 'card', blocks }).at(-1)?.problem).toMatch(/chars of block text/);
  });
});

describe('what Slack itself refuses, in its words', () => {
  it('is lenient where Slack is: no fallback text and a one-option overflow are not refused', () => {
    const overflow = {
      type: 'section',
      text: { type: 'mrkdwn', text: 'x' },
      accessory: { type: 'overflow', action_id: 'o', options: [{ text: { type: 'plain_text', text: 'a' } }] },
    };
    expect(findBlockKitViolations({ text: '', blocks: [overflow] }).map((v) => v.path)).toEqual([
      'text',
      'blocks[0].accessory.options',
    ]);
    expect(checkBlocks([overflow], 'message')).toEqual([]);
  });

  it('refuses an input block in a message, which Shipwatch’s own limits do not look at', () => {
    const input = {
      type: 'input',
      label: { type: 'plain_text', text: 'Ref' },
      element: { type: 'plain_text_input', action_id: 'r' },
    };
    expect(checkBlocks([input], 'message')).toEqual([
      'input blocks are not allowed in messages [json-pointer:/blocks/0]',
    ]);
    expect(checkBlocks([input], 'modal')).toEqual([]);
  });
});

describe('Home views and data tables', () => {
  const table = (rows: unknown[][], extra: Record<string, unknown> = {}) => ({
    type: 'data_table',
    caption: 'Needs attention',
    rows,
    ...extra,
  });
  const cell = (text: string) => ({ type: 'raw_text', text });

  it('takes a Home view (no title) with a data table of equal rows', () => {
    const view = {
      type: 'home',
      blocks: [table([[cell('Container')], [cell('MSCU1234567')]], { page_size: 10 })],
    };
    expect(checkView(view)).toEqual([]);
    expect(findBlockKitViolations(view)).toEqual([]);
  });

  it('refuses a data table without a caption, with rows of different widths or a page size over 100', () => {
    const bad = [
      { ...table([[cell('a')]]), caption: undefined },
      table([[cell('a'), cell('b')], [cell('c')]]),
      table([[cell('a')]], { page_size: 101 }),
      table([[{ type: 'button', text: 'x' }]]),
    ];
    for (const block of bad) expect(checkBlocks([block], 'modal'), JSON.stringify(block)).not.toEqual([]);
  });

  it('still requires a modal to have a title, and a view to be a modal or a Home', () => {
    expect(checkView({ type: 'modal', blocks: [] }).join()).toContain('missing required field: title');
    expect(checkView({ type: 'workflow_step', blocks: [] }).join()).toContain('must be modal or home');
  });
});
