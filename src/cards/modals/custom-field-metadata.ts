/**
 * The custom-field modal's private_metadata: where the card lives and what each field accepts. It travels through
 * Slack (max 3000 characters), so it is written compactly and read back through a schema: a submission whose
 * metadata does not parse is refused rather than trusted.
 */
import { z } from 'zod';
import { firstFittingJson, parsePrivateMetadata } from './private-metadata.js';

const fieldSpecSchema = z.object({
  /** custom_field_definition.data_type (short_text, number, enum, …); null when unknown. */
  type: z.string().nullable(),
  /** Allowed values of an enum definition; absent when they did not fit the metadata budget. */
  options: z.array(z.string()).optional(),
  /** The definition's display name ("PO number"), for the audit line; absent when it did not fit. */
  label: z.string().max(200).optional(),
});

const metadataSchema = z.object({
  containerId: z.string().min(1),
  containerNumber: z.string(),
  shipmentId: z.string().nullable(),
  channelId: z.string().nullable(),
  messageTs: z.string().nullable(),
  threadTs: z.string().nullable(),
  fields: z.record(z.string(), fieldSpecSchema),
});

export type CustomFieldSpec = z.infer<typeof fieldSpecSchema>;
export type CustomFieldMetadata = z.infer<typeof metadataSchema>;

/**
 * Serialises the metadata within Slack's budget: enum options are dropped first (the select itself still limits
 * the choice, and the API validates), then the labels (the audit line falls back to the slug), then the field specs
 * (the API validates those too).
 */
export function serializeCustomFieldMetadata(metadata: CustomFieldMetadata): string {
  return firstFittingJson('custom-field modal', [
    () => metadata,
    () => ({
      ...metadata,
      fields: Object.fromEntries(
        Object.entries(metadata.fields).map(([slug, spec]) => [
          slug,
          { type: spec.type, ...(spec.label !== undefined ? { label: spec.label } : {}) },
        ]),
      ),
    }),
    () => ({
      ...metadata,
      fields: Object.fromEntries(
        Object.entries(metadata.fields).map(([slug, spec]) => [slug, { type: spec.type }]),
      ),
    }),
    () => ({ ...metadata, fields: {} }),
  ]);
}

/** Reads the metadata back, or null when it is missing or not ours. */
export function parseCustomFieldMetadata(raw: string | undefined): CustomFieldMetadata | null {
  return parsePrivateMetadata(metadataSchema, raw);
}
