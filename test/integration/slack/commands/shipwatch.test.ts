import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

let harness: BotHarness;
beforeAll(async () => {
  harness = await startBotHarness();
});
afterAll(async () => {
  await harness?.stop();
});

describe('/shipwatch through signed HTTP requests', () => {
  it('shows the help card privately', async () => {
    const sent = await harness.command('/shipwatch', 'help');
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    for (const command of ['/shipment', '/vessel', '/track-edit', '/email-submission']) {
      expect(reply.text).toContain(command);
    }
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
  });

  it('runs `/shipwatch shipment <BL>` exactly like /shipment', async () => {
    const sent = await harness.command('/shipwatch', `shipment ${DEMO.shipments.railMove.bl}`);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    expect(reply.text).toContain(DEMO.shipments.railMove.bl);
  });

  it('shows the usage of a subcommand whose input is missing', async () => {
    const sent = await harness.command('/shipwatch', 'email-submission');
    const reply = await harness.waitForReply(sent);
    expect(reply.text).toMatch(/^Usage: \/email-submission/);
  });
});

describe('every command in manifest.yml', () => {
  const manifestPath = fileURLToPath(new URL('../../../../manifest.yml', import.meta.url));
  // SAFETY: only the slash command names are read; a malformed manifest fails the assertions below.
  const manifest = parse(readFileSync(manifestPath, 'utf8')) as {
    features: { slash_commands: { command: string }[] };
  };
  const commands = manifest.features.slash_commands.map((entry) => entry.command);

  it.each(commands)('%s is acknowledged and answered by the running bot', async (command) => {
    const sent = await harness.command(command, '');
    expect(sent.status).toBe(200);
    const reply = await harness.waitForReply(sent);
    expect(reply.text.length).toBeGreaterThan(0);
  });
});
