/** Bolt's authorize in OAuth mode: each payload gets its own workspace's bot, an uninstalled workspace none. */
import { describe, expect, it } from 'vitest';
import { boltAuthorize } from '../../../../src/slack/oauth/bolt-authorize.js';
import type {
  InstallationAuthorizer,
  SlackAuthorization,
} from '../../../../src/tenancy/installations/installation-authorizer.js';
import type { TenantKey } from '../../../../src/tenancy/tenant.js';

const INSTALLED: Record<string, SlackAuthorization> = {
  T0ONE: {
    tenantId: 'T0ONE',
    botToken: 'xoxb-one',
    botUserId: 'U0BOTONE',
    botId: 'B0ONE',
    teamId: 'T0ONE',
    enterpriseId: null,
    isEnterpriseInstall: false,
  },
  E0ORG: {
    tenantId: 'E0ORG',
    botToken: 'xoxb-org',
    botUserId: 'U0BOTORG',
    botId: 'B0ORG',
    teamId: null,
    enterpriseId: 'E0ORG',
    isEnterpriseInstall: true,
  },
};

const authorizer: InstallationAuthorizer = {
  authorize: async (key: TenantKey) =>
    INSTALLED[key.teamId ?? ''] ?? (key.enterpriseId ? (INSTALLED[key.enterpriseId] ?? null) : null),
  authorizeTenant: async (id) => INSTALLED[id] ?? null,
  invalidate: () => {},
};

describe('boltAuthorize', () => {
  const authorize = boltAuthorize(authorizer);

  it("gives a payload its own workspace's bot token and ids", async () => {
    expect(await authorize({ teamId: 'T0ONE', enterpriseId: undefined, isEnterpriseInstall: false })).toEqual(
      {
        botToken: 'xoxb-one',
        botUserId: 'U0BOTONE',
        botId: 'B0ONE',
        teamId: 'T0ONE',
      },
    );
  });

  it("serves a workspace of an organisation with the org-wide install, keeping the workspace's team id", async () => {
    expect(
      await authorize({ teamId: 'T0INORG', enterpriseId: 'E0ORG', isEnterpriseInstall: true }),
    ).toMatchObject({
      botToken: 'xoxb-org',
      teamId: 'T0INORG',
      enterpriseId: 'E0ORG',
    });
  });

  it('refuses a workspace with no installation', async () => {
    await expect(
      authorize({ teamId: 'T0NONE', enterpriseId: undefined, isEnterpriseInstall: false }),
    ).rejects.toThrow(/not installed for team T0NONE/);
  });
});
