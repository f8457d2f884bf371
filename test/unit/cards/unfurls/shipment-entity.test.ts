import { describe, expect, it } from 'vitest';
import {
  classicShipmentUnfurl,
  shipmentDetailsEntity,
  shipmentEntity,
  shipmentFacts,
  unwatchedShipmentUnfurl,
} from '../../../../src/cards/unfurls/index.js';
import { fee, hold, lfd, makeContainer, makeDetail, NOW, zoned } from '../../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';

const EVIL = '<!channel> <@U123> <https://evil.example|click>';
const links = { postedUrl: 'https://app.terminal49.com/shipments/find?q=X', entityUrl: 'https://t49/x' };

const held = makeContainer({
  number: 'MSKU9070323',
  holds: [hold('customs', 'hold', 'CBP HOLD')],
  fees: [fee('demurrage', 125)],
  pickupLfd: lfd('2024-07-07T07:00:00Z'),
});

describe('a shipment as a Work Object', () => {
  it('shares status, POD, ETA as an instant, LFD as a date and the holds count, and no customer, reference or fee', () => {
    const detail = makeDetail({
      containers: [held],
      shipment: { customerName: 'Acme Secret Imports', refNumbers: ['PO-SECRET-42'], tags: ['vip-secret'] },
    });
    const entity = shipmentEntity(shipmentFacts(detail, NOW.getTime()), links);
    const fields = Object.fromEntries((entity.entity_payload.custom_fields ?? []).map((f) => [f.key, f]));
    expect(fields.status).toMatchObject({ value: 'On hold', tag_color: 'red' });
    expect(fields.eta).toMatchObject({
      type: 'slack#/types/timestamp',
      value: Date.parse('2024-07-08T15:00:00Z') / 1000,
    });
    expect(fields.lfd).toMatchObject({ type: 'slack#/types/date', value: '2024-07-07' });
    expect(fields.holds).toMatchObject({ type: 'integer', value: 1 });
    const shared = JSON.stringify(entity);
    expect(shared).not.toMatch(/Acme|SECRET|vip|125|demurrage/);
  });

  it('shows an ETA whose zone the API did not give as written, never as an instant', () => {
    const detail = makeDetail({ shipment: { podEtaAt: zoned('2024-07-08T15:00:00Z', null) } });
    const fields =
      shipmentEntity(shipmentFacts(detail, NOW.getTime()), links).entity_payload.custom_fields ?? [];
    const eta = fields.find((f) => f.key === 'eta');
    expect(eta?.type).toBe('string');
    expect(String(eta?.value)).toContain('zone unknown');
  });

  it('lists containers, holds and fees in the details, with Watch here only where the channel does not watch it', () => {
    const facts = shipmentFacts(makeDetail({ containers: [held] }), NOW.getTime());
    const options = {
      ...links,
      terminal49Url: 'https://t49/find',
      channelId: 'C1',
      watchedHere: false,
      readAtMs: 0,
    };
    const details = shipmentDetailsEntity(facts, options);
    const text = JSON.stringify(details.entity_payload.custom_fields);
    expect(text).toContain('MSKU9070323: customs hold (CBP HOLD)');
    expect(text).toContain('USD 125.00');
    expect(details.entity_payload.actions?.primary_actions?.map((a) => a.text)).toEqual([
      'Refresh',
      'Watch here',
      'Open in Terminal49',
    ]);
    const watched = shipmentDetailsEntity(facts, { ...options, watchedHere: true });
    expect(watched.entity_payload.actions?.primary_actions?.map((a) => a.text)).toEqual([
      'Refresh',
      'Open in Terminal49',
    ]);
  });

  it('keeps hostile strings inert in the classic preview', () => {
    const detail = makeDetail({ containers: [held], shipment: { billOfLadingNumber: EVIL } });
    const classic = classicShipmentUnfurl(shipmentFacts(detail, NOW.getTime()), {
      readAtMs: 0,
      nowMs: NOW.getTime(),
    });
    assertWithinBlockKitLimits({ text: 'preview', blocks: classic.blocks });
    const text = JSON.stringify(classic.blocks);
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<https://evil');
    expect(JSON.stringify(unwatchedShipmentUnfurl({ number: EVIL }).blocks)).not.toContain('<@U123>');
  });
});
