/** `email_submission` attributes (all optional: only id and type are required by the OAS). */
import { z } from 'zod';
import { optionalNumber, optionalString, optionalTimestamp, stringList } from './common.js';

export const emailSubmissionAttributesSchema = z.object({
  subject: optionalString,
  from: stringList,
  to: stringList,
  cc: stringList,
  sent_at: optionalTimestamp,
  documents_count: optionalNumber,
  created_at: optionalTimestamp,
});

export type EmailSubmissionAttributes = z.infer<typeof emailSubmissionAttributesSchema>;
