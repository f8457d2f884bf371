/**
 * Cards rendered from documents shaped like real API responses (the messy live shapes in
 * test/unit/tracking/fixtures), each varied the way real data varies, parsed by the real parser: whatever the API
 * sends, the card must stay true (docs/domain-rules.md#real-responses).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderShipmentCard } from '../../../src/cards/shipment-card.js';
import { parseShipmentDocument } from '../../../src/tracking/parsers/shipment.js';
import { buttons, cardText, sectionTexts } from '../../fixtures/cards/card-text.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const NOW = new Date('2026-03-02T18:00:00Z');
const FIXTURES = join(import.meta.dirname, '../tracking/fixtures');

interface RawResource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, unknown>;
}
interface RawDocument {
  data: RawResource;
  included: RawResource[];
}

/** A fresh copy of the messy shipment document (COSCO, Ningbo → Los Angeles, two containers). */
function messyShipment(): RawDocument {
  // SAFETY: the fixture is a JSON:API single-resource document with `included`.
  return JSON.parse(readFileSync(join(FIXTURES, 'messy-shipment.json'), 'utf8')) as RawDocument;
}

function containerOf(doc: RawDocument, number: string): RawResource {
  const found = doc.included.find((item) => item.type === 'container' && item.attributes.number === number);
  if (!found) throw new Error(`no container ${number} in the fixture`);
  return found;
}

function render(doc: RawDocument) {
  const card = renderShipmentCard(parseShipmentDocument(doc, { fetchedAt: '2026-03-02T17:55:00Z' }), {
    now: NOW,
  });
  assertWithinBlockKitLimits(card);
  return card;
}

function rowOf(card: ReturnType<typeof render>, number: string): string {
  return sectionTexts(card).find((text) => text.startsWith(`*${number}*`)) ?? '';
}

describe('holds in real documents', () => {
  it('shows a hold sent as a single object instead of a list', () => {
    const doc = messyShipment();
    containerOf(doc, 'MSKU9070323').attributes.holds_at_pod_terminal = {
      name: 'USDA',
      status: 'hold',
      description: 'USDA EXAM',
    };
    expect(rowOf(render(doc), 'MSKU9070323')).toContain('USDA hold (USDA EXAM)');
  });

  it('keeps an active hold on the card after the box has been picked up', () => {
    const doc = messyShipment();
    Object.assign(containerOf(doc, 'TCLU1234568').attributes, {
      current_status: 'picked_up',
      pod_full_out_at: '2026-03-02T15:00:00Z',
      final_destination_timezone: null,
      pod_rail_carrier_scac: null,
      ind_rail_carrier_scac: null,
      ind_eta_at: null,
      import_deadlines: {
        pickup_lfd_terminal: '2026-03-05T08:00:00Z',
        pickup_lfd_rail: null,
        pickup_lfd_line: null,
      },
    });
    const row = rowOf(render(doc), 'TCLU1234568');
    expect(row).toContain('picked up');
    expect(row).toContain('⛔ Customs hold, other hold still listed by the terminal');
  });
});

describe('fees in real documents', () => {
  it('reads amounts sent as strings with thousands separators as amounts, not as not yet posted', () => {
    const doc = messyShipment();
    containerOf(doc, 'TCLU1234568').attributes.fees_at_pod_terminal = [
      { type: 'demurrage', amount: '1,250.50', currency_code: 'USD' },
      { type: 'exam', amount: '850', currency_code: 'USD' },
    ];
    const row = rowOf(render(doc), 'TCLU1234568');
    expect(row).toContain('💵 Fees USD 2,100.50 (demurrage USD 1,250.50, exam fee USD 850.00)');
    expect(row).not.toContain('not yet posted');
  });

  it('shows fees in two currencies per currency, never as one sum', () => {
    const doc = messyShipment();
    containerOf(doc, 'TCLU1234568').attributes.fees_at_pod_terminal = [
      { type: 'demurrage', amount: 300, currency_code: 'USD' },
      { type: 'exam', amount: '120.00', currency_code: 'CAD' },
    ];
    expect(rowOf(render(doc), 'TCLU1234568')).toContain('💵 Fees USD 300.00 + CAD 120.00');
  });
});

