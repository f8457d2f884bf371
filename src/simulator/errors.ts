/**
 * The real API's error bodies (docs/domain-rules.md "Error bodies"), reproduced byte for byte as production sends
 * them, so the client's error handling is exercised against what production sends — including the irregular ones
 * (`/search`'s 400 has no status or title, a 404 for a tracking request has no detail, unknown routes are HTML).
 */
import { htmlResponse, jsonResponse } from './responses.js';

export interface ApiError {
  status?: string;
  title?: string | null;
  detail?: string | null;
  source?: { pointer?: string; parameter?: string } | null;
  code?: string;
}

export function errorResponse(status: number, errors: ApiError[], headers?: HeadersInit): Response {
  return jsonResponse(status, { errors }, headers);
}

export const UNAUTHORIZED: ApiError = {
  status: '401',
  title: 'Unauthorized',
  detail: 'Invalid or missing API token.',
};

export const ROUTING_NOT_ENABLED: ApiError = {
  status: '403',
  source: null,
  title: 'Forbidden',
  detail: 'Routing data feature is not enabled for this account',
};

/** Managing webhooks needs the "data-out" entitlement; the real body is not documented, this one follows the 403s above. */
export const WEBHOOKS_NOT_ENABLED: ApiError = {
  status: '403',
  source: null,
  title: 'Forbidden',
  detail: 'Webhooks (data out) are not enabled for this account',
};

export const READ_ONLY_KEY: ApiError = {
  status: '403',
  title: 'Forbidden',
  detail: 'This API key does not have update permission for this resource.',
};

export const RATE_LIMITED: ApiError = {
  status: '429',
  title: 'Too Many Requests',
  detail:
    'Your account has exceeded its API rate limit. Please reduce request frequency or contact support to increase your limit. Consider using webhooks for real-time updates instead of polling.',
};

/** `POST /tracking_requests` has a quota of its own (100 a minute), with its own 429. */
export const CREATE_LIMIT_REACHED: ApiError = {
  status: '429',
  title: 'Too Many Requests',
  detail: "You've hit the create tracking requests limit. Please try again in a minute.",
};

/** `PATCH /containers/{id}/refresh` (10 a minute). */
export const REFRESH_LIMIT_REACHED: ApiError = {
  status: '429',
  title: 'Too Many Requests',
  detail: "You've hit the refresh limit. Please try again in a minute.",
};

/** `POST /tracking_requests/infer_number` (200 a minute): the documented body has no title. */
export const INFER_LIMIT_REACHED: ApiError = { status: '429', detail: 'Rate limit exceeded' };

export const SERVICE_UNAVAILABLE: ApiError = {
  status: '503',
  title: 'Service Unavailable',
  detail: 'The service is temporarily unavailable. Please try again shortly.',
};

/** The body production sent for an unhandled exception (LIVE `GET /custom_fields`). */
export const INTERNAL_ERROR: ApiError = {
  status: '500',
  source: null,
  title: 'Internal Server Error',
  detail: null,
};

/** Shipments, containers, tracking requests, vessels: a 404 without `detail`. */
export function notFound(): Response {
  return errorResponse(404, [{ status: '404', title: 'Not Found' }]);
}

/** Documents, email submissions…: a 404 naming the Rails model (`Couldn't find Document`). */
export function modelNotFound(model: string): Response {
  return errorResponse(404, [{ status: '404', title: 'Not Found', detail: `Couldn't find ${model}` }]);
}

export function badRequest(detail: string | null, parameter?: string): Response {
  const error: ApiError = { status: '400', title: 'Bad Request', detail };
  if (parameter) error.source = { parameter };
  return errorResponse(400, [error]);
}

/** A validation failure pointing at the offending body member, like `POST /tracking_requests`' 422s. */
export function unprocessable(pointer: string, detail: string, code = 'invalid'): Response {
  return errorResponse(422, [
    { status: '422', source: { pointer }, title: 'Unprocessable Entity', detail, code },
  ]);
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A generic JSON:API error body for any status (scripted `status` faults without a body). */
export function genericErrorBody(status: number): { errors: ApiError[] } {
  return { errors: [{ status: String(status), title: STATUS_TITLES[status] ?? 'Error', detail: null }] };
}

/** Rails' public/404.html: what production answers for a route it does not know (LIVE `/containers/{id}/route`). */
export const RAILS_404_HTML = `<!DOCTYPE html>
<html>
<head>
  <title>The page you were looking for doesn't exist (404)</title>
  <meta name="viewport" content="width=device-width,initial-scale=1">
</head>

<body>
  <!-- This file lives in public/404.html -->
  <div class="dialog">
    <div>
      <h1>The page you were looking for doesn't exist.</h1>
      <p>You may have mistyped the address or the page may have moved.</p>
    </div>
    <p>If you are the application owner check the logs for more information.</p>
  </div>
</body>
</html>
`;

export function routeNotFound(): Response {
  return htmlResponse(404, RAILS_404_HTML);
}
