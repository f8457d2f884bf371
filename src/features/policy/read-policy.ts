/**
 * Who may read: when the tenant's settings list channels (SHIPWATCH_CHANNELS in single-workspace mode), cards and
 * buttons work only there (a team may not want shipment data in every channel); an empty list means everywhere.
 */
import type { TenantSettings } from '../../tenancy/index.js';
import type { PolicyDecision } from './decision.js';

export interface ReadRequest {
  channelId: string | null;
}

export function checkReadPermission(
  request: ReadRequest,
  deps: { settings: Pick<TenantSettings, 'channels'> },
): PolicyDecision {
  const channels = deps.settings.channels;
  if (channels.length === 0) return { allowed: true };
  if (request.channelId && channels.includes(request.channelId)) return { allowed: true };
  return {
    allowed: false,
    code: 'channel_not_allowed',
    reason:
      "Shipwatch isn't enabled in this channel. Use it in one of the channels your admin set up for it (SHIPWATCH_CHANNELS).",
  };
}
