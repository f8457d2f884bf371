/** Whose workspace installed the bot, for the write policy's "members only". */
import { describe, expect, it } from 'vitest';
import { homeWorkspaceOf } from '../../../../src/features/policy/home-workspace-of.js';

describe('the home workspace of a tenant', () => {
  const bot = { teamId: 'T_BOT', enterpriseId: 'E_BOT' };

  it("is an installed tenant's own team or organisation, whoever the configured bot is", () => {
    expect(homeWorkspaceOf({ teamId: 'T1', enterpriseId: null }, bot)).toEqual({
      teamId: 'T1',
      enterpriseId: null,
    });
    expect(homeWorkspaceOf({ teamId: null, enterpriseId: 'E1' }, null)).toEqual({
      teamId: null,
      enterpriseId: 'E1',
    });
  });

  it("is the configured bot's workspace for the configured tenant, and unknown until the bot is known", () => {
    expect(homeWorkspaceOf({ teamId: null, enterpriseId: null }, bot)).toEqual(bot);
    expect(homeWorkspaceOf({ teamId: null, enterpriseId: null }, null)).toBeNull();
  });
});
