/**
 * Runs `work`, and when it has not finished within `placeholderAfterMs` (1.5 s) shows "Looking up …" where the card
 * will go, so nobody stares at silence while a slow API answers. The card replaces it; a private answer instead turns
 * it into a line saying the answer went to the person.
 */
import { renderLookedUpPrivately, renderLookingUp } from '../../cards/lookup-placeholder.js';
import type { Visibility } from '../card-replies.js';
import type { LookupIo } from './lookup-replies.js';

export async function whileLooking<T>(
  io: LookupIo,
  what: { label: string; visibility: Visibility },
  work: () => Promise<T>,
): Promise<T> {
  const timer = setTimeout(() => {
    io.replies.pending(
      renderLookingUp(what.label),
      what.visibility,
      renderLookedUpPrivately(what.label, io.userId),
    );
  }, io.placeholderAfterMs);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
  }
}