describe('odd values in real documents', () => {
  it('reads an integer IMO, so the Vessel button is there', () => {
    const doc = messyShipment();
    doc.data.attributes.pod_vessel_imo = 9778791;
    expect(buttons(render(doc))).toContainEqual(
      expect.objectContaining({ text: 'Vessel', value: '9778791' }),
    );
  });

  it('reads booleans sent as strings', () => {
    const doc = messyShipment();
    Object.assign(containerOf(doc, 'MSKU9070323').attributes, {
      current_status: 'available',
      availability_known: 'true',
      available_for_pickup: 'true',
      pod_timezone: 'America/Los_Angeles',
    });
    expect(rowOf(render(doc), 'MSKU9070323')).toContain('✅ Ready for pickup');
  });

  it('reads an empty-string time zone as zone unknown, never as UTC', () => {
    const doc = messyShipment();
    doc.data.attributes.pod_timezone = '';
    const card = render(doc);
    const eta =
      sectionTexts(card)
        .flatMap((text) => text.split('\n'))
        .find((line) => line.startsWith('⚓')) ?? '';
    expect(eta).toContain('Mon 2 Mar 16:00 (zone unknown)');
    expect(eta).not.toContain('UTC');
  });

  it('shows an invalid date such as 0000-00-00 as unknown, never as a date thousands of days ago', () => {
    const doc = messyShipment();
    doc.data.attributes.pod_eta_at = '0000-00-00T00:00:00Z';
    doc.data.attributes.pod_original_eta_at = null;
    Object.assign(containerOf(doc, 'TCLU1234568').attributes, {
      pickup_lfd: '0000-00-00',
      import_deadlines: { pickup_lfd_terminal: '0000-00-00', pickup_lfd_rail: null, pickup_lfd_line: null },
      pickup_appointment_at: '0000-00-00 00:00:00',
    });
    const text = cardText(render(doc));
    expect(text).toContain('*ETA Los Angeles:* date unknown');
    expect(text).toContain('LFD date unknown');
    expect(text).not.toMatch(/\b0 0 0\b|\d{4,} days|Thu 0/);
  });

  it('shows a container whose number is a number under that number', () => {
    const doc = messyShipment();
    containerOf(doc, 'MSKU9070323').attributes.number = 12345678;
    expect(rowOf(render(doc), '12345678')).not.toBe('');
  });

  it('says a container with no number could not be read, and still shows the others', () => {
    const doc = messyShipment();
    containerOf(doc, 'MSKU9070323').attributes.number = null;
    const card = render(doc);
    expect(cardText(card)).toContain('1 container could not be read');
    expect(rowOf(card, 'TCLU1234568')).not.toBe('');
  });

  it('does not fail the shipment card for a container whose attributes are not an object', () => {
    const doc = messyShipment();
    containerOf(doc, 'MSKU9070323').attributes = 'garbage' as never;
    const card = render(doc);
    expect(cardText(card)).toContain('1 container could not be read');
    expect(card.text).toContain('of 2 containers');
  });
});

describe('where the box is, in real documents', () => {
  /** TCLU1234568 made a box at sea: no arrival, no discharge, no status, `available_for_pickup: false` as always. */
  function atSea(doc: RawDocument): RawResource {
    const box = containerOf(doc, 'TCLU1234568');
    Object.assign(box.attributes, {
      current_status: null,
      pod_arrived_at: null,
      pod_discharged_at: null,
      available_for_pickup: false,
      holds_at_pod_terminal: [],
      location_at_pod_terminal: null,
    });
    doc.data.attributes.pod_eta_at = '2026-03-08T16:00:00Z';
    return box;
  }

  it('says a box whose vessel is due in 6 days is not at the terminal yet, never "at the terminal"', () => {
    const doc = messyShipment();
    atSea(doc);
    const row = rowOf(render(doc), 'TCLU1234568');
    expect(row).toContain('not at the terminal yet');
    expect(row).not.toContain('at the terminal (');
    expect(row).not.toContain('out of sync');
  });

  it('reads "On-Board Vessel" as on board, not as a box at the terminal out of sync', () => {
    const doc = messyShipment();
    Object.assign(atSea(doc).attributes, {
      current_status: 'not_available',
      location_at_pod_terminal: 'On-Board Vessel',
    });
    const row = rowOf(render(doc), 'TCLU1234568');
    expect(row).toContain('🚢 Not at the terminal yet');
    expect(row).not.toContain('out of sync');
  });

  it('keeps "on the ship" after the vessel arrived, until the box is discharged', () => {
    const doc = messyShipment();
    Object.assign(atSea(doc).attributes, {
      current_status: 'on_ship',
      pod_arrived_at: '2026-03-02T14:00:00Z',
    });
    doc.data.attributes.pod_ata_at = '2026-03-02T14:00:00Z';
    const row = rowOf(render(doc), 'TCLU1234568');
    expect(row).toContain('on the ship');
    expect(row).not.toContain('derived from the milestones');
  });

  it('keeps "grounded" after the rail unload inland: at the inland rail terminal, not on rail', () => {
    const doc = messyShipment();
    Object.assign(containerOf(doc, 'TCLU1234568').attributes, {
      current_status: 'grounded',
      pod_full_out_at: '2026-03-01T20:00:00Z',
      pod_rail_loaded_at: '2026-03-01T20:00:00Z',
      ind_ata_at: '2026-03-02T10:00:00Z',
      ind_rail_unloaded_at: '2026-03-02T12:00:00Z',
      holds_at_pod_terminal: [],
    });
    doc.data.attributes.destination_name = 'Elwood';
    const row = rowOf(render(doc), 'TCLU1234568');
    expect(row).toContain('unloaded at the inland rail terminal');
    expect(row).toContain('Arrived by rail in Elwood');
    expect(row).not.toContain('on rail, on its way inland');
  });
});

