/**
 * `GET /email_submissions/{id}` and the list. `include` defaults to `documents,documents.last_document_representation`
 * as the OAS says; the 404 names the model (`Couldn't find EmailSubmission`).
 */
import type { RouteContext } from '../context.js';
import { modelNotFound } from '../errors.js';
import { pageOf, paginationLinks, singleDocument, withSelfLink } from '../jsonapi/documents.js';
import { collectIncluded, parseIncludes } from '../jsonapi/includes.js';
import { jsonResponse } from '../responses.js';

const DEFAULT_INCLUDES = ['documents', 'documents.last_document_representation'];

export function getEmailSubmission(context: RouteContext): Response {
  const { store } = context.state;
  const submission = store.get('email_submission', context.params.id ?? '');
  if (!submission) return modelNotFound('EmailSubmission');
  const paths = parseIncludes(context.query.get('include'), 'email_submission', DEFAULT_INCLUDES);
  if (paths instanceof Response) return paths;
  return jsonResponse(200, singleDocument(context, submission, collectIncluded(store, [submission], paths)));
}

export function listEmailSubmissions(context: RouteContext): Response {
  const { store } = context.state;
  const paths = parseIncludes(context.query.get('include'), 'email_submission', DEFAULT_INCLUDES);
  if (paths instanceof Response) return paths;
  const page = pageOf(store.list('email_submission'), context.query);
  return jsonResponse(200, {
    data: page.items.map(withSelfLink),
    included: collectIncluded(store, page.items, paths),
    links: paginationLinks(context, page),
    meta: { size: page.size, total: page.total },
  });
}
