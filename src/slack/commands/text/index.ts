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
export { tokenize } from './tokenize.js';
