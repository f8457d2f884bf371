/** The feature layer's context for one Slack request: its tenant (from the tenant middleware) and the bot's clock. */
import type { Context } from '@slack/bolt';
import type { FeatureContext } from '../../features/context.js';
import type { Tenant } from '../../tenancy/index.js';
import type { SlackRuntime } from '../runtime.js';
import { requestContext } from './tenant-context.js';

export function featuresFor(runtime: SlackRuntime, tenant: Tenant): FeatureContext {
  return {
    tenant,
    clock: runtime.clock,
    logger: runtime.logger,
    ...(runtime.watching ? { watching: runtime.watching } : {}),
  };
}

export function featuresOf(runtime: SlackRuntime, context: Context): FeatureContext {
  return featuresFor(runtime, requestContext(context).tenant);
}
