/**
 * `/shipwatch settings workspace` in single-workspace mode, through signed HTTP: the settings are the environment's,
 * shown read-only and privately, with where they come from; no form opens. (OAuth mode: test/integration/oauth/
 * workspace-settings.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

let harness: BotHarness;
beforeAll(async () => {
  harness = await startBotHarness({
    env: {
      SHIPWATCH_EDITORS: 'U0EDITOR,S0OPS',
      SHIPWATCH_CHANNELS: 'C0OPS',
      SHIPWATCH_CUSTOM_FIELDS: 'po_number',
    },
  });
});
afterAll(async () => {
  await harness?.stop();
});

describe('/shipwatch settings workspace in single-workspace mode', () => {
  it("shows the environment's settings read-only, privately, and says where they come from", async () => {
    const sent = await harness.command('/shipwatch', 'settings workspace');
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    const shown = JSON.stringify(reply.blocks);
    expect(shown).toContain('SHIPWATCH_EDITORS');
    expect(shown).toContain('<@U0EDITOR>');
    expect(shown).toContain('<!subteam^S0OPS>');
    expect(shown).toContain('<#C0OPS>');
    expect(shown).toContain('po_number');
    expect(harness.slack.callsTo('views.open')).toEqual([]);
  });
});
