/**
 * Tracking a number once its carrier is chosen, as a use case with no Slack in sight: a conversation that records what
 * it was told, a write runner that records the spec it was handed, and a carrier form that opens or not. An invalid
 * number is said privately and nothing is written; a certain carrier is tracked at once, as the person's write; an
 * uncertain one opens the carrier form, or offers the note with its button when the form cannot open.
 */
import { describe, expect, it } from 'vitest';
import type { TrackCarrierMetadata } from '../../../../src/cards/tracking/track-carrier-metadata.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import type { Conversation } from '../../../../src/features/conversation.js';
import { trackChosen } from '../../../../src/features/tracking/track-chosen.js';
import { trackErrorsFor } from '../../../../src/features/tracking/track-number.js';
import type { WriteSpec } from '../../../../src/features/writes/write-flow.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';

const ASKED = {
  teamId: 'T1',
  channelId: 'C1',
  userId: 'U1',
  key: 'command:T1:U1:track',
  action: 'shipwatch_track',
};

function world(options: { formOpens?: boolean } = {}) {
  const told: string[] = [];
  const specs: Array<WriteSpec<unknown>> = [];
  const forms: TrackCarrierMetadata[] = [];
  const conversation = {
    async tell(message) {
      told.push(message.text);
    },
  } as Conversation; // SAFETY: choosing what follows a carrier choice only tells the person.
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
  };
  const runWrite = async <R>(spec: WriteSpec<R>) => {
    specs.push(spec as WriteSpec<unknown>);
    return 'written' as const;
  };
  const ports = {
    conversation,
    runWrite,
    runWatchWrite: runWrite,
    cardLink: () => null,
    wall: ctx.clock,
    async openCarrierForm(metadata: TrackCarrierMetadata) {
      forms.push(metadata);
      return options.formOpens !== false;
    },
  };
  return { ctx, ports, told, specs, forms };
}

describe('tracking a number once its carrier is chosen', () => {
  it('says privately why an invalid number cannot be tracked, and writes nothing', async () => {
    const { ctx, ports, told, specs } = world();
    await trackChosen(
      ctx,
      ports,
      { kind: 'invalid', number: 'MSCU1234567', reason: 'its check digit is wrong' },
      ASKED,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('MSCU1234567');
    expect(told[0]).toContain('its check digit is wrong');
    expect(specs).toHaveLength(0);
  });

  it('tracks a certain carrier at once, as the person’s write of what Terminal49 tracks', async () => {
    const { ctx, ports, specs, forms } = world();
    await trackChosen(
      ctx,
      ports,
      {
        kind: 'certain',
        number: 'MAEU123456789',
        requestType: 'bill_of_lading',
        scac: 'MAEU',
        carrier: null,
      },
      ASKED,
    );
    expect(forms).toHaveLength(0);
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({
      action: 'shipwatch_track',
      key: ASKED.key,
      target: 'MAEU123456789',
      what: 'what Terminal49 tracks for this workspace',
      actor: { userId: 'U1', teamId: 'T1' },
      channelId: 'C1',
    });
  });

  it('opens the carrier form for an uncertain carrier, with at most ten candidates', async () => {
    const { ctx, ports, told, specs, forms } = world();
    const candidates = Array.from({ length: 12 }, (_, index) => ({
      scac: `C${String.fromCharCode(65 + index)}`,
      name: `Carrier ${index}`,
      confidence: null,
    }));
    await trackChosen(
      ctx,
      ports,
      { kind: 'uncertain', number: 'ABC123', requestType: 'booking_number', candidates },
      ASKED,
    );
    expect(forms).toEqual([expect.objectContaining({ number: 'ABC123', channelId: 'C1', private: false })]);
    expect(forms[0]?.candidates).toHaveLength(10);
    expect(told).toHaveLength(0);
    expect(specs).toHaveLength(0);
  });

  it('offers the note with its button when the carrier form cannot open', async () => {
    const { ctx, ports, told } = world({ formOpens: false });
    await trackChosen(
      ctx,
      ports,
      { kind: 'uncertain', number: 'ABC123', requestType: 'booking_number', candidates: [] },
      ASKED,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('ABC123');
  });

  it('puts the API’s words about the carrier next to the SCAC field', () => {
    const refused = { apiErrors: [{ detail: 'scac is not supported', title: null }] };
    expect(trackErrorsFor(refused, { number: 'X1', scac: 'ZZZZ' }, 'other')).toEqual({
      other: 'Terminal49 refused the carrier ZZZZ: scac is not supported',
    });
  });
});
