/**
 * Slack's side of token rotation: `oauth.v2.access` with `grant_type=refresh_token`, authenticated by the app's client
 * id and secret (docs/oauth.md, "Token rotation"). One quick retry on a transport failure; Slack's refusal
 * (`invalid_refresh_token`, a revoked app) rejects at once. The error names Slack's error code, never a token.
 */
import { webApi } from '@slack/bolt';
import type { OAuthConfig } from '../../config/env.js';
import type { RefreshWithSlack } from '../../tenancy/installations/token-refresh.js';

export function refreshWithSlack(options: {
  oauth: Pick<OAuthConfig, 'clientId' | 'clientSecret'>;
  slackApiUrl: string | null;
  timeoutMs?: number;
}): RefreshWithSlack {
  const client = new webApi.WebClient(undefined, {
    ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
    timeout: options.timeoutMs ?? 5_000,
    retryConfig: { retries: 1, minTimeout: 250, maxTimeout: 500 },
  });
  return async (refreshToken) => {
    let answer: Awaited<ReturnType<typeof client.oauth.v2.access>>;
    try {
      answer = await client.oauth.v2.access({
        client_id: options.oauth.clientId,
        client_secret: options.oauth.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
    } catch (error) {
      // SAFETY: Web API errors carry Slack's answer in `data`; anything else has no `data` and reads as undefined.
      const code = (error as { data?: { error?: unknown } }).data?.error;
      throw new Error(typeof code === 'string' ? code : 'Slack could not be reached');
    }
    if (!answer.access_token || !answer.refresh_token || typeof answer.expires_in !== 'number') {
      throw new Error('Slack answered without a rotated token');
    }
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresInSeconds: answer.expires_in,
    };
  };
}
