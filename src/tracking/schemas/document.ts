/**
 * `document` attributes, as sideloaded in an email submission (a subset) or served by `/documents/{id}`.
 * `file_content_type` decides whether a document is an image that can be rotated.
 */
import { z } from 'zod';
import { optionalNumber, optionalString, optionalTimestamp } from './common.js';

export const documentAttributesSchema = z.object({
  name: optionalString,
  file_name: optionalString,
  file_content_type: optionalString,
  file_size_bytes: optionalNumber,
  document_type: optionalString,
  document_type_manual: optionalString,
  source: optionalString,
  created_at: optionalTimestamp,
});

export type DocumentAttributes = z.infer<typeof documentAttributesSchema>;
