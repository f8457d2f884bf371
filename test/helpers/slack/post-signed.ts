/**
 * POSTs a form-encoded Slack payload to a running Shipwatch's `/slack/events`, signed as Slack signs it — the one way
 * tests that start Shipwatch as a process (replicas, stop on SIGTERM, digests) reach its bot over HTTP.
 */
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';

export interface SignedPostOptions {
  /** Headers to send instead of a fresh signature (a replay of an earlier request, or a forged one). */
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function postSignedToEvents(
  origin: string,
  signingSecret: string,
  body: string,
  options: SignedPostOptions = {},
): Promise<Response> {
  return fetch(`${origin}/slack/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.headers ?? signSlackRequest(signingSecret, body)),
    },
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
}
