/** Daily digests per channel: when one is due (across DST) and what it says. */

export { type DigestRequest, parseDigestText } from './digest-command-text.js';
export {
  type DigestArrival,
  type DigestBox,
  type DigestChanges,
  type DigestContent,
  type DigestShipment,
  digestContent,
  isEmptyDigest,
} from './digest-content.js';
export {
  DIGEST_GRACE_MS,
  type DigestOccurrence,
  type DigestSchedule,
  digestTimeWords,
  dueDigest,
  nextDigest,
  occurrenceOn,
  parseDigestTime,
  previousDigest,
} from './digest-schedule.js';