/** TCLU1234568 picked up at Los Angeles, its journey's end: no rail fields, only the terminal LFD. */
const PICKED_UP_AT_PORT = {
  current_status: 'picked_up',
  pod_full_out_at: '2026-03-02T15:00:00Z',
  final_destination_timezone: null,
  pod_rail_carrier_scac: null,
  ind_rail_carrier_scac: null,
  ind_eta_at: null,
  import_deadlines: {
    pickup_lfd_terminal: '2026-03-05T08:00:00Z',
    pickup_lfd_rail: null,
    pickup_lfd_line: null,
  },
};

describe('leftovers real documents showed', () => {
  it('says the vessel arrived, time not reported, rather than "ETA not announced yet" above a box ready for pickup', () => {
    const doc = messyShipment();
    Object.assign(doc.data.attributes, { pod_eta_at: null, pod_original_eta_at: null, pod_ata_at: null });
    Object.assign(containerOf(doc, 'TCLU1234568').attributes, {
      current_status: 'available',
      available_for_pickup: true,
      holds_at_pod_terminal: [],
    });
    const card = render(doc);
    expect(rowOf(card, 'TCLU1234568')).toContain('Ready for pickup');
    expect(cardText(card)).not.toContain('not announced yet');
    expect(cardText(card)).toContain('*Arrived Los Angeles:* arrival time not reported');
    expect(card.text).toContain('arrived Los Angeles (time not reported)');
  });

  it('says a shipment whose one box was picked up is picked up, never "0 of 1 container ready"', () => {
    const doc = messyShipment();
    doc.included = doc.included.filter((item) => item.attributes?.number !== 'MSKU9070323');
    Object.assign(containerOf(doc, 'TCLU1234568').attributes, {
      ...PICKED_UP_AT_PORT,
      holds_at_pod_terminal: [],
    });
    const card = render(doc);
    expect(card.text).not.toContain('0 of 1');
    expect(card.text).toContain('picked up or returned');
  });

  it('shows no yard location ("Yard/GROUNDED/RAIL") or old appointment next to "Picked up"', () => {
    const doc = messyShipment();
    Object.assign(containerOf(doc, 'TCLU1234568').attributes, {
      ...PICKED_UP_AT_PORT,
      location_at_pod_terminal: 'Yard/GROUNDED/RAIL',
    });
    const row = rowOf(render(doc), 'TCLU1234568');
    expect(row).toContain('Picked up');
    expect(row).not.toContain('Yard/GROUNDED/RAIL');
    expect(row).not.toContain('Pickup appointment');
  });

  it('shows a location the terminal sent as HTML as text, never a literal &lt;br&gt;', () => {
    const doc = messyShipment();
    containerOf(doc, 'TCLU1234568').attributes.location_at_pod_terminal = 'Yard&lt;br&gt;C1009B &amp; row 4';
    const row = rowOf(render(doc), 'TCLU1234568');
    expect(row).toContain('📍 Location Yard / C1009B &amp; row 4');
    expect(row).not.toContain('&amp;lt;');
    expect(row).not.toContain('br&amp;gt;');
  });
});
