import type { Member } from '../../../src/features/policy/people.js';

/** A plain member of workspace T1 (no guest, no admin, no zone), as the People port answers; override what matters. */
export function memberOf(overrides: Partial<Member> = {}): Member {
  return {
    guest: false,
    teamId: 'T1',
    enterpriseId: null,
    stranger: false,
    admin: false,
    timeZone: null,
    ...overrides,
  };
}
