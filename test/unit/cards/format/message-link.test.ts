/** A card's link built from what Slack already said (docs/slack-platform.md, "Links to messages"). */
import { describe, expect, it } from 'vitest';
import { messageLink } from '../../../../src/cards/format/message-link.js';

describe('a link to a message', () => {
  it("opens the message in the workspace's own domain, or on slack.com without one", () => {
    expect(messageLink({ teamDomain: 'acme', channelId: 'C123', ts: '1700000000.000100' })).toBe(
      'https://acme.slack.com/archives/C123/p1700000000000100',
    );
    expect(messageLink({ teamDomain: null, channelId: 'C123', ts: '1700000000.000100' })).toBe(
      'https://slack.com/archives/C123/p1700000000000100',
    );
    expect(messageLink({ teamDomain: 'not a domain/', channelId: 'C123', ts: '1.2' })).toBe(
      'https://slack.com/archives/C123/p12',
    );
  });

  it('builds no link from a channel or ts Slack would not have sent', () => {
    expect(messageLink({ teamDomain: 'acme', channelId: 'c-1', ts: '1.2' })).toBeNull();
    expect(messageLink({ teamDomain: 'acme', channelId: 'C1', ts: '12' })).toBeNull();
  });
});
