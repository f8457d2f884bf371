/**
 * Slack's v0 request signature (docs/slack-platform.md#request-signing): hex HMAC-SHA256 over `v0:{timestamp}:{raw body}`
 * with the signing secret, sent as `X-Slack-Signature: v0=…` next to `X-Slack-Request-Timestamp` (seconds).
 */
import { createHmac } from 'node:crypto';

export interface SlackSignatureHeaders {
  'x-slack-request-timestamp': string;
  'x-slack-signature': string;
}

export function signSlackRequest(
  signingSecret: string,
  rawBody: string,
  nowMs: number,
): SlackSignatureHeaders {
  const timestamp = String(Math.floor(nowMs / 1000));
  const digest = createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex');
  return { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': `v0=${digest}` };
}
