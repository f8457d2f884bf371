/**
 * Slack's v0 request signature (docs/slack-platform.md#request-signing): hex HMAC-SHA256 over `v0:{timestamp}:{raw body}` with the
 * signing secret, sent as `X-Slack-Signature: v0=…` next to `X-Slack-Request-Timestamp` (seconds). The one signer:
 * the local workspace signs every request it sends the bot with it, and so do the tests and the bench; Bolt verifies
 * it on the other side, so every signed test checks the two against each other.
 */
import { createHmac } from 'node:crypto';

/** A type alias (not an interface) so it spreads into and assigns to `Record<string, string>` header maps. */
export type SlackSignatureHeaders = {
  'x-slack-request-timestamp': string;
  'x-slack-signature': string;
};

/** Signs the exact bytes sent; `nowMs` (default now) sets the timestamp, e.g. an old one to test replay refusal. */
export function signSlackRequest(
  signingSecret: string,
  rawBody: string,
  nowMs: number = Date.now(),
): SlackSignatureHeaders {
  const timestamp = String(Math.floor(nowMs / 1000));
  const digest = createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex');
  return { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': `v0=${digest}` };
}
