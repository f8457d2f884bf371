import { describe, expect, it } from 'vitest';
import { renderNoticeBy } from '../../../src/cards/notice.js';

describe('a notice that starts with who did it', () => {
  it('keeps the person as a mention and escapes the rest', () => {
    const notice = renderNoticeBy(':link:', 'U123', 'connected <!channel> & more');
    expect(notice.text).toBe('<@U123> connected &lt;!channel&gt; &amp; more');
    expect(notice.blocks?.[0]).toMatchObject({ text: { text: `:link: ${notice.text}` } });
  });

  it('shows a forged user id as text, not as mrkdwn', () => {
    expect(renderNoticeBy(':link:', 'U1> <!here', 'did it').text).toBe('U1&gt; &lt;!here did it');
  });
});
