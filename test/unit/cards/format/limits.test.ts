import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import {
  blockTextLength,
  clampMessage,
  clampMrkdwn,
  clampText,
  MAX_BUTTON_TEXT,
  MAX_HEADER_TEXT,
  MAX_MESSAGE_BLOCKS,
  MAX_SECTION_TEXT,
  MESSAGE_TEXT_BUDGET,
} from '../../../../src/cards/format/limits.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';

describe('clampText', () => {
  it('keeps text that fits', () => {
    expect(clampText('short', 10)).toBe('short');
  });

  it('cuts long text to the limit with an ellipsis', () => {
    const out = clampText('x'.repeat(100), 75);
    expect(out).toHaveLength(75);
    expect(out.endsWith('…')).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const out = clampText(`${'a'.repeat(8)}😀😀`, 10);
    expect(out).toBe(`${'a'.repeat(8)}…`);
  });
});

describe('clampMrkdwn', () => {
  it('does not cut inside an entity', () => {
    expect(clampMrkdwn(`${'a'.repeat(6)}&amp;tail`, 10)).toBe(`${'a'.repeat(6)}…`);
  });

  it('does not cut inside a date token', () => {
    const text = `Due <!date^1720450800^{date_short_pretty} {time}|Mon 8 Jul 15:00 UTC> ok`;
    expect(clampMrkdwn(text, 30)).toBe('Due …');
  });
});

describe('clampMessage', () => {
  it('returns a message within limits as it was', () => {
    const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: 'hello' } }];
    const message = { text: 'hi', blocks };
    expect(clampMessage(message)).toEqual(message);
    expect(clampMessage(message).blocks[0]).toBe(blocks[0]);
  });

  it('cuts every over-long text to its element limit', () => {
    const clamped = clampMessage({
      text: 'fallback',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'h'.repeat(400) } },
        { type: 'section', text: { type: 'mrkdwn', text: 's'.repeat(5000) } },
        {
          type: 'actions',
          elements: [{ type: 'button', action_id: 'a', text: { type: 'plain_text', text: 'b'.repeat(200) } }],
        },
      ],
    });
    const [head, body, row] = clamped.blocks;
    expect(head?.type === 'header' && head.text.text.length).toBe(MAX_HEADER_TEXT);
    expect(body?.type === 'section' && body.text?.text.length).toBe(MAX_SECTION_TEXT);
    expect(
      row?.type === 'actions' && row.elements[0]?.type === 'button' && row.elements[0].text.text.length,
    ).toBe(MAX_BUTTON_TEXT);
    assertWithinBlockKitLimits(clamped);
  });

  it('keeps the trailing buttons and footer when too many blocks are sent', () => {
    const sections: KnownBlock[] = Array.from({ length: 70 }, (_, i) => ({
      type: 'section',
      text: { type: 'mrkdwn', text: `row ${i}` },
    }));
    const clamped = clampMessage({
      text: 'many',
      blocks: [
        ...sections,
        {
          type: 'actions',
          elements: [{ type: 'button', action_id: 'refresh', text: { type: 'plain_text', text: 'Refresh' } }],
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'footer' }] },
      ],
    });
    expect(clamped.blocks.length).toBeLessThanOrEqual(MAX_MESSAGE_BLOCKS);
    expect(clamped.blocks.at(-1)?.type).toBe('context');
    expect(clamped.blocks.at(-2)?.type).toBe('actions');
    expect(JSON.stringify(clamped.blocks.at(-3))).toContain('left out');
    assertWithinBlockKitLimits(clamped);
  });

  it('drops blocks beyond the aggregate text budget instead of letting Slack reject the message', () => {
    const sections: KnownBlock[] = Array.from({ length: 10 }, () => ({
      type: 'section',
      text: { type: 'mrkdwn', text: 'x'.repeat(2900) },
    }));
    const clamped = clampMessage({ text: 'big', blocks: sections });
    expect(blockTextLength(clamped.blocks)).toBeLessThanOrEqual(MESSAGE_TEXT_BUDGET);
    assertWithinBlockKitLimits(clamped);
  });

  it('gives an empty fallback text a default so notifications are never blank', () => {
    expect(clampMessage({ text: ' ', blocks: [] }).text).toBe('Shipwatch');
  });
});
