/**
 * What each scripted fault does to a request. `hang` and `reset` are transport-level, so they are returned as
 * outcomes for the caller (in-process handler or HTTP adapter) to enact; the others produce a Response, some by
 * damaging the real one (`malformed_json` truncates it, `missing_fields` drops a required attribute).
 */
import {
  errorResponse,
  genericErrorBody,
  RATE_LIMITED,
  routeNotFound,
  SERVICE_UNAVAILABLE,
  UNAUTHORIZED,
} from './errors.js';
import { jsonResponse } from './responses.js';
import { sleep } from './sleep.js';
import type { ScriptedFault } from './types.js';

export type Outcome = { kind: 'response'; response: Response } | { kind: 'reset' } | { kind: 'hang' };

const REQUIRED_ATTRIBUTE: Record<string, string> = {
  shipment: 'bill_of_lading_number',
  container: 'number',
  tracking_request: 'request_number',
  vessel: 'name',
  email_submission: 'subject',
  document: 'name',
  custom_field: 'api_slug',
  custom_field_definition: 'api_slug',
  search_result: 'entity_type',
};

const respond = (response: Response): Outcome => ({ kind: 'response', response });

function contentTypeFor(text: string): string {
  const start = text.trimStart().charAt(0);
  if (start === '{' || start === '[') return 'application/json; charset=utf-8';
  return start === '<' ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
}

function statusResponse(fault: ScriptedFault): Response {
  const status = fault.status ?? 500;
  const headers = new Headers();
  if (fault.retryAfterSeconds !== undefined) headers.set('retry-after', String(fault.retryAfterSeconds));
  if (status === 204 || status === 304) return new Response(null, { status, headers });
  if (typeof fault.body === 'string') {
    headers.set('content-type', contentTypeFor(fault.body));
    return new Response(fault.body, { status, headers });
  }
  if (fault.body !== undefined) return jsonResponse(status, fault.body, headers);
  if (status === 401) return errorResponse(status, [UNAUTHORIZED], headers);
  if (status === 429) return errorResponse(status, [RATE_LIMITED], headers);
  if (status === 503) return errorResponse(status, [SERVICE_UNAVAILABLE], headers);
  return jsonResponse(status, genericErrorBody(status), headers);
}

function dropRequired(resource: unknown): void {
  if (typeof resource !== 'object' || resource === null) return;
  const { type, attributes } = resource as { type?: unknown; attributes?: unknown }; // SAFETY: checked next.
  if (typeof attributes !== 'object' || attributes === null) return;
  const record = attributes as Record<string, unknown>; // SAFETY: a non-null object, only keys are deleted.
  const name = REQUIRED_ATTRIBUTE[String(type)] ?? Object.keys(record)[0];
  if (name) delete record[name];
}

/** The body with a required member removed: from every primary resource, or the first key of a plain body. */
function withoutRequired(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const record = body as Record<string, unknown>; // SAFETY: a non-null object parsed from JSON.
  if ('data' in record) {
    const items = Array.isArray(record.data) ? record.data : [record.data];
    for (const item of items) dropRequired(item);
  } else if (!('errors' in record)) {
    const first = Object.keys(record)[0];
    if (first) delete record[first];
  }
  return record;
}

export async function applyFault(
  fault: ScriptedFault,
  serve: () => Promise<Response>,
  signal: AbortSignal,
): Promise<Outcome> {
  switch (fault.kind) {
    case 'hang':
      return { kind: 'hang' };
    case 'reset':
      return { kind: 'reset' };
    case 'delay':
      await sleep(fault.delayMs ?? 1_000, signal);
      return respond(await serve());
    case 'html_404':
      return respond(routeNotFound());
    case 'status':
      return respond(statusResponse(fault));
    case 'malformed_json': {
      const text = await (await serve()).text();
      const cut = text.length > 1 ? text.slice(0, Math.ceil(text.length / 2)) : '{"data":{"id":';
      return respond(
        new Response(cut, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }),
      );
    }
    case 'missing_fields': {
      const real = await serve();
      const text = await real.text();
      try {
        return respond(jsonResponse(real.status, withoutRequired(JSON.parse(text))));
      } catch {
        return respond(new Response(text, { status: real.status, headers: real.headers }));
      }
    }
  }
}
