/**
 * `PATCH /tracking_requests/{id}`. The OAS documents only a singular `ref_number` (which replaces `ref_numbers`
 * with `[value]`; empty or null clears them); the simulator also takes `ref_numbers`, `tags` and the live name
 * `shipment_tags`, and ignores anything else. Invalid values are a 422 pointing at the attribute.
 */
import type { RouteContext } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { badRequest, notFound, unprocessable } from '../errors.js';
import { jsonResponse } from '../responses.js';
import { readJsonBody, writeAttributes } from './body.js';

const MAX_REF_LENGTH = 50;
const MAX_TAG_LENGTH = 50;
const MAX_ITEMS = 25;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

type Check = { ok: true; values: string[] } | { ok: false; detail: string };

function checkRef(value: string, label: string): string | null {
  if (value.length > MAX_REF_LENGTH) return `${label} is too long (maximum is ${MAX_REF_LENGTH} characters)`;
  if (!PRINTABLE_ASCII.test(value)) return `${label} may only contain printable ASCII characters`;
  return null;
}

function checkTag(value: string): string | null {
  if (value.trim() === '') return "Tags can't contain blank values";
  if (value.length > MAX_TAG_LENGTH) return `Tag is too long (maximum is ${MAX_TAG_LENGTH} characters)`;
  if (CONTROL_CHARACTERS.test(value)) return 'Tags must not contain control characters';
  return null;
}

function checkList(value: unknown, label: string, checkItem: (item: string) => string | null): Check {
  if (value === null) return { ok: true, values: [] };
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    return { ok: false, detail: `${label} must be an array of strings` };
  }
  if (value.length > MAX_ITEMS)
    return { ok: false, detail: `${label} can have at most ${MAX_ITEMS} entries` };
  const values = value.map((item: string) => item.trim());
  for (const item of values) {
    const problem = checkItem(item);
    if (problem) return { ok: false, detail: problem };
  }
  return { ok: true, values };
}

export async function patchTrackingRequest(context: RouteContext): Promise<Response> {
  const { store, clock } = context.state;
  const trackingRequest = store.get('tracking_request', context.params.id ?? '');
  if (!trackingRequest) return notFound();
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body);
  if (!attributes) return badRequest('param is missing or the value is empty: data');
  const changes: Record<string, unknown> = {};
  if ('ref_number' in attributes) {
    const value = attributes.ref_number;
    if (value !== null && typeof value !== 'string') {
      return unprocessable('/data/attributes/ref_number', 'Ref number must be a string');
    }
    const trimmed = (value ?? '').trim();
    const problem = checkRef(trimmed, 'Ref number');
    if (problem) return unprocessable('/data/attributes/ref_number', problem);
    changes.ref_numbers = trimmed === '' ? [] : [trimmed];
  }
  if ('ref_numbers' in attributes) {
    const checked = checkList(attributes.ref_numbers, 'Ref numbers', (item) => checkRef(item, 'Ref number'));
    if (!checked.ok) return unprocessable('/data/attributes/ref_numbers', checked.detail);
    changes.ref_numbers = checked.values.filter(Boolean);
  }
  for (const key of ['tags', 'shipment_tags'] as const) {
    if (!(key in attributes)) continue;
    const checked = checkList(attributes[key], 'Tags', checkTag);
    if (!checked.ok) return unprocessable(`/data/attributes/${key}`, checked.detail);
    changes.shipment_tags = [...new Set(checked.values)];
  }
  if (Object.keys(changes).length > 0) {
    trackingRequest.attributes = {
      ...trackingRequest.attributes,
      ...changes,
      updated_at: isoSeconds(clock.now()),
    };
  }
  return jsonResponse(200, { data: trackingRequest });
}
