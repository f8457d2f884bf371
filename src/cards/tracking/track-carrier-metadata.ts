/**
 * What the carrier modal (and the button that opens it) carries: the number, its request type, the candidates shown,
 * and where the result goes (the channel, or the person alone). Read back through a schema; anything else is refused.
 */
import { z } from 'zod';
import { firstFittingJson, parsePrivateMetadata } from '../modals/private-metadata.js';

const metadataSchema = z.object({
  number: z.string().min(1).max(60),
  requestType: z.enum(['bill_of_lading', 'booking_number', 'container']),
  channelId: z.string().nullable(),
  private: z.boolean(),
  candidates: z
    .array(z.object({ scac: z.string(), name: z.string().nullable(), confidence: z.number().nullable() }))
    .max(10),
});

export type TrackCarrierMetadata = z.infer<typeof metadataSchema>;

export function serializeTrackCarrierMetadata(metadata: TrackCarrierMetadata): string {
  return firstFittingJson('track carrier', [
    () => metadata,
    () => ({ ...metadata, candidates: metadata.candidates.slice(0, 3) }),
  ]);
}

export function parseTrackCarrierMetadata(raw: string | undefined): TrackCarrierMetadata | null {
  return parsePrivateMetadata(metadataSchema, raw);
}
