/**
 * The checks the receiver (http-receiver.ts) runs on `POST /slack/events`, beyond Slack's signature:
 *
 * - A request without Slack's signature headers, or declaring a body larger than Slack ever sends, is refused before
 *   its body is read (401 / 413): an unsigned flood costs a header parse, not a buffer each.
 * - A correctly signed request dated more than five minutes ahead is refused (401). Slack's rule is "more than five
 *   minutes from local time", either way; Bolt's verifySlackRequest rejects only old timestamps, so a request signed
 *   for next year would stay replayable until then.
 * - A signed body that is not a JSON object (`payload=null`, `payload=42`, `[]`) is refused (400). Bolt reads
 *   `body.ssl_check` outside its try, so `null` raised an unhandled rejection and the request was never answered.
 *   The body read for this check is the one Bolt gets.
 *
 * And the processEventErrorHandler: a payload Bolt cannot route (it throws before any listener runs, e.g. a
 * view_submission without `view`) is the sender's mistake, answered 400, not 500.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import { ErrorCode, HTTPModuleFunctions, type ReceiverProcessEventErrorHandlerArgs } from '@slack/bolt';
import { declaresMoreThan } from '../../http/declared-size.js';
import type { Logger } from '../../logger.js';

/** Slack: refuse a request whose timestamp is more than five minutes from local time. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

/**
 * The largest body Slack sends: a view submission or a click inside a modal carries the view (at most 250 kB of
 * JSON), form-encoded; 1 MiB leaves room for the encoding. Bolt's own default is 4 MB.
 */
export const MAX_SLACK_BODY_BYTES = 1024 * 1024;

export type GuardVerdict = { ok: true } | { ok: false; status: 400 | 401 | 413; reason: string };

const PASS: GuardVerdict = { ok: true };

/**
 * Slack's v0 signature, exactly: `v0=` and a hex SHA-256 (64 lowercase digits). Bolt compares only what follows the
 * first `=`, so `v0=<digest>=x` would verify as the same signature while looking like a new one to a replay guard
 * keyed on the header: anything else is refused before the body is read.
 */
const V0_SIGNATURE = /^v0=([0-9a-f]{64})$/;

/** The digest of a well-formed v0 signature header, or null. What identifies a signed request (with its timestamp). */
export function signatureDigest(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  return V0_SIGNATURE.exec(header)?.[1] ?? null;
}

/** Refuses, before the body is read, a request that cannot be Slack's: unsigned, or larger than Slack sends. */
export function checkHeaders(headers: IncomingHttpHeaders, maxBytes = MAX_SLACK_BODY_BYTES): GuardVerdict {
  const timestamp = headers['x-slack-request-timestamp'];
  if (typeof headers['x-slack-signature'] !== 'string' || typeof timestamp !== 'string') {
    return { ok: false, status: 401, reason: 'the request carries no Slack signature' };
  }
  if (signatureDigest(headers['x-slack-signature']) === null || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, status: 401, reason: 'the Slack signature headers are malformed' };
  }
  if (declaresMoreThan(headers, maxBytes)) {
    return { ok: false, status: 413, reason: 'the body is larger than Slack sends' };
  }
  return PASS;
}

/** Refuses a timestamp too far in the future; a missing or unreadable one is left to Bolt, which refuses it too. */
export function checkRequestTimestamp(header: string | string[] | undefined, nowMs: number): GuardVerdict {
  if (typeof header !== 'string') return PASS;
  const seconds = Number(header);
  if (Number.isNaN(seconds)) return PASS;
  const aheadSeconds = seconds - Math.floor(nowMs / 1000);
  if (aheadSeconds <= MAX_CLOCK_SKEW_SECONDS) return PASS;
  return {
    ok: false,
    status: 401,
    reason: `x-slack-request-timestamp is more than ${MAX_CLOCK_SKEW_SECONDS} s in the future`,
  };
}

export type BodyVerdict = { ok: true; body: Record<string, unknown> } | Exclude<GuardVerdict, { ok: true }>;

/**
 * The body, read exactly as Bolt's parseHTTPRequestBody reads it, and handed to Bolt as read: it must be a JSON object.
 * Read once: parsing it again for Bolt would repeat the form decoding and, for an interaction, the JSON of the whole
 * message it came from.
 */
export function readBody(rawBody: string, contentType: string | undefined): BodyVerdict {
  let parsed: unknown;
  try {
    if (contentType === 'application/x-www-form-urlencoded') {
      const fields = parseQueryString(rawBody);
      const { payload } = fields;
      // Form fields (a slash command) are an object already; only an interaction's `payload=` carries JSON.
      parsed = typeof payload === 'string' ? JSON.parse(payload) : fields;
    } else {
      parsed = JSON.parse(rawBody);
    }
  } catch {
    return { ok: false, status: 400, reason: 'the body is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, status: 400, reason: 'the payload is not a JSON object' };
  }
  // SAFETY: a non-null, non-array object, as Bolt's own parser would have handed it on.
  return { ok: true, body: parsed as Record<string, unknown> };
}

/**
 * The receiver's processEventErrorHandler. Listener errors never get here (the app's error handler takes them and
 * does not rethrow), so an error before the ack is Bolt failing to route the payload: a malformed request, 400. One
 * after the ack is only logged. Only the error is logged, never the payload (it carries tokens).
 */
export function answerUnroutableEvents(
  logger: Logger,
): (args: ReceiverProcessEventErrorHandlerArgs) => Promise<boolean> {
  return async ({ error, response }) => {
    if (response.headersSent) {
      logger.error('a Slack event failed after it was acknowledged', { error });
      return false;
    }
    // SAFETY: only the optional `code` is read, and compared to Bolt's own constant.
    const unauthorized = (error as { code?: unknown }).code === ErrorCode.AuthorizationError;
    logger.warn('refused a Slack payload the app could not route', { error });
    HTTPModuleFunctions.buildNoBodyResponse(response, unauthorized ? 401 : 400);
    // true: the request is answered, so Bolt's "not acknowledged in 3 s" timer must not fire.
    return true;
  };
}
