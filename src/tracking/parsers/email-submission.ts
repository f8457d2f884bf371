/** Raw email-submission documents → EmailSubmissionDetail / a page of EmailSubmission. */
import { parseListDocument, parseSingleDocument } from '../jsonapi.js';
import { toDocument, toEmailSubmission } from '../map/email-submission.js';
import type { Document, EmailSubmission, EmailSubmissionDetail, Page } from '../models.js';

/** `GET /email_submissions/{id}` (documents are included by default) → submission and its documents. */
export function parseEmailSubmissionDocument(json: unknown): EmailSubmissionDetail {
  const doc = parseSingleDocument(json, 'email submission', 'email_submission');
  const emailSubmission = toEmailSubmission(doc.data);
  const documents: Document[] = [];
  for (const id of emailSubmission.documentIds) {
    const found = doc.included.find({ type: 'document', id });
    if (found) documents.push(toDocument(found));
  }
  return { emailSubmission, documents };
}

/** `GET /email_submissions` → a page of submissions. */
export function parseEmailSubmissionListDocument(
  json: unknown,
  options: { pageNumber?: number } = {},
): Page<EmailSubmission> {
  const doc = parseListDocument(json, 'email submission list');
  return {
    items: doc.data.map(toEmailSubmission),
    pageNumber: options.pageNumber ?? 1,
    next: doc.next,
    total: doc.total,
  };
}
