/**
 * A person's own time zone for a line that says a time (a digest's schedule, a snooze's end), asked of the People
 * port for a short while only: a write's answer must not wait on the chat platform. Null means it did not say in
 * time (or cannot), and the caller says the time in the zone it has instead.
 */
import { settleWithin } from '../writes/deadline.js';
import type { People } from './people.js';

/** How long a person's zone may take to come from the platform. */
const ZONE_BUDGET_MS = 1_500;

export async function zoneWithin(
  people: Pick<People, 'member'>,
  person: { teamId: string | null; userId: string },
): Promise<string | null> {
  const found = await settleWithin(people.member(person.teamId, person.userId), ZONE_BUDGET_MS);
  return found.settled && found.outcome.ok ? found.outcome.value.timeZone : null;
}
