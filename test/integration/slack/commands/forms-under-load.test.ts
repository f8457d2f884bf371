/**
 * A form's trigger_id expires 3 s after the command. When the bot is busy (every post-ack slot taken by slow
 * lookups, more waiting behind them), `/track-edit <id>` must still open its loading view in time: work bound to a
 * trigger_id goes ahead of the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW } from '../../../../src/cards/ids.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

describe('/track-edit while the bot is busy with slow lookups', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    // Every API answer takes 2.5 s: 40 lookups fill the 32 post-ack slots and queue the rest behind them.
    harness = await startBotHarness({ simulator: { latencyMs: 2_500 } });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('opens the loading view within the trigger_id’s 3 seconds', async () => {
    const lookups = Array.from({ length: 40 }, (_, index) =>
      harness.command('/shipment', `MAEU9${String(index).padStart(8, '0')}`),
    );
    await Promise.all(lookups);
    const sent = await harness.command('/track-edit', DEMO.trackingRequests.created);
    const sentAt = sent.answeredAt;
    const opened = await harness.waitForCall('views.open', { trigger_id: sent.triggerId }, 6_000);
    expect(opened.args.view).toMatchObject({ callback_id: VIEW.loading });
    expect(opened.at - sentAt).toBeLessThan(2_000);
  }, 30_000);
});
