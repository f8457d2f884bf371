/**
 * Container reads. `filter[number]` on `/containers` is undocumented (the API may ignore it and return the newest
 * containers), so only exact `number` matches are kept.
 */

import type { ContainerMatch, Page } from '../models.js';
import { parseContainerDocument, parseContainerListDocument } from '../parsers/container.js';
import type { PageRequest, ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson, pageQuery, segment } from './context.js';
import { containerMatchTags } from './tags.js';

const CONTAINER_INCLUDE = 'shipment,pod_terminal';

/** `GET /containers?filter[number]=N`: the exact matches only (an API that ignores the filter sends other boxes). */
export function findContainersByNumber(
  ctx: ApiContext,
  number: string,
  options?: ReadOptions,
): Promise<ContainerMatch[]> {
  return getJson(
    ctx,
    {
      path: '/containers',
      query: { 'filter[number]': number, include: CONTAINER_INCLUDE },
      parse: (json) => parseContainerListDocument(json).items.filter((m) => m.container.number === number),
      tags: (matches) => matches.flatMap(containerMatchTags),
    },
    options,
  );
}

export function getContainer(ctx: ApiContext, id: string, options?: ReadOptions): Promise<ContainerMatch> {
  return getJson(
    ctx,
    {
      path: `/containers/${segment(id)}`,
      query: { include: CONTAINER_INCLUDE },
      parse: (json) => parseContainerDocument(json),
      tags: containerMatchTags,
    },
    options,
  );
}

export function listContainers(
  ctx: ApiContext,
  page?: PageRequest,
  options?: ReadOptions,
): Promise<Page<ContainerMatch>> {
  const query = { ...pageQuery(page), include: CONTAINER_INCLUDE };
  return getJson(
    ctx,
    {
      path: '/containers',
      query,
      parse: (json) => parseContainerListDocument(json, { pageNumber: query['page[number]'] }),
      tags: (result) => result.items.flatMap(containerMatchTags),
    },
    options,
  );
}
