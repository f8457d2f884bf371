import { describe, expect, it } from 'vitest';
import { csvOwnerNames } from '../../../../src/features/home/csv-owner-names.js';
import type { HomeRow } from '../../../../src/features/home/home-rows.js';
import type { Member } from '../../../../src/features/policy/people.js';
import { memberOf } from '../../../helpers/features/member.js';

const member = (name: string | null): Member => memberOf({ name });

describe("a CSV's owner names", () => {
  it('asks once per distinct owner and keeps the id of one the platform cannot name', async () => {
    const asked: string[] = [];
    const people = {
      member: async (_teamId: string | null, userId: string) => {
        asked.push(userId);
        if (userId === 'U3') throw new Error('user_not_found');
        return member(userId === 'U1' ? 'Ada Lovelace' : null);
      },
    };
    // SAFETY: only `owner` is read from a row here.
    const rows = ['U1', 'U1', 'U2', 'U3', null].map((owner) => ({ owner }) as unknown as HomeRow);
    const name = await csvOwnerNames(people, 'T1', rows);
    expect(asked.sort()).toEqual(['U1', 'U2', 'U3']);
    expect(['U1', 'U2', 'U3'].map(name)).toEqual(['Ada Lovelace', 'U2', 'U3']);
  });
});
