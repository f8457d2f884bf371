/**
 * A person installing Shipwatch in a browser, step by step, against Shipwatch's install routes and the fake Slack's
 * authorize page: open `/slack/install` (a state cookie and a redirect to Slack), let Slack allow it (a redirect back
 * with a code and the state), and follow that redirect with the cookie. Each step can be changed to what an attacker
 * or Slack's own "Add to Slack" button would send.
 */
import type { InstallGrant } from '../../../src/workspace/web-api/oauth-grants.js';
import type { FakeSlackApi } from '../slack/fake-slack-api.js';

export interface Answer {
  status: number;
  location: string | null;
  setCookie: string | null;
  body: string;
}

export async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { redirect: 'manual', headers });
  return {
    status: response.status,
    location: response.headers.get('location'),
    setCookie: response.headers.get('set-cookie'),
    body: await response.text(),
  };
}

export interface StartedInstall {
  /** Slack's authorize URL Shipwatch sent the browser to. */
  authorizeUrl: URL;
  /** The state Shipwatch issued (in the authorize URL and the cookie). */
  state: string;
  cookie: string;
}

export async function startInstall(shipwatchUrl: string): Promise<StartedInstall> {
  const answer = await get(`${shipwatchUrl}/slack/install`);
  if (answer.status !== 302 || !answer.location || !answer.setCookie) {
    throw new Error(`/slack/install answered ${answer.status} without a redirect and a cookie`);
  }
  const authorizeUrl = new URL(answer.location);
  const cookie = answer.setCookie.split(';')[0] ?? '';
  return { authorizeUrl, state: authorizeUrl.searchParams.get('state') ?? '', cookie };
}

/** Slack's authorize page allows `grant`: where it sends the browser back (the redirect URL with code and state). */
export async function allowOnSlack(
  slack: FakeSlackApi,
  started: StartedInstall,
  grant: InstallGrant,
): Promise<URL> {
  slack.allowNextInstall(grant);
  const answer = await get(started.authorizeUrl.href);
  if (answer.status !== 302 || !answer.location)
    throw new Error(`Slack's authorize page answered ${answer.status}`);
  return new URL(answer.location);
}

/** The whole install, as a person does it. */
export async function installInBrowser(
  shipwatchUrl: string,
  slack: FakeSlackApi,
  grant: InstallGrant,
): Promise<Answer> {
  const started = await startInstall(shipwatchUrl);
  const back = await allowOnSlack(slack, started, grant);
  return get(back.href, { cookie: started.cookie });
}
