import { describe, expect, it } from 'vitest';
import { createCommandKit } from '../../../../helpers/slack/command-kit.js';
import { shipmentDetailFixture } from '../../../../helpers/slack/model-fixtures.js';

describe('/shipwatch', () => {
  it.each(['help', '', 'HELP', '--help'])('shows the help card privately for %j', async (text) => {
    const kit = createCommandKit();
    await kit.invoke('/shipwatch', text);
    expect(kit.slack.responses[0]).toMatchObject({ response_type: 'ephemeral' });
    expect(kit.slack.responses[0]?.text).toContain('/shipment');
  });

  it('runs a subcommand exactly like its own command', async () => {
    const detail = shipmentDetailFixture();
    const kit = createCommandKit({ tracking: { findShipmentsByNumber: async () => [detail] } });
    await kit.invoke('/shipwatch', `shipment ${detail.shipment.billOfLadingNumber}`);
    expect(kit.tracking.callsTo('findShipmentsByNumber')[0]?.args[0]).toBe(
      detail.shipment.billOfLadingNumber,
    );
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(1);
  });

  it("shows the subcommand's usage when its input is missing", async () => {
    const kit = createCommandKit();
    await kit.invoke('/shipwatch', 'vessel');
    expect(kit.slack.responses[0]?.text).toMatch(/^Usage: \/vessel/);
  });

  it('names an unknown subcommand, escaped, and points at help', async () => {
    const kit = createCommandKit();
    await kit.invoke('/shipwatch', 'frobnicate<!channel>');
    const shown = JSON.stringify(kit.slack.responses[0]?.blocks);
    expect(shown).toContain('frobnicate');
    expect(shown).not.toContain('<!channel>');
  });

  // Object.prototype members are not subcommands: `constructor` used to run Object() (no answer at all) and
  // `__proto__` to throw (the generic error card).
  it.each(['constructor', '__proto__'])(
    'answers /shipwatch %s with the usage card naming the unknown word',
    async (word) => {
      const kit = createCommandKit();
      await kit.invoke('/shipwatch', `${word} x`);
      expect(kit.slack.responses).toHaveLength(1);
      expect(kit.slack.responses[0]?.text).toMatch(/^Usage: \/shipwatch/);
      expect(JSON.stringify(kit.slack.responses[0]?.blocks)).toContain(`I don't know`);
      expect(kit.logs.filter((line) => line.level === 'error')).toEqual([]);
    },
  );
});
