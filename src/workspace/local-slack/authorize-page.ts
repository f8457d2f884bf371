/**
 * Slack's own pages in the install demo (docs/oauth.md, "Trying it locally"): the authorize page an "Add to Slack"
 * leads to (`GET /oauth/v2/authorize`: which workspace, Allow or Cancel), its answer (`POST`: a code for the chosen
 * workspace, and back to the app's redirect URL with the state it brought), and `GET /app_redirect?team=…` (the page
 * of that workspace), where Shipwatch's "installed" page sends people back. Only the app's own client id and redirect
 * URL are accepted; the answer must come from this page (same origin).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http/read-body.js';
import { isSameOrigin } from '../http/same-origin.js';
import { escapeHtml } from '../page/render/escape.js';
import type { InstallGrant, OAuthGrants } from '../web-api/oauth-grants.js';

export interface AuthorizeSite {
  grants: OAuthGrants;
  /** The workspaces a person may pick, with the grant Allow gives in each (scopes as the app asked). */
  workspaces(): Array<{ id: string; name: string; url: string; grant(scopes: string[]): InstallGrant }>;
  /** Where the app's redirect URL must point (Shipwatch's base URL); null until Shipwatch runs. */
  appUrl(): string | null;
}

export const AUTHORIZE_PATH = '/oauth/v2/authorize';
export const APP_REDIRECT_PATH = '/app_redirect';

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

export async function answerSlackSite(
  site: AuthorizeSite,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (url.pathname === APP_REDIRECT_PATH && request.method === 'GET') {
    const target = site.workspaces().find((workspace) => workspace.id === url.searchParams.get('team'));
    response.writeHead(target ? 302 : 404, target ? { location: target.url } : HEADERS);
    response.end(target ? '' : 'No such workspace.');
    return true;
  }
  if (url.pathname !== AUTHORIZE_PATH) return false;
  if (request.method === 'GET') {
    const ask = requestOf(site, url.searchParams);
    if (typeof ask === 'string')
      return page(response, 400, 'This install cannot go on', `<p>${escapeHtml(ask)}</p>`);
    return page(response, 200, 'Shipwatch is asking to join a workspace', chooser(site, ask));
  }
  if (request.method !== 'POST') return page(response, 405, 'Not allowed', '');
  if (!isSameOrigin(request.headers))
    return page(response, 403, 'Refused', '<p>This form comes from another site.</p>');
  const form = new URLSearchParams(await readBody(request, 16_384));
  const ask = requestOf(site, form);
  if (typeof ask === 'string')
    return page(response, 400, 'This install cannot go on', `<p>${escapeHtml(ask)}</p>`);
  const back = new URL(ask.redirectUri);
  if (ask.state !== null) back.searchParams.set('state', ask.state);
  const workspace = site.workspaces().find((each) => each.id === form.get('team'));
  if (form.get('decision') !== 'allow' || !workspace) {
    back.searchParams.set('error', 'access_denied');
  } else {
    back.searchParams.set('code', site.grants.issueCode(workspace.grant(ask.scopes), ask.redirectUri));
  }
  response.writeHead(302, { location: back.href });
  response.end();
  return true;
}

interface InstallRequest {
  redirectUri: string;
  state: string | null;
  scopes: string[];
}

/** The install the app asked for, or why it cannot go on. */
function requestOf(site: AuthorizeSite, params: URLSearchParams): InstallRequest | string {
  if (params.get('client_id') !== site.grants.app.clientId) return 'This app is not known here (client_id).';
  const appUrl = site.appUrl();
  const redirectUri = params.get('redirect_uri') ?? (appUrl ? `${appUrl}/slack/oauth_redirect` : null);
  if (!redirectUri || !appUrl || !redirectUri.startsWith(`${appUrl}/`)) {
    return 'The redirect URL is not the app’s own.';
  }
  const scopes = (params.get('scope') ?? '').split(',').filter((scope) => scope !== '');
  return { redirectUri, state: params.get('state'), scopes };
}

function chooser(site: AuthorizeSite, ask: InstallRequest): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const choices = site
    .workspaces()
    .map((workspace, index) => {
      const installed = site.grants.currentToken(workspace.id) !== null;
      return `<label class="choice"><input type="radio" name="team" value="${escapeHtml(workspace.id)}"${index === 0 ? ' checked' : ''} data-testid="authorize-team-${escapeHtml(workspace.id)}"> ${escapeHtml(workspace.name)}${installed ? ' <small>(already installed: installs again)</small>' : ''}</label>`;
    })
    .join('');
  return `<p>Shipwatch will be able to: ${ask.scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(', ')}.</p>
<form method="post" action="${AUTHORIZE_PATH}">
${hidden('client_id', site.grants.app.clientId)}${hidden('redirect_uri', ask.redirectUri)}${hidden('scope', ask.scopes.join(','))}${ask.state === null ? '' : hidden('state', ask.state)}
<fieldset><legend>Install into</legend>${choices}</fieldset>
<p><button type="submit" name="decision" value="allow" data-testid="authorize-allow">Allow</button>
<button type="submit" name="decision" value="cancel">Cancel</button></p>
</form>`;
}

function page(response: ServerResponse, status: number, title: string, body: string): true {
  response.writeHead(status, HEADERS);
  response.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Slack (local) — ${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
.choice{display:block;margin:.4rem 0}fieldset{border:1px solid #ccc;border-radius:6px}
button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}</style>
</head>
<body><p><small>The local workspace’s stand-in for Slack’s install page.</small></p><h1>${escapeHtml(title)}</h1>${body}</body>
</html>`);
  return true;
}
