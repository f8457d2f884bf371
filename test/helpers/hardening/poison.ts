/**
 * Hostile API data for the injection suite. Real demo documents are fetched from a simulator, every free-text value
 * (names, numbers, references, tags, subjects, file names, hold descriptions…) gets Slack control sequences, mrkdwn
 * styling, bidi overrides and, for some, 10 000 characters prepended, and the result is written as a `--data` folder.
 * A simulator started on that folder serves the poisoned resources in place of the demo ones (same ids), so the bot
 * meets them through its normal API calls.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { createSimulator } from '../../../src/simulator/index.js';
import { fetchDocument, isRecord, resourcesOf } from './documents.js';

/** Everything Slack would act on if it reached mrkdwn unescaped, plus styling and direction tricks. */
export const INJECTION =
  '<!channel> <!here> <!everyone> <@U0VICTIM> <#C0SECRET|general> <!subteam^S0ADMINS|@admins> ' +
  '<https://evil.example/login|click here> <mailto:x@evil.example|mail> *PWNED-BOLD* _italic_ ~strike~ `code` ' +
  '\u202Eexe.fdp\u202C \u2066isolated\u2069 &amp; &lt;b&gt;\n> fake quote\n';

/** 10 000 characters of the same. */
export const LONG_INJECTION = INJECTION.repeat(Math.ceil(10_000 / INJECTION.length)).slice(0, 10_000);

/** Attribute names whose values must stay machine-readable (ids, times, zones, enums, codes, numbers, URLs). */
const KEEP =
  /(^id$|_id$|_at$|_on$|timezone|time_zone|status|type$|_type|reason|lfd|locode|scac|imo|mmsi|latitude|longitude|degrees|length|height|weight|size|bytes|count|amount|currency|^code$|firms|smdg|bic|country|url|message_id|^is_|available|known|retry|state_abbr|deadlines)/;

/** Where the 10 000-character variant goes: fields a card shows prominently. */
const LONG_FIELDS = new Set([
  'customer_name',
  'shipping_line_name',
  'pod_vessel_name',
  'name',
  'subject',
  'body',
  'location_at_pod_terminal',
]);

function poisonValue(key: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if (KEEP.test(key)) return value;
    // The original stays at the end, so suffix-based logic (file extensions, check digits) still sees it.
    return `${LONG_FIELDS.has(key) ? LONG_INJECTION : INJECTION}${value}`;
  }
  if (Array.isArray(value)) {
    const poisoned = value.map((item) => poisonValue(key, item));
    return value.every((item) => typeof item === 'string') && !KEEP.test(key)
      ? [...poisoned, LONG_INJECTION, INJECTION]
      : poisoned;
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, poisonValue(name, child)]));
  }
  return value;
}

/** A copy of `document` with every free-text attribute of every resource poisoned. */
export function poisonDocument(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document);
  for (const resource of resourcesOf(copy)) {
    if (isRecord(resource.attributes)) {
      resource.attributes = poisonValue('attributes', resource.attributes);
    }
  }
  return copy;
}

const SHIPMENT_INCLUDE =
  'containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';

export interface PoisonedData {
  dir: string;
  cleanup(): void;
}

/** Writes poisoned copies of a shipment (with containers, ports, terminals), a vessel, two tracking requests and an email submission. */
export async function writePoisonedDataDir(): Promise<PoisonedData> {
  const sim = createSimulator();
  const base = 'http://sim/v2';
  const documents: Record<string, string> = {
    'shipment.json': `/shipments/${DEMO.shipments.slippedEta.id}?include=${SHIPMENT_INCLUDE}`,
    'many-containers.json': `/shipments/${DEMO.shipments.manyContainers.id}?include=${SHIPMENT_INCLUDE}`,
    'vessel.json': `/vessels/${DEMO.vessels.withPositions.id}`,
    'tracking-request.json': `/tracking_requests/${DEMO.trackingRequests.created}?include=tracked_object`,
    'pending-request.json': `/tracking_requests/${DEMO.trackingRequests.pending}`,
    'email-submission.json': `/email_submissions/${DEMO.emailSubmissions.withImages}?include=documents`,
  };
  const dir = mkdtempSync(join(tmpdir(), 'shipwatch-poison-'));
  for (const [file, path] of Object.entries(documents)) {
    const poisoned = poisonDocument(await fetchDocument(sim, base, path));
    writeFileSync(join(dir, file), JSON.stringify(poisoned));
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
