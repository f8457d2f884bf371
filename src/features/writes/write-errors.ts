/**
 * What a failed write means to the person who tried it, in one sentence. Writes are never retried automatically,
 * so a timeout is ambiguous: the change may have landed, and the message says so instead of guessing.
 */
import { isTrackingApiError } from '../../tracking/errors.js';

/** `target` names the thing written to in plain words, e.g. "TCLU1234568" or "`invoice.png`". */
export function describeWriteError(error: unknown, target: string): string {
  if (!isTrackingApiError(error))
    return `Something went wrong while changing ${target}. Nothing was changed.`;
  const detail = firstDetail(error.apiErrors);
  switch (error.code) {
    case 'forbidden':
      return `The tracking API key lacks update permission on ${target}.`;
    case 'feature_not_enabled':
      return `Your Terminal49 account doesn't include the feature needed to change ${target}${detail ? ` (${detail})` : ''}.`;
    case 'unauthorized':
      return 'Terminal49 refused the API key Shipwatch uses. Ask an admin to check TRACKING_API_KEY.';
    case 'not_found':
      return `${capitalise(target)} no longer exists in Terminal49.`;
    case 'invalid_request':
      return detail
        ? `Terminal49 refused the change: ${detail}`
        : `Terminal49 refused the change to ${target}.`;
    case 'rate_limited':
      return `Terminal49 is limiting requests right now${
        error.retryAfterSeconds ? `; try again in ${error.retryAfterSeconds} s` : '; try again in a minute'
      }. Nothing was changed.`;
    case 'timeout':
    case 'network':
    case 'upstream':
    case 'bad_response':
      return `Terminal49 didn't confirm the change to ${target}. It may or may not have been applied: refresh the card to check before trying again.`;
  }
}

/** The API's own explanation of a 422, preferring `detail` over `title`. */
export function firstDetail(
  apiErrors: ReadonlyArray<{ detail: string | null; title: string | null }>,
): string | null {
  for (const entry of apiErrors) {
    const text = entry.detail ?? entry.title;
    if (text) return text;
  }
  return null;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
