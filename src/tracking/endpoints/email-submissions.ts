/** `GET /email_submissions/{id}` (with its documents) and the list. */
import type { EmailSubmission, EmailSubmissionDetail, Page } from '../models.js';
import {
  parseEmailSubmissionDocument,
  parseEmailSubmissionListDocument,
} from '../parsers/email-submission.js';
import type { PageRequest, ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson, pageQuery, segment } from './context.js';
import { tag } from './tags.js';

/** One email submission with its documents (`include=documents`). */
export function getEmailSubmission(
  ctx: ApiContext,
  id: string,
  options?: ReadOptions,
): Promise<EmailSubmissionDetail> {
  return getJson(
    ctx,
    {
      path: `/email_submissions/${segment(id)}`,
      query: { include: 'documents' },
      parse: (json) => parseEmailSubmissionDocument(json),
      tags: (detail) => detail.documents.map((document) => tag.document(document.id)),
    },
    options,
  );
}

export function listEmailSubmissions(
  ctx: ApiContext,
  page?: PageRequest,
  options?: ReadOptions,
): Promise<Page<EmailSubmission>> {
  const query = pageQuery(page);
  return getJson(
    ctx,
    {
      path: '/email_submissions',
      query,
      parse: (json) => parseEmailSubmissionListDocument(json, { pageNumber: query['page[number]'] }),
      tags: () => [],
    },
    options,
  );
}
