import { describe, expect, it } from 'vitest';
import { checkMessageLimits } from '../../../bench/lib/block-kit-check.js';

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

describe('checkMessageLimits', () => {
  it('accepts a small card and reports its block count and text size', () => {
    const report = checkMessageLimits({ text: 'card', blocks: [section('hello'), section('world!')] });
    expect(report).toEqual({ blocks: 2, blockTextChars: 11, largestText: 6, violations: [] });
  });

  it('flags more than 50 blocks', () => {
    const blocks = Array.from({ length: 51 }, () => section('x'));
    expect(checkMessageLimits({ text: 'card', blocks }).violations).toContain('51 blocks (max 50)');
  });

  it('flags a section text over 3000 characters', () => {
    const report = checkMessageLimits({ text: 'card', blocks: [section('x'.repeat(3001))] });
    expect(report.violations).toEqual(['blocks[0].text: 3001 chars (max 3000)']);
  });

  it('flags button text over 75 characters', () => {
    const actions = {
      type: 'actions',
      elements: [{ type: 'button', action_id: 'a', text: { type: 'plain_text', text: 'b'.repeat(76) } }],
    };
    expect(checkMessageLimits({ text: 'card', blocks: [actions] }).violations).toHaveLength(1);
  });

  it('flags a message whose block text adds up beyond what Slack accepts', () => {
    const blocks = Array.from({ length: 5 }, () => section('y'.repeat(2900)));
    expect(checkMessageLimits({ text: 'card', blocks }).violations.at(-1)).toMatch(/chars of block text/);
  });
});
