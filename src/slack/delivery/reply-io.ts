/** The parts of a Replier's io that come from the runtime: which response_urls it may use, and the card registry. */
import type { SlackRuntime } from '../runtime.js';
import { isAllowedResponseUrl } from './response-url.js';

/** A response_url the bot may answer through (Slack's hosts, or the configured stand-in's). */
export function respondsTo(
  url: string | null | undefined,
  runtime: Pick<SlackRuntime, 'config'>,
): url is string {
  return typeof url === 'string' && isAllowedResponseUrl(url, runtime.config.slack.apiUrl);
}

/** The registry of posted cards and its clock, when the app has a store. */
export function registry(runtime: Pick<SlackRuntime, 'cards' | 'wallClock'>) {
  return runtime.cards
    ? { cards: runtime.cards, ...(runtime.wallClock ? { clock: runtime.wallClock } : {}) }
    : {};
}
