/** Raw `GET /documents/{id}/download_url` → the presigned URL. Plain JSON `{download_url}`, not a JSON:API envelope. */
import { z } from 'zod';
import { parseOrThrow } from '../jsonapi.js';

const downloadUrlSchema = z.looseObject({ download_url: z.string().min(1) });

export function parseDownloadUrlDocument(json: unknown): string {
  return parseOrThrow(downloadUrlSchema, json, 'download_url').download_url;
}
