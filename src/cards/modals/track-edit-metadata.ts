/**
 * The track-edit modal's private_metadata: which tracking request, where to answer (the card's channel and ts when
 * opened from a card, the command's channel when opened by `/track-edit`) and the values the form started from, so
 * the submission sends only what changed and the audit line names it. Max 3000 characters, read back through a schema.
 */
import { z } from 'zod';
import { firstFittingJson, parsePrivateMetadata } from './private-metadata.js';

const metadataSchema = z.object({
  trackingRequestId: z.string().min(1),
  requestNumber: z.string(),
  channelId: z.string().nullable(),
  messageTs: z.string().nullable(),
  threadTs: z.string().nullable(),
  /** What the form was prefilled with; absent when it did not fit the budget (then every field counts as changed). */
  original: z.object({ ref: z.string(), tags: z.array(z.string()) }).optional(),
});

export type TrackEditMetadata = z.infer<typeof metadataSchema>;

/** Drops the prefilled values first when the metadata would not fit (then every field counts as changed). */
export function serializeTrackEditMetadata(metadata: TrackEditMetadata): string {
  const { original: _dropped, ...rest } = metadata;
  return firstFittingJson('track-edit modal', [
    () => metadata,
    () => ({ ...rest, requestNumber: rest.requestNumber.slice(0, 100) }),
  ]);
}

export function parseTrackEditMetadata(raw: string | undefined): TrackEditMetadata | null {
  return parsePrivateMetadata(metadataSchema, raw);
}
