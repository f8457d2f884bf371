/** What people hear when the bot stopped before answering them (shutdown drained its work: src/jobs/post-ack-work.ts). */

/** What a person hears when the bot stopped before answering them. */
export const RESTARTED = 'Shipwatch restarted before it could answer. Try again in a moment.';

/** What the channel's "Looking up …" placeholder turns into when that answer will never come. */
export const RESTARTED_IN_CHANNEL =
  'Shipwatch restarted before this answer was ready; nothing more will come here. Ask again in a moment.';
