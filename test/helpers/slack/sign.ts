/**
 * Slack's v0 request signing for tests, in seconds as Slack's headers count them. Tests sign the raw bytes they send,
 * so a body re-encoded on the way would fail verification as it does in production. The HMAC itself is the local
 * workspace's signer (the one that signs every request the bot gets from the page); Bolt verifies it on the other
 * side, so the two are checked against each other by every signed test.
 */
import { signSlackRequest as signAtMs } from '../../../src/workspace/bot-link/sign.js';

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
  return signAtMs(signingSecret, rawBody, timestampSeconds * 1000);
}
