import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { INVITE_HINT, withInviteHint } from '../../../src/cards/invite-hint.js';

const section = (n: number): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: `block ${n}` },
});

describe('withInviteHint', () => {
  it('ends the card with the invite instructions', () => {
    const message = withInviteHint({ text: 'card', blocks: [section(1)] });
    expect(message.blocks).toHaveLength(2);
    expect(message.blocks[1]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: INVITE_HINT }] });
    expect(message.text).toBe('card');
  });

  it('stays within the 50-block limit on a full card', () => {
    const blocks = Array.from({ length: 50 }, (_, n) => section(n));
    const message = withInviteHint({ text: 'card', blocks });
    expect(message.blocks).toHaveLength(50);
    expect(message.blocks.at(-1)).toMatchObject({ type: 'context' });
  });

  it('tells people how to invite the bot', () => {
    expect(INVITE_HINT).toContain('/invite @Shipwatch');
  });
});
