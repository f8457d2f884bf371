/**
 * The check every `POST /ui/*` route should make before it acts (cross-site request forgery): the page's own
 * script sends JSON with an Origin equal to the workspace's origin. Browsers always send Origin on a cross-origin
 * POST, so a request from another site (a hidden form posting `text/plain`, say) is refused with 403 whatever its
 * body; a request without Origin or Sec-Fetch-Site comes from a non-browser client (curl, tests), which the host
 * check already limits to loopback. Then the body must be declared JSON (415 otherwise), which no form can send.
 */
import type { IncomingHttpHeaders } from 'node:http';

export type UiRequestCheck = { ok: true } | { ok: false; status: 403 | 415; error: string };

/** Whether the request comes from the workspace's own page (or from no browser at all). */
export function isSameOrigin(headers: IncomingHttpHeaders): boolean {
  const { origin, host } = headers;
  if (origin !== undefined)
    return host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}`;
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}

/** Whether the declared media type is exactly application/json (parameters such as charset allowed). */
export function isJsonContentType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Same origin first (403 `cross_origin`), then a JSON body (415 `json_required`). */
export function checkUiRequest(headers: IncomingHttpHeaders): UiRequestCheck {
  if (!isSameOrigin(headers)) return { ok: false, status: 403, error: 'cross_origin' };
  if (!isJsonContentType(headers['content-type'])) return { ok: false, status: 415, error: 'json_required' };
  return { ok: true };
}
