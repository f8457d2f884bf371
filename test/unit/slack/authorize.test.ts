import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logger.js';
import { type AuthTestClient, createBotAuthorizer } from '../../../src/slack/authorize.js';

const source = { teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false } as const;

function controllableAuthTest() {
  const pending: Array<{
    resolve: (value: { user_id: string; bot_id: string }) => void;
    reject: (error: Error) => void;
  }> = [];
  const client: AuthTestClient = {
    auth: {
      test: () =>
        new Promise((resolve, reject) => {
          pending.push({ resolve, reject });
        }),
    },
  };
  return { client, pending };
}

describe('createBotAuthorizer', () => {
  it('authorizes with the bot token at once, without waiting for auth.test', async () => {
    const { client, pending } = controllableAuthTest();
    const { authorize } = createBotAuthorizer(client, 'xoxb-1', silentLogger);
    await expect(authorize(source)).resolves.toEqual({ botToken: 'xoxb-1' });
    expect(pending).toHaveLength(1);
  });

  it('adds the bot identity once auth.test has answered', async () => {
    const { client, pending } = controllableAuthTest();
    const authorizer = createBotAuthorizer(client, 'xoxb-1', silentLogger);
    const identified = authorizer.identify();
    pending[0]?.resolve({ user_id: 'U0BOT', bot_id: 'B0BOT' });
    await identified;
    await expect(authorizer.authorize(source)).resolves.toEqual({
      botToken: 'xoxb-1',
      botUserId: 'U0BOT',
      botId: 'B0BOT',
    });
  });

  it('asks again on the next event after a failed lookup instead of failing forever', async () => {
    const { client, pending } = controllableAuthTest();
    const authorizer = createBotAuthorizer(client, 'xoxb-1', silentLogger);
    const first = authorizer.identify();
    pending[0]?.reject(new Error('Slack unreachable'));
    await expect(first).rejects.toThrow('Slack unreachable');
    await authorizer.authorize(source);
    expect(pending).toHaveLength(2);
  });

  it('shares one auth.test between concurrent events', async () => {
    const { client, pending } = controllableAuthTest();
    const { authorize } = createBotAuthorizer(client, 'xoxb-1', silentLogger);
    await Promise.all([authorize(source), authorize(source), authorize(source)]);
    expect(pending).toHaveLength(1);
  });
});
