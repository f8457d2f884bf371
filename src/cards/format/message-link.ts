/**
 * A link to a message built from what Slack already told us, without asking for it: Slack's permalinks have the form
 * `https://<workspace domain>.slack.com/archives/<channel>/p<ts without the dot>` (docs/slack-platform.md, "Links to
 * messages"), and the workspace's domain comes with every slash command (`team_domain`). `/shipwatch watching` links
 * forty cards this way instead of spending forty `chat.getPermalink` calls. Without a domain, `slack.com/archives/…`
 * still opens the message for a signed-in member.
 */
const DOMAIN = /^[a-z0-9][a-z0-9-]*$/i;
const CHANNEL = /^[A-Z0-9]+$/;
const TS = /^\d+\.\d+$/;

export function messageLink(input: {
  teamDomain: string | null | undefined;
  channelId: string;
  ts: string;
}): string | null {
  if (!CHANNEL.test(input.channelId) || !TS.test(input.ts)) return null;
  const host =
    input.teamDomain && DOMAIN.test(input.teamDomain) ? `${input.teamDomain}.slack.com` : 'slack.com';
  return `https://${host}/archives/${input.channelId}/p${input.ts.replace('.', '')}`;
}
