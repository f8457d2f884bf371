/**
 * A `respond` for code that has a response_url but no Bolt listener arguments (the error handler). Same protocol as
 * Bolt's: JSON POST, and a non-2xx answer (an expired URL answers 404) is an error.
 */
import type { Respond } from './slack-client.js';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{
  ok: boolean;
  status: number;
}>;

export function createResponder(fetchFn: FetchLike): (responseUrl: string) => Respond {
  return (responseUrl) => async (message) => {
    const response = await fetchFn(responseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
    if (!response.ok) {
      throw Object.assign(new Error(`response_url answered ${response.status}`), {
        code: 'slack_bolt_respond_error',
        statusCode: response.status,
      });
    }
    return response;
  };
}

/** Slack's own response_url hosts (hooks.slack.com, and GovSlack's). */
const SLACK_HOSTS = /(^|\.)slack(-gov)?\.com$/;

/**
 * Whether a payload's response_url may be POSTed to: Slack's hosts over HTTPS, or the host of SLACK_API_URL when one
 * is configured (the local workspace and tests point the bot at a stand-in there). Anything else came from a forged
 * or tampered payload, and posting a card to it would hand shipment data to whoever named it.
 */
export function isAllowedResponseUrl(url: string, slackApiUrl: string | null): boolean {
  if (!URL.canParse(url)) return false;
  const target = new URL(url);
  if (target.protocol === 'https:' && SLACK_HOSTS.test(target.hostname)) return true;
  if (slackApiUrl === null || !URL.canParse(slackApiUrl)) return false;
  const standIn = new URL(slackApiUrl);
  return target.protocol === standIn.protocol && target.hostname === standIn.hostname;
}
