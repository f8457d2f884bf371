/**
 * `--data DIR`: every `*.json` file in DIR that is a JSON:API document (a single resource or a list, with or
 * without `included`) adds its resources to the store, so they are served by id — and shipments by number — next
 * to the demo data. Anything else is skipped with a reason, never fatal: a data folder often holds notes too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isResourceObject, type ResourceObject } from './resource.js';
import type { ResourceStore, VesselPosition } from './store.js';

export interface DataDirReport {
  files: string[];
  resources: number;
  skipped: Array<{ file: string; reason: string }>;
}

export interface DataDirContents {
  resources: ResourceObject[];
  report: DataDirReport;
}

function resourcesOf(document: unknown): ResourceObject[] | null {
  if (typeof document !== 'object' || document === null) return null;
  const { data, included } = document as { data?: unknown; included?: unknown }; // SAFETY: members checked below.
  const primary = Array.isArray(data) ? data : [data];
  if (data === undefined || data === null || !primary.every(isResourceObject)) return null;
  const extra = Array.isArray(included) ? included.filter(isResourceObject) : [];
  return [...primary, ...extra].map((resource) => ({ ...resource, attributes: resource.attributes ?? {} }));
}

/** Reads DIR; throws only when DIR itself cannot be read. */
export function readDataDir(dir: string): DataDirContents {
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
  const report: DataDirReport = { files: [], resources: 0, skipped: [] };
  const resources: ResourceObject[] = [];
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      report.skipped.push({
        file,
        reason: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      });
      continue;
    }
    const found = resourcesOf(parsed);
    if (!found) {
      report.skipped.push({ file, reason: 'not a JSON:API document (no data resource with id and type)' });
      continue;
    }
    report.files.push(file);
    report.resources += found.length;
    resources.push(...found);
  }
  return { resources, report };
}

function isPosition(value: unknown): value is VesselPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { latitude, longitude, timestamp } = value as Partial<VesselPosition>; // SAFETY: fields checked next.
  return typeof latitude === 'number' && typeof longitude === 'number' && typeof timestamp === 'string';
}

/** Puts loaded resources in the store; a vessel's `positions` become its position history (served by window). */
export function loadResources(store: ResourceStore, resources: readonly ResourceObject[]): void {
  for (const resource of resources) {
    const { positions, ...attributes } = resource.attributes;
    if (resource.type === 'vessel' && Array.isArray(positions)) {
      store.setVesselPositions(
        resource.id,
        positions
          .filter(isPosition)
          .map((p) => ({ ...p, heading: p.heading ?? null, estimated: Boolean(p.estimated) })),
      );
      store.put({ ...resource, attributes });
      continue;
    }
    store.put(resource);
  }
}
