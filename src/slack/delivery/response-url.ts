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
