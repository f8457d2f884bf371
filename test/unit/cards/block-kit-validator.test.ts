import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { ModalView, SlackMessage } from '../../../src/cards/types.js';
import { assertWithinBlockKitLimits, findBlockKitViolations } from '../../helpers/block-kit-validator.js';

const text = (value: string) => ({ type: 'mrkdwn' as const, text: value });
const plain = (value: string) => ({ type: 'plain_text' as const, text: value });

function message(blocks: unknown[], fallback = 'fallback'): SlackMessage {
  // SAFETY: the validator's job is to judge arbitrary (possibly invalid) JSON, so tests hand it untyped blocks.
  return { text: fallback, blocks: blocks as KnownBlock[] };
}

function problems(surface: SlackMessage | ModalView): string[] {
  return findBlockKitViolations(surface).map((violation) => `${violation.path}: ${violation.problem}`);
}

describe('Block Kit validator', () => {
  it('accepts a message within every limit', () => {
    expect(() =>
      assertWithinBlockKitLimits(
        message([
          { type: 'header', text: plain('Title') },
          {
            type: 'section',
            text: text('Body'),
            accessory: {
              type: 'overflow',
              action_id: 'o',
              options: [
                { text: plain('One'), value: '1' },
                { text: plain('Two'), value: '2' },
              ],
            },
          },
          { type: 'actions', elements: [{ type: 'button', action_id: 'b', text: plain('Go'), value: 'v' }] },
          { type: 'context', elements: [text('footer')] },
        ]),
      ),
    ).not.toThrow();
  });

  it('throws with the exact path of the violated limit', () => {
    const surface = message([
      {
        type: 'section',
        text: text('ok'),
        accessory: {
          type: 'overflow',
          action_id: 'o',
          options: [
            { text: plain('x'.repeat(80)), value: 'a' },
            { text: plain('b'), value: 'b' },
          ],
        },
      },
    ]);
    expect(() => assertWithinBlockKitLimits(surface)).toThrow(
      'blocks[0].accessory.options[0].text.text: 80 chars > 75',
    );
  });

  it('catches too many blocks, a missing fallback text and the aggregate text budget', () => {
    const many = Array.from({ length: 51 }, () => ({ type: 'section', text: text('y'.repeat(300)) }));
    expect(problems(message(many, ''))).toEqual(
      expect.arrayContaining([
        'blocks: 51 blocks > 50',
        'text: fallback text is required with blocks and must not be empty',
        'blocks: 15300 chars of block text > 12000 (msg_blocks_too_long)',
      ]),
    );
  });

  it('catches over-long section text, too many fields and over-long fields', () => {
    const fields = Array.from({ length: 11 }, (_, index) => text(index === 0 ? 'f'.repeat(2001) : 'f'));
    expect(problems(message([{ type: 'section', text: text('s'.repeat(3001)), fields }]))).toEqual([
      'blocks[0].text.text: 3001 chars > 3000',
      'blocks[0].fields: 11 item(s), allowed 1–10',
      'blocks[0].fields[0].text: 2001 chars > 2000',
    ]);
  });

  it('catches a mrkdwn header, an over-long header and an empty text', () => {
    expect(
      problems(
        message([
          { type: 'header', text: text('h'.repeat(151)) },
          { type: 'section', text: text('') },
        ]),
      ),
    ).toEqual([
      'blocks[0].text.type: must be plain_text here',
      'blocks[0].text.text: 151 chars > 150',
      'blocks[1].text.text: must be a non-empty string',
    ]);
  });

  it('catches too many context and actions elements, and duplicate action ids in one block', () => {
    const context = { type: 'context', elements: Array.from({ length: 11 }, () => text('c')) };
    const button = { type: 'button', action_id: 'same', text: plain('b') };
    const actions = { type: 'actions', elements: Array.from({ length: 26 }, () => button) };
    const found = problems(message([context, actions]));
    expect(found).toContain('blocks[0].elements: 11 item(s), allowed 1–10');
    expect(found).toContain('blocks[1].elements: 26 item(s), allowed 1–25');
    expect(found).toContain('blocks[1].elements[1].action_id: duplicate action_id "same" in one block');
  });

  it('catches button text, value, url and action_id limits', () => {
    const button = {
      type: 'button',
      action_id: 'a'.repeat(256),
      text: plain('t'.repeat(76)),
      value: 'v'.repeat(2001),
      url: `https://x/${'u'.repeat(3000)}`,
      style: 'loud',
    };
    expect(problems(message([{ type: 'actions', elements: [button] }]))).toEqual([
      'blocks[0].elements[0].action_id: 256 chars > 255',
      'blocks[0].elements[0].text.text: 76 chars > 75',
      'blocks[0].elements[0].value: 2001 chars > 2000',
      'blocks[0].elements[0].url: 3010 chars > 3000',
      'blocks[0].elements[0].style: must be primary or danger, got "loud"',
    ]);
  });

  it('catches an overflow menu with one option and an option value over 150', () => {
    const overflow = {
      type: 'overflow',
      action_id: 'o',
      options: [{ text: plain('only'), value: 'v'.repeat(151) }],
    };
    expect(problems(message([{ type: 'section', text: text('x'), accessory: overflow }]))).toEqual([
      'blocks[0].accessory.options: 1 item(s), allowed 2–5',
      'blocks[0].accessory.options[0].value: 151 chars > 150',
    ]);
  });

  it('catches confirm dialog limits', () => {
    const button = {
      type: 'button',
      action_id: 'b',
      text: plain('b'),
      confirm: {
        title: plain('t'.repeat(101)),
        text: text('x'.repeat(301)),
        confirm: plain('c'.repeat(31)),
        deny: plain('d'),
      },
    };
    expect(problems(message([{ type: 'actions', elements: [button] }]))).toEqual([
      'blocks[0].elements[0].confirm.title.text: 101 chars > 100',
      'blocks[0].elements[0].confirm.text.text: 301 chars > 300',
      'blocks[0].elements[0].confirm.confirm.text: 31 chars > 30',
    ]);
  });

  it('catches duplicate block ids, bad images and unknown block types', () => {
    expect(
      problems(
        message([
          { type: 'divider', block_id: 'x' },
          { type: 'divider', block_id: 'x' },
          { type: 'image', image_url: 'ftp://x', alt_text: '' },
          { type: 'sectoin', text: text('typo') },
        ]),
      ),
    ).toEqual([
      'blocks[1].block_id: duplicate block_id "x"',
      'blocks[2].image_url: must be an http(s) URL',
      'blocks[2].alt_text: required',
      'blocks[3].type: unknown block type "sectoin"',
    ]);
  });

  it('checks modal limits: title, submit, close, blocks, private_metadata and inputs', () => {
    const modal = {
      type: 'modal',
      callback_id: 'c',
      title: plain('A title that is far too long'),
      close: plain('c'.repeat(25)),
      private_metadata: 'm'.repeat(3001),
      blocks: [
        ...Array.from({ length: 100 }, () => ({ type: 'divider' })),
        {
          type: 'input',
          label: plain('l'.repeat(2001)),
          element: {
            type: 'static_select',
            action_id: 's',
            options: Array.from({ length: 101 }, (_, i) => ({ text: plain(`o${i}`), value: `${i}` })),
          },
        },
      ],
    };
    // SAFETY: a deliberately invalid modal; the validator reads it as untyped JSON.
    expect(problems(modal as unknown as ModalView)).toEqual([
      'title.text: 28 chars > 24',
      'close.text: 25 chars > 24',
      'private_metadata: 3001 chars > 3000',
      'blocks: 101 blocks > 100',
      'blocks[100].label.text: 2001 chars > 2000',
      'blocks[100].element.options: 101 item(s), allowed 1–100',
      'submit: a modal with input blocks needs a submit button',
    ]);
  });

  it('accepts a valid modal', () => {
    const modal: ModalView = {
      type: 'modal',
      callback_id: 'c',
      title: plain('Edit'),
      submit: plain('Save'),
      close: plain('Cancel'),
      blocks: [
        {
          type: 'input',
          block_id: 'i',
          label: plain('Ref'),
          element: { type: 'plain_text_input', action_id: 'r', max_length: 100 },
        },
      ],
    };
    expect(findBlockKitViolations(modal)).toEqual([]);
  });
});
