/**
 * The files behind documents: presigned-style download URLs on the simulator's own origin, a rotation state per
 * document (each accepted rotation bumps the version, so the next `download_url` differs and the bytes are the
 * rotated image), and the bytes. Images are committed fixtures, one per quarter turn (fixtures/: a scanned
 * delivery order as PNG, a container-door photo as JPEG, each with an unmistakable "up"); every PNG document is
 * served the scan and every JPEG the photo. PDFs are written per document (pdf.ts), so each shows its own title.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Clock } from '../../clock.js';
import type { ResourceObject } from '../resource.js';
import { encodePdf } from './pdf.js';

export type QuarterTurn = 0 | 90 | 180 | 270;

/** Presigned URLs last a week: the local Slack page may show an image long after the card was posted. */
const URL_LIFETIME_SECONDS = 7 * 24 * 3600;
const MAX_CACHED_FILES = 64;

export interface RenderedFile {
  bytes: Uint8Array;
  contentType: string;
}

export type DownloadCheck = { ok: true; rotation: QuarterTurn } | { ok: false; reason: string };

function signature(documentId: string, version: number, rotation: number, expires: number): string {
  return createHash('sha256')
    .update(`shipwatch-sim|${documentId}|${version}|${rotation}|${expires}`)
    .digest('hex')
    .slice(0, 32);
}

export function isRotatable(document: ResourceObject): boolean {
  return String(document.attributes.file_content_type ?? '').startsWith('image/');
}

export function hasFile(document: ResourceObject): boolean {
  return Boolean(document.attributes.file_name) || Boolean(document.attributes.file_content_type);
}

export class DocumentFiles {
  private readonly rotations = new Map<string, { rotation: QuarterTurn; version: number }>();
  private readonly cache = new Map<string, RenderedFile>();

  constructor(private readonly clock: Clock) {}

  state(documentId: string): { rotation: QuarterTurn; version: number } {
    return this.rotations.get(documentId) ?? { rotation: 0, version: 1 };
  }

  /** Applies a clockwise rotation on top of the current one; the new version gets a new URL. */
  rotate(documentId: string, degrees: 90 | 180 | 270): void {
    const { rotation, version } = this.state(documentId);
    // SAFETY: a sum of quarter turns modulo 360 is a quarter turn.
    this.rotations.set(documentId, {
      rotation: ((rotation + degrees) % 360) as QuarterTurn,
      version: version + 1,
    });
  }

  downloadUrl(origin: string, documentId: string): string {
    const { rotation, version } = this.state(documentId);
    const expires = Math.floor(this.clock.now().getTime() / 1000) + URL_LIFETIME_SECONDS;
    const query = `version=${version}&rotation=${rotation}&expires=${expires}&signature=${signature(documentId, version, rotation, expires)}`;
    return `${origin}/v2/documents/${encodeURIComponent(documentId)}/file?${query}`;
  }

  /** Validates a download URL's query the way an object store checks a presigned URL. */
  check(documentId: string, query: URLSearchParams): DownloadCheck {
    const version = Number(query.get('version'));
    const rotation = Number(query.get('rotation'));
    const expires = Number(query.get('expires'));
    if (
      ![0, 90, 180, 270].includes(rotation) ||
      query.get('signature') !== signature(documentId, version, rotation, expires)
    ) {
      return { ok: false, reason: 'SignatureDoesNotMatch' };
    }
    if (expires * 1000 < this.clock.now().getTime()) return { ok: false, reason: 'Request has expired' };
    // SAFETY: checked against the four quarter turns just above.
    return { ok: true, rotation: rotation as QuarterTurn };
  }

  render(document: ResourceObject, rotation: QuarterTurn): RenderedFile {
    const key = `${document.id}:${rotation}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const file = renderFile(document, rotation);
    if (this.cache.size >= MAX_CACHED_FILES) this.cache.clear();
    this.cache.set(key, file);
    return file;
  }
}

function textOf(document: ResourceObject): { heading: string; lines: string[] } {
  const type = String(document.attributes.document_type ?? 'document')
    .replace(/_/g, ' ')
    .toUpperCase();
  const name = String(document.attributes.name ?? document.attributes.file_name ?? document.id).toUpperCase();
  const words = name.split(/\s+/);
  const numbers = words.filter((word) => /\d/.test(word));
  const title = words.filter((word) => !/\d/.test(word)).join(' ');
  return { heading: type, lines: [...numbers, title].filter(Boolean) };
}

/**
 * A committed image turned by `rotation` clockwise (the render cache keeps it). `./fixtures/` is next to this module
 * in the sources and next to the bundle's chunks in dist/ (scripts/build.mjs copies it there).
 */
function fixture(name: 'scan' | 'photo', rotation: QuarterTurn, extension: 'png' | 'jpg'): Uint8Array {
  return readFileSync(new URL(`./fixtures/${name}-${rotation}.${extension}`, import.meta.url));
}

function renderFile(document: ResourceObject, rotation: QuarterTurn): RenderedFile {
  const contentType = String(document.attributes.file_content_type ?? '');
  const text = textOf(document);
  if (contentType === 'image/jpeg' || contentType === 'image/jpg') {
    return { bytes: fixture('photo', rotation, 'jpg'), contentType: 'image/jpeg' };
  }
  if (contentType.startsWith('image/')) {
    return { bytes: fixture('scan', rotation, 'png'), contentType: 'image/png' };
  }
  if (contentType === 'application/pdf') {
    return { bytes: encodePdf([text.heading, ...text.lines]), contentType: 'application/pdf' };
  }
  return {
    bytes: new TextEncoder().encode(`${text.heading}\n${text.lines.join('\n')}\n`),
    contentType: 'text/plain; charset=utf-8',
  };
}
