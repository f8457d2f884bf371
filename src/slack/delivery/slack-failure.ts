/**
 * Turns whatever a Slack call threw (Web API platform error, 429, timeout, HTTP error, an expired response_url) into a
 * small classification the delivery code can branch on, plus a log-safe description (no tokens, no bodies).
 */

export type SlackFailureKind =
  /** The bot cannot post here: not a member, channel unknown to the bot, or archived. */
  | 'channel_unavailable'
  /** trigger_id older than 3 s or already used. */
  | 'trigger_expired'
  | 'rate_limited'
  | 'timeout'
  | 'network'
  /** A response_url that answered 404 (30 minutes / 5 uses are over). */
  | 'response_url_expired'
  | 'http'
  | 'slack_error'
  | 'unknown';

export interface SlackFailure {
  kind: SlackFailureKind;
  /** Slack's own `error` string when there was one (`not_in_channel`, `msg_too_long`, …). */
  slackError: string | null;
  retryAfterSeconds: number | null;
  status: number | null;
}

const CHANNEL_UNAVAILABLE = new Set(['not_in_channel', 'channel_not_found', 'is_archived']);
const TRIGGER_EXPIRED = new Set(['expired_trigger_id', 'exchanged_trigger_id', 'invalid_trigger_id']);

export function classifySlackError(error: unknown): SlackFailure {
  const failure: SlackFailure = { kind: 'unknown', slackError: null, retryAfterSeconds: null, status: null };
  if (error === null || typeof error !== 'object') return failure;
  // SAFETY: only optional fields are read, each checked for its type before use.
  const e = error as {
    code?: unknown;
    data?: { error?: unknown };
    retryAfter?: unknown;
    statusCode?: unknown;
    original?: { name?: unknown };
    name?: unknown;
  };
  switch (e.code) {
    case 'slack_webapi_platform_error': {
      const slackError = typeof e.data?.error === 'string' ? e.data.error : null;
      failure.slackError = slackError;
      if (slackError && CHANNEL_UNAVAILABLE.has(slackError)) failure.kind = 'channel_unavailable';
      else if (slackError && TRIGGER_EXPIRED.has(slackError)) failure.kind = 'trigger_expired';
      else if (slackError === 'ratelimited') failure.kind = 'rate_limited';
      else failure.kind = 'slack_error';
      return failure;
    }
    case 'slack_webapi_rate_limited_error':
      failure.kind = 'rate_limited';
      failure.retryAfterSeconds = typeof e.retryAfter === 'number' ? e.retryAfter : null;
      return failure;
    case 'slack_webapi_request_error': {
      const name = e.original?.name;
      failure.kind = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
      return failure;
    }
    case 'slack_webapi_http_error':
      failure.kind = 'http';
      failure.status = typeof e.statusCode === 'number' ? e.statusCode : null;
      return failure;
    case 'slack_bolt_respond_error':
      failure.status = typeof e.statusCode === 'number' ? e.statusCode : null;
      failure.kind = failure.status === 404 ? 'response_url_expired' : 'http';
      return failure;
    default:
      if (e.name === 'TimeoutError' || e.name === 'AbortError') failure.kind = 'timeout';
      else if (e.name === 'TypeError') failure.kind = 'network'; // fetch() rejects with TypeError on connection errors
      return failure;
  }
}

/** Log fields for a failed Slack call: classification only, never tokens or message bodies. */
export function slackFailureFields(error: unknown): Record<string, unknown> {
  const failure = classifySlackError(error);
  return {
    slackFailure: failure.kind,
    ...(failure.slackError ? { slackError: failure.slackError } : {}),
    ...(failure.status ? { status: failure.status } : {}),
    ...(failure.retryAfterSeconds ? { retryAfterSeconds: failure.retryAfterSeconds } : {}),
  };
}
