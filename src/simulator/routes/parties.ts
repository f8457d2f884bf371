/**
 * Parties — the account's customers: `GET /parties` (paged, the live meta), `POST /parties` (201; a blank or
 * already-used company name is the documented 422), `GET` and `PATCH /parties/{id}`.
 */
import { randomUUID } from 'node:crypto';
import type { RouteContext } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { partyResource } from '../demo/parties.js';
import { type ApiError, badRequest, errorResponse, notFound } from '../errors.js';
import { pageOf, paginationLinks, singleDocument, withSelfLink } from '../jsonapi/documents.js';
import { jsonResponse } from '../responses.js';
import type { ResourceStore } from '../store.js';
import { readJsonBody, writeAttributes } from './body.js';

const invalid = (pointer: string, detail: string): ApiError => ({
  status: '422',
  source: { pointer: `/data/attributes/${pointer}` },
  title: 'Unprocessable Entity',
  detail,
});

/** The company name to store, or the 422 it earns (blank, or another party already has it). */
function checkName(store: ResourceStore, value: unknown, self?: string): string | Response {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') return errorResponse(422, [invalid('company_name', "Company name can't be blank")]);
  const taken = store
    .list('party')
    .some(
      (party) =>
        party.id !== self && String(party.attributes.company_name).toLowerCase() === name.toLowerCase(),
    );
  return taken ? errorResponse(422, [invalid('customer', `'${name}' already exists in Account`)]) : name;
}

export function listParties(context: RouteContext): Response {
  const page = pageOf(context.state.store.list('party'), context.query);
  return jsonResponse(200, {
    data: page.items.map(withSelfLink),
    links: paginationLinks(context, page),
    meta: {
      size: page.size,
      total: page.total,
      pagination: {
        current: page.number,
        next: page.number < page.last ? page.number + 1 : null,
        last: page.last,
        records: page.total,
      },
    },
  });
}

export function getParty(context: RouteContext): Response {
  const party = context.state.store.get('party', context.params.id ?? '');
  return party ? jsonResponse(200, singleDocument(context, party)) : notFound();
}

export async function postParty(context: RouteContext): Promise<Response> {
  const { store, clock } = context.state;
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body);
  if (!attributes) return badRequest('param is missing or the value is empty: data');
  const name = checkName(store, attributes.company_name);
  if (name instanceof Response) return name;
  const party = partyResource(randomUUID(), name, isoSeconds(clock.now()));
  store.put(party);
  return jsonResponse(201, singleDocument(context, party));
}

export async function patchParty(context: RouteContext): Promise<Response> {
  const { store } = context.state;
  const party = store.get('party', context.params.id ?? '');
  if (!party) return notFound();
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body);
  if (!attributes) return badRequest('param is missing or the value is empty: data');
  const name = checkName(store, attributes.company_name, party.id);
  if (name instanceof Response) return name;
  party.attributes = { ...party.attributes, company_name: name };
  return jsonResponse(200, singleDocument(context, party));
}
