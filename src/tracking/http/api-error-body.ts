/**
 * Reads a JSON:API error body defensively. The API sends `{errors:[…]}` with any field missing (`/search` 400 has only
 * `detail`), the OAS shows `{error:[…]}` and `{error:"…"}`, and unknown routes answer with a Rails HTML page. Nothing
 * here throws: an unreadable body simply yields no details.
 */
import type { ApiErrorDetail } from '../errors.js';

/** Flattens whatever error body the API sent into `ApiErrorDetail[]` (empty for HTML, empty or non-JSON bodies). */
export function parseApiErrorBody(text: string): ApiErrorDetail[] {
  const json = tryParseJson(text);
  if (typeof json !== 'object' || json === null) return [];
  const body: Record<string, unknown> = { ...json };
  const list = body.errors ?? body.error;
  if (typeof list === 'string') return [detailOnly(list)];
  if (!Array.isArray(list)) return typeof body.message === 'string' ? [detailOnly(body.message)] : [];
  const details: ApiErrorDetail[] = [];
  for (const entry of list) {
    if (typeof entry === 'string') details.push(detailOnly(entry));
    else if (typeof entry === 'object' && entry !== null) details.push(toDetail({ ...entry }));
  }
  return details;
}

/** `detail || title || code`, plus ` (pointer)` when the API names the field, joined with `; ` (as the SDK does). */
export function summarizeApiErrors(details: readonly ApiErrorDetail[]): string {
  const parts: string[] = [];
  for (const d of details) {
    const text = d.detail ?? d.title ?? d.code;
    if (text === null) continue;
    const where = d.pointer ?? (d.parameter === null ? null : `parameter ${d.parameter}`);
    parts.push(where === null ? text : `${text} (${where})`);
  }
  return parts.join('; ');
}

function toDetail(entry: Record<string, unknown>): ApiErrorDetail {
  const source = typeof entry.source === 'object' && entry.source !== null ? { ...entry.source } : {};
  const sourceFields: Record<string, unknown> = source;
  return {
    status: text(entry.status),
    title: text(entry.title),
    detail: text(entry.detail),
    code: text(entry.code),
    pointer: text(sourceFields.pointer),
    parameter: text(sourceFields.parameter),
  };
}

function detailOnly(detail: string): ApiErrorDetail {
  return { status: null, title: null, detail, code: null, pointer: null, parameter: null };
}

/** Strings as they are, numbers (a numeric `status`) as strings, everything else null. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 0 ? value : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function tryParseJson(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
