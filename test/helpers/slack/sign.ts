/**
 * Slack's v0 request signing, exactly as Slack does it: HMAC-SHA256 over `v0:{timestamp}:{raw body}` with the signing
 * secret. Tests sign the raw bytes they send, so a body re-encoded on the way would fail verification as it does in
 * production.
 */
import { createHmac } from 'node:crypto';

/** A type alias (not an interface) so it is assignable to `Record<string, string>` header maps. */
export type SlackSignatureHeaders = {
  'x-slack-signature': string;
  'x-slack-request-timestamp': string;
};

/** Signs `rawBody` with `signingSecret`; `timestampSeconds` defaults to now (pass an old one to test replay rejection). */
export function signSlackRequest(
  signingSecret: string,
  rawBody: string,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): SlackSignatureHeaders {
  const timestamp = String(timestampSeconds);
  const digest = createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex');
  return { 'x-slack-signature': `v0=${digest}`, 'x-slack-request-timestamp': timestamp };
}
