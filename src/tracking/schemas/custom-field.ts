/**
 * `custom_field` and `custom_field_definition` attributes. A value is polymorphic and nullable (string, number,
 * boolean, string[] or object); `entity_type` is open (live sends `Cargo`, not in the OAS enum).
 */
import { z } from 'zod';
import { listOf, optionalString, requiredString, requiredStringOrNumber } from './common.js';

export const customFieldValueSchema = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.array(z.string()),
    z.record(z.string(), z.unknown()),
    z.null(),
  ])
  .catch(null);

export const customFieldAttributesSchema = z.object({
  api_slug: requiredString,
  value: customFieldValueSchema,
  display_value: z.union([z.string(), z.number(), z.boolean()]).transform(String).nullable().catch(null),
});

const optionSchema = z.object({
  value: requiredStringOrNumber,
  label: optionalString,
});

export const customFieldDefinitionAttributesSchema = z.object({
  api_slug: requiredString,
  display_name: optionalString,
  description: optionalString,
  entity_type: optionalString,
  data_type: optionalString,
  /** Not in the OAS (options are a sub-resource there), but accepted when a server embeds them. */
  options: listOf(optionSchema),
});

export const customFieldOptionAttributesSchema = optionSchema;

export type CustomFieldAttributes = z.infer<typeof customFieldAttributesSchema>;
export type CustomFieldDefinitionAttributes = z.infer<typeof customFieldDefinitionAttributesSchema>;
