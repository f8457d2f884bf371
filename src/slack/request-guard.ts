/**
 * What Bolt's HTTPReceiver leaves unchecked, run in front of it on `POST /slack/events`:
 *
 * - A correctly signed request dated more than five minutes ahead is refused (401). Slack's rule is "more than five
 *   minutes from local time", either way; Bolt's verifySlackRequest rejects only old timestamps, so a request signed
 *   for next year would stay replayable until then.
 * - A signed body that is not a JSON object (`payload=null`, `payload=42`, `[]`) is refused (400). Bolt reads
 *   `body.ssl_check` outside its try, so `null` raised an unhandled rejection and the request was never answered.
 *
 * And the receiver's processEventErrorHandler: a payload Bolt cannot route (it throws before any listener runs, e.g. a
 * view_submission without `view`) is the sender's mistake, answered 400, not 500.
 *
 * Bolt still verifies every request itself afterwards: the guard buffers the body into `req.rawBody`, which Bolt
 * reuses, and leaves unsigned requests to Bolt's own 401.
 */
import type { IncomingMessage } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import {
  defaultBodyLimit,
  ErrorCode,
  HTTPModuleFunctions,
  type HTTPReceiver,
  isRawBodyError,
  type ReceiverProcessEventErrorHandlerArgs,
} from '@slack/bolt';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';

/** Slack: refuse a request whose timestamp is more than five minutes from local time. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

export type GuardVerdict = { ok: true } | { ok: false; status: 400 | 401 | 413; reason: string };

const PASS: GuardVerdict = { ok: true };

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

/** The body, read exactly as Bolt's parseHTTPRequestBody reads it, must be a JSON object. */
export function checkBodyShape(rawBody: string, contentType: string | undefined): GuardVerdict {
  let parsed: unknown;
  try {
    if (contentType === 'application/x-www-form-urlencoded') {
      const { payload } = parseQueryString(rawBody);
      // Form fields (a slash command) are an object already; only an interaction's `payload=` carries JSON.
      if (typeof payload !== 'string') return PASS;
      parsed = JSON.parse(payload);
    } else {
      parsed = JSON.parse(rawBody);
    }
  } catch {
    return { ok: false, status: 400, reason: 'the body is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, status: 400, reason: 'the payload is not a JSON object' };
  }
  return PASS;
}

export interface RequestGuardOptions {
  signingSecret: string;
  clock: Clock;
  logger: Logger;
  /** Where Bolt takes events; every other route (the health check) passes untouched. */
  eventsPath: string;
  /** Same limit as the receiver's (Bolt's default, 4 MB). */
  bodyLimit?: number;
}

/** Puts the checks in front of `receiver`, which looks its `requestListener` up on every request. */
export function guardHttpReceiver(receiver: HTTPReceiver, options: RequestGuardOptions): void {
  const inner = receiver.requestListener;
  receiver.requestListener = (req, res) => {
    if (req.method !== 'POST' || pathOf(req.url) !== options.eventsPath) {
      inner(req, res);
      return;
    }
    screen(req, options)
      .catch((error: unknown): GuardVerdict => {
        options.logger.error('request guard failed', { error });
        return { ok: false, status: 400, reason: 'the request could not be read' };
      })
      .then((verdict) => {
        if (verdict.ok) {
          inner(req, res);
          return;
        }
        options.logger.warn('refused a request to the Slack endpoint', {
          status: verdict.status,
          reason: verdict.reason,
        });
        if (!res.headersSent) HTTPModuleFunctions.buildNoBodyResponse(res, verdict.status);
      })
      .catch((error: unknown) => {
        // Bolt's listener for this path does its work asynchronously; a synchronous throw would be a Bolt bug.
        options.logger.error('the Slack endpoint failed to take a request', { error });
        if (!res.headersSent) HTTPModuleFunctions.buildNoBodyResponse(res, 500);
      });
  };
}

async function screen(req: IncomingMessage, options: RequestGuardOptions): Promise<GuardVerdict> {
  let rawBody: Buffer;
  try {
    const buffered = await HTTPModuleFunctions.parseAndVerifyHTTPRequest(
      { signingSecret: options.signingSecret, bodyLimit: options.bodyLimit ?? defaultBodyLimit },
      req,
    );
    rawBody = buffered.rawBody;
  } catch (error) {
    if (isRawBodyError(error)) {
      return error.statusCode === 413
        ? { ok: false, status: 413, reason: 'the body is larger than the limit' }
        : { ok: false, status: 400, reason: 'the body could not be read' };
    }
    // Not signed by Slack: Bolt checks the buffered body again, refuses it with 401 and logs why.
    return PASS;
  }
  const timestamp = checkRequestTimestamp(
    req.headers['x-slack-request-timestamp'],
    options.clock.now().getTime(),
  );
  if (!timestamp.ok) return timestamp;
  return checkBodyShape(rawBody.toString(), req.headers['content-type']);
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

function pathOf(url: string | undefined): string | null {
  if (url === undefined || !URL.canParse(url, 'http://localhost')) return null;
  return new URL(url, 'http://localhost').pathname;
}
