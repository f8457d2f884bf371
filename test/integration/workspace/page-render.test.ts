import { describe, expect, it } from 'vitest';
import { renderBlocks } from '../../../src/workspace/page/render/blocks.js';
import type { RenderContext } from '../../../src/workspace/page/render/context.js';
import { formatDateToken, parseDateToken } from '../../../src/workspace/page/render/date-token.js';
import { mrkdwnToHtml } from '../../../src/workspace/page/render/mrkdwn.js';

const NOW = Date.UTC(2026, 7, 20, 16, 0, 0);
const context: RenderContext = {
  surface: 'message',
  userName: (id) => (id === 'U0LOCALADA' ? 'Ada Okafor' : null),
  timeZone: 'America/Los_Angeles',
  now: NOW,
  errors: {},
  valueOf: () => undefined,
};

describe('the page’s mrkdwn renderer', () => {
  it('formats bold, italic, strike and code like Slack', () => {
    expect(mrkdwnToHtml('*ETA* _slipped_ ~old~ `MAEU1`', context)).toBe(
      '<b>ETA</b> <i>slipped</i> <s>old</s> <code class="mrkdwn-code">MAEU1</code>',
    );
  });

  it('renders a link with its label, also when emphasis wraps it', () => {
    expect(mrkdwnToHtml('*<https://example.com/a_b_c|BL 1>*', context)).toBe(
      '<b><a class="mrkdwn-link" href="https://example.com/a_b_c" target="_blank" rel="noopener noreferrer">BL 1</a></b>',
    );
  });

  it('never lets text become markup: escaped entities come back as text, raw tags are escaped', () => {
    const html = mrkdwnToHtml(
      '&lt;script&gt;alert(1)&lt;/script&gt; <img src=x onerror=alert(1)> "q"',
      context,
    );
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;q&quot;');
  });

  it('keeps javascript: links as plain text', () => {
    expect(mrkdwnToHtml('<javascript:alert(1)|click>', context)).toBe('click');
  });

  it('shows user mentions by name and broadcasts as badges', () => {
    expect(mrkdwnToHtml('<@U0LOCALADA> <!here>', context)).toBe(
      '<span class="mention" data-user-id="U0LOCALADA">@Ada Okafor</span> <span class="mention mention--broadcast">@here</span>',
    );
  });

  it('turns quotes and newlines into blockquotes and line breaks', () => {
    expect(mrkdwnToHtml('&gt; quoted\nplain\nmore', context)).toBe(
      '<blockquote class="mrkdwn-quote">quoted</blockquote>plain<br>more',
    );
  });

  it('shows known emoji and leaves unknown codes and clock times alone', () => {
    expect(mrkdwnToHtml(':warning: :no_such_emoji: 10:30:00', context)).toBe('⚠️ :no_such_emoji: 10:30:00');
  });
});

describe('Slack date tokens on the page', () => {
  const epoch = Date.UTC(2026, 7, 21, 2, 30, 0) / 1000;

  it('formats <!date^…> in the reader’s own zone, with the fallback as the title', () => {
    const html = mrkdwnToHtml(`<!date^${epoch}^{date_short} {time}|Aug 21, 02:30 UTC>`, context);
    expect(html).toContain('>Aug 20, 2026 7:30 PM</time>');
    expect(html).toContain('title="Aug 21, 02:30 UTC (shown in America/Los_Angeles)"');
  });

  it('says today / tomorrow for the pretty formats, by the reader’s calendar', () => {
    // Noon UTC on Aug 20: 05:00 the same day in Los Angeles, 20:00 the same day in Singapore.
    const noon = Date.UTC(2026, 7, 20, 12, 0, 0);
    const parts = parseDateToken(`${epoch}^{date_pretty}|x`);
    expect(parts && formatDateToken(parts, 'America/Los_Angeles', noon)).toBe('today');
    expect(parts && formatDateToken(parts, 'Asia/Singapore', noon)).toBe('tomorrow');
  });

  it('spells dates with ordinals and weekdays for {date_long}', () => {
    const parts = parseDateToken(`${epoch}^{date_long} ({date_num})|x`);
    expect(parts && formatDateToken(parts, 'UTC', NOW)).toBe('Friday, August 21st, 2026 (2026-08-21)');
  });

  it('falls back to the token’s fallback text when the zone is unusable', () => {
    expect(
      mrkdwnToHtml(`<!date^${epoch}^{date}|the fallback>`, { ...context, timeZone: 'Not/AZone' }),
    ).toContain('>the fallback</time>');
  });
});

describe('the page’s Block Kit renderer', () => {
  it('renders section fields, accessory overflow, styled buttons and context', () => {
    const html = renderBlocks(
      [
        {
          type: 'section',
          block_id: 'row',
          fields: [{ type: 'mrkdwn', text: '*Vessel*\nMAERSK EMDEN' }],
          accessory: {
            type: 'overflow',
            action_id: 'container_overflow',
            options: [{ text: { type: 'plain_text', text: 'Set custom field…' }, value: 'set_field:c1' }],
          },
        },
        {
          type: 'actions',
          block_id: 'acts',
          elements: [
            {
              type: 'button',
              action_id: 'r',
              style: 'primary',
              text: { type: 'plain_text', text: 'Refresh' },
            },
            { type: 'button', action_id: 'd', style: 'danger', text: { type: 'plain_text', text: 'Rotate' } },
          ],
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'Updated _now_' }] },
      ],
      context,
    );
    expect(html).toContain('<div class="bk-field"><b>Vessel</b><br>MAERSK EMDEN</div>');
    expect(html).toContain(
      'data-el="overflow-option" data-block-id="row" data-action-id="container_overflow"',
    );
    expect(html).toContain('class="bk-button bk-button--primary" data-el="button"');
    expect(html).toContain('class="bk-button bk-button--danger" data-el="button"');
    expect(html).toContain('<span class="bk-context__text">Updated <i>now</i></span>');
  });

  it('shows plain_text literally, so API data cannot inject markup', () => {
    const html = renderBlocks(
      [{ type: 'header', text: { type: 'plain_text', text: '<b>*PO* & co</b>' } }],
      context,
    );
    expect(html).toContain('&lt;b&gt;*PO* &amp; co&lt;/b&gt;');
  });

  it('shows a validation error under the input block it names', () => {
    const html = renderBlocks(
      [
        {
          type: 'input',
          block_id: 'track_edit_ref',
          label: { type: 'plain_text', text: 'Reference' },
          element: { type: 'plain_text_input', action_id: 'ref', initial_value: 'PO-1' },
        },
      ],
      { ...context, surface: 'modal', errors: { track_edit_ref: 'Use at most 50 characters.' } },
    );
    expect(html).toContain('value="PO-1"');
    expect(html).toContain('data-error-for="track_edit_ref">Use at most 50 characters.</div>');
  });

  it('keeps an unknown block visible as unsupported instead of dropping it', () => {
    expect(renderBlocks([{ type: 'call', block_id: 'c' }], context)).toContain('Unsupported block: call');
  });
});
