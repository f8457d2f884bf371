/** `port` / `metro_area` and `terminal` / `rail_terminal` resources → Port and Terminal. */
import { parseAttributes, type Resource } from '../jsonapi.js';
import type { Port, Terminal } from '../models.js';
import { portAttributesSchema } from '../schemas/port.js';
import { terminalAttributesSchema } from '../schemas/terminal.js';
import { blankToNull } from './zoned.js';

export function toPort(resource: Resource): Port {
  const a = parseAttributes(portAttributesSchema, resource);
  return {
    id: resource.id,
    kind: resource.type === 'metro_area' ? 'metro_area' : 'port',
    name: a.name ?? null,
    locode: a.code ?? null,
    city: a.city ?? null,
    stateAbbr: a.state_abbr ?? null,
    countryCode: a.country_code ?? null,
    timeZone: blankToNull(a.time_zone),
    latitude: a.latitude,
    longitude: a.longitude,
  };
}

export function toTerminal(resource: Resource): Terminal {
  const a = parseAttributes(terminalAttributesSchema, resource);
  const providedData: Record<string, boolean> = {};
  for (const [field, reported] of Object.entries(a.provided_data ?? {})) {
    if (typeof reported === 'boolean') providedData[field] = reported;
  }
  return {
    id: resource.id,
    kind: resource.type === 'rail_terminal' ? 'rail_terminal' : 'terminal',
    name: a.name ?? null,
    nickname: a.nickname ?? null,
    firmsCode: a.firms_code ?? null,
    providedData,
  };
}
