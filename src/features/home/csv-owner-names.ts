/**
 * The owners' names for a CSV (docs/home.md, "Download CSV"): the file is read outside Slack, where a user id means
 * nothing. Names come from the "who is this person" port (the write policy's member directory, cached users.info on
 * Slack), looked up once per distinct owner before the file is written; an owner the platform cannot tell about keeps
 * their id.
 */
import type { People } from '../policy/people.js';
import type { HomeRow } from './home-rows.js';

/** More distinct owners than this in one list keep their ids: a CSV click must not turn into a users.info sweep. */
const MAX_LOOKUPS = 50;

export async function csvOwnerNames(
  people: Pick<People, 'member'>,
  teamId: string | null,
  rows: readonly HomeRow[],
): Promise<(userId: string) => string> {
  const owners = [...new Set(rows.flatMap((row) => (row.owner ? [row.owner] : [])))].slice(0, MAX_LOOKUPS);
  const names = new Map<string, string>();
  await Promise.all(
    owners.map(async (userId) => {
      try {
        const { name } = await people.member(teamId, userId);
        if (name) names.set(userId, name);
      } catch {
        // The id stays: the list is still worth sending.
      }
    }),
  );
  return (userId) => names.get(userId) ?? userId;
}
