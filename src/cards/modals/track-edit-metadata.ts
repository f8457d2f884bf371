/**
 * The track-edit modal's private_metadata: which tracking request, where to answer (the card's channel and ts when
 * opened from a card, the command's channel when opened by `/track-edit`) and the values the form started from, so
 * the submission sends only what changed and the audit line names it. Max 3000 characters, read back through a schema.
 */
import { z } from 'zod';
import { PRIVATE_METADATA_MAX } from './custom-field-metadata.js';

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

export function serializeTrackEditMetadata(metadata: TrackEditMetadata): string {
  const full = JSON.stringify(metadata);
  if (full.length <= PRIVATE_METADATA_MAX) return full;
  const { original: _dropped, ...rest } = metadata;
  const bare = JSON.stringify({ ...rest, requestNumber: rest.requestNumber.slice(0, 100) });
  if (bare.length <= PRIVATE_METADATA_MAX) return bare;
  throw new RangeError('track-edit modal metadata does not fit in 3000 characters');
}

export function parseTrackEditMetadata(raw: string | undefined): TrackEditMetadata | null {
  if (!raw) return null;
  try {
    const parsed = metadataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
