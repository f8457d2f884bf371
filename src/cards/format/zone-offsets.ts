/**
 * Moved to src/domain/time/zone-offsets.ts. This re-export only keeps src/workspace (which imports it from here)
 * compiling until its import is pointed at the domain module; delete it then.
 */
export { isKnownTimeZone, zoneAbbreviation, zoneOffsetMs } from '../../domain/time/zone-offsets.js';
