/**
 * The product's own command language: what people type after a command (`/shipment MAEU… private`,
 * `/track-edit <id> ref="PO 42"`, `/shipwatch <subcommand> …`), made plain and read into requests. Pure: no I/O and
 * nothing of Slack's but the text it is handed; the Slack adapters read the payload and call these.
 */
export {
  type LookupArguments,
  type Parsed,
  parseLookup,
  parseTrackEdit,
  parseVessel,
  splitNumbers,
  splitSubcommand,
  splitTags,
  type TrackEditArguments,
} from './arguments.js';
export { MAX_COMMAND_TEXT, sanitizeCommandText } from './sanitize.js';
export { MAX_NUMBERS, parseShipmentLookup, type ShipmentArguments } from './shipment-arguments.js';
export { readSubcommand, type SubcommandText, unknownSubcommandProblem } from './subcommand.js';
export { tokenize } from './tokenize.js';
export { parseTrack } from './track-arguments.js';
export { readTrackEdit, type TrackEditRequest } from './track-edit-request.js';
