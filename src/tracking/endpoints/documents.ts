/** Documents: the presigned download URL (plain JSON) and the rotation request (202 Accepted). */

import type { RotationDegrees } from '../models.js';
import { parseDownloadUrlDocument } from '../parsers/download-url.js';
import type { ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson, segment, sendJson } from './context.js';
import { tag } from './tags.js';

export function getDocumentDownloadUrl(ctx: ApiContext, id: string, options?: ReadOptions): Promise<string> {
  return getJson(
    ctx,
    {
      path: `/documents/${segment(id)}/download_url`,
      parse: (json) => parseDownloadUrlDocument(json),
      tags: () => [tag.document(id)],
    },
    options,
  );
}

/** Queues a rotation. The cached download URL is dropped: after a rotation the API serves a new image. */
export async function rotateDocument(ctx: ApiContext, id: string, degrees: RotationDegrees): Promise<void> {
  await sendJson(ctx, {
    method: 'POST',
    path: `/documents/${segment(id)}/rotate`,
    body: { degrees },
    invalidates: [tag.document(id)],
  });
}
