/**
 * A global middleware that reads every payload once (payload-context.ts) and resolves the workspace it comes from to
 * its tenant (src/tenancy/), so every listener finds both on its request context. A workspace Shipwatch does not serve
 * is acknowledged and dropped with a warning: there is no token to answer it with.
 */
import type { AnyMiddlewareArgs, Context, Middleware } from '@slack/bolt';
import type { Logger } from '../../logger.js';
import type { Tenant, TenantDirectory } from '../../tenancy/index.js';
import { INSTALLATION_EVENTS } from '../events/index.js';
import { type PayloadContext, readPayloadContext } from './payload-context.js';

export interface RequestContext {
  payload: PayloadContext;
  tenant: Tenant;
}

const KEY = 'shipwatch';

/** Events that end an installation: their workspace has no tenant any more, and they must still reach their listener. */
const ENDING_EVENTS = new Set(INSTALLATION_EVENTS);

export function tenantContext(deps: {
  tenancy: TenantDirectory;
  logger: Logger;
}): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const payload = readPayloadContext(args.body);
    const { context } = args;
    if ('event' in args && ENDING_EVENTS.has(String((args.event as { type?: unknown }).type))) {
      await args.next();
      return;
    }
    const found = deps.tenancy.resolve({
      teamId: context.teamId ?? payload.teamId,
      enterpriseId: context.enterpriseId ?? payload.enterpriseId,
      isEnterpriseInstall: context.isEnterpriseInstall ?? payload.isEnterpriseInstall,
    });
    // Single-workspace mode answers at once: no await (and no extra turn) on every slash command's way to its ack.
    const tenant = found instanceof Promise ? await found : found;
    if (tenant === null) {
      deps.logger.warn('a payload from a workspace Shipwatch does not serve was dropped', {
        team: payload.teamId,
        enterprise: payload.enterpriseId,
        kind: payload.kind,
      });
      if ('ack' in args && typeof args.ack === 'function') await args.ack();
      return;
    }
    context[KEY] = { payload, tenant } satisfies RequestContext;
    await args.next();
  };
}

/** The request's payload and tenant, as the middleware left them; a listener run without it is a wiring bug. */
export function requestContext(context: Context): RequestContext {
  const found: unknown = context[KEY];
  if (found === null || typeof found !== 'object' || !('tenant' in found) || !('payload' in found)) {
    throw new Error('the tenant middleware did not run before this listener');
  }
  // SAFETY: only tenantContext writes this key, with a RequestContext.
  return found as RequestContext;
}
