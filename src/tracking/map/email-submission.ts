/** `email_submission` and its sideloaded `document`s → EmailSubmission / Document. */
import { parseAttributes, type Resource, relatedMany } from '../jsonapi.js';
import type { Document, EmailSubmission } from '../models.js';
import { documentAttributesSchema } from '../schemas/document.js';
import { emailSubmissionAttributesSchema } from '../schemas/email-submission.js';
import { blankToNull } from './zoned.js';

export function toEmailSubmission(resource: Resource): EmailSubmission {
  const a = parseAttributes(emailSubmissionAttributesSchema, resource);
  return {
    id: resource.id,
    subject: a.subject ?? null,
    from: a.from,
    to: a.to,
    cc: a.cc,
    sentAt: a.sent_at ?? null,
    documentsCount: a.documents_count,
    createdAt: a.created_at ?? null,
    documentIds: relatedMany(resource, 'documents').map((ref) => ref.id),
    documentsListed: Boolean(resource.relationships.documents?.data),
  };
}

export function toDocument(resource: Resource): Document {
  const a = parseAttributes(documentAttributesSchema, resource);
  return {
    id: resource.id,
    name: blankToNull(a.name),
    fileName: blankToNull(a.file_name),
    fileContentType: blankToNull(a.file_content_type),
    fileSizeBytes: a.file_size_bytes,
    // A person's manual classification wins over the automatic one.
    documentType: blankToNull(a.document_type_manual) ?? blankToNull(a.document_type),
    source: blankToNull(a.source),
    createdAt: a.created_at ?? null,
  };
}
