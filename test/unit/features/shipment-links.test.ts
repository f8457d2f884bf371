import { describe, expect, it } from 'vitest';
import {
  cardLinkBase,
  cardLinkOf,
  readShipmentLink,
  shipwatchCardUrl,
  terminal49Url,
} from '../../../src/features/unfurls/shipment-links.js';

const ID = '7f3c1e2a-5b8d-4c6e-9a1f-2d3b4c5e6f70';
const PUBLIC = 'https://shipwatch.example.com';

describe('which links Shipwatch previews', () => {
  it("reads Terminal49's find page by number, normalised, whatever the number's case or spacing", () => {
    expect(readShipmentLink('https://app.terminal49.com/shipments/find?q=maeu240817361', null)?.ref).toEqual({
      number: 'MAEU240817361',
    });
    expect(readShipmentLink('https://app.terminal49.com/shipments/find?q=MSKU%209070323', null)?.ref).toEqual(
      {
        number: 'MSKU9070323',
      },
    );
  });

  it("reads a shipment's page by its id, and a card's own URL on the public host only", () => {
    expect(readShipmentLink(`https://app.terminal49.com/shipments/${ID}/containers`, null)?.ref).toEqual({
      shipmentId: ID,
    });
    expect(readShipmentLink(shipwatchCardUrl(PUBLIC, ID), PUBLIC)?.ref).toEqual({ shipmentId: ID });
    expect(readShipmentLink(shipwatchCardUrl(PUBLIC, ID, 'C1'), PUBLIC)?.ref).toEqual({ shipmentId: ID });
    expect(readShipmentLink(shipwatchCardUrl(PUBLIC, ID), null)).toBeNull();
    expect(readShipmentLink(`https://elsewhere.example.com/s/${ID}`, PUBLIC)).toBeNull();
  });

  it('leaves every other link alone', () => {
    for (const url of [
      'https://app.terminal49.com/',
      'https://app.terminal49.com/shipments/find?q=',
      'https://app.terminal49.com/shipments/find?q=<!channel>',
      'https://app.terminal49.com/shipments/not-an-id',
      'https://app.terminal49.com.evil.example/shipments/find?q=MAEU240817361',
      'ftp://app.terminal49.com/shipments/find?q=MAEU240817361',
      'not a url',
    ])
      expect(readShipmentLink(url, PUBLIC), url).toBeNull();
  });

  it("links to Terminal49's find page for a number, escaped", () => {
    expect(terminal49Url({ number: 'MAEU240817361' })).toBe(
      'https://app.terminal49.com/shipments/find?q=MAEU240817361',
    );
    expect(terminal49Url({ number: 'A&B' })).toBe('https://app.terminal49.com/shipments/find?q=A%26B');
  });
});

describe("where a card's own URL points", () => {
  const config = (publicUrl: string | null, apiUrl: string | null = null) => ({
    publicUrl,
    slack: { apiUrl },
  });

  it('is the public URL when one is configured, and nothing without one', () => {
    expect(cardLinkBase(config(PUBLIC))).toBe(PUBLIC);
    expect(cardLinkOf(cardLinkBase(config(PUBLIC)), ID, 'C1')).toBe(`${PUBLIC}/s/${ID}?in=C1`);
    expect(cardLinkBase(config(null))).toBeNull();
    expect(cardLinkOf(cardLinkBase(config(null)), ID, 'C1')).toBeNull();
  });

  it('never points a real workspace at this machine: a loopback URL only for a Slack on this machine too', () => {
    const local = 'http://127.0.0.1:3000';
    expect(cardLinkBase(config(local))).toBeNull();
    expect(cardLinkBase(config(local, 'https://slack.com/api/'))).toBeNull();
    expect(cardLinkBase(config('http://localhost:3000', null))).toBeNull();
    expect(cardLinkBase(config(local, 'http://127.0.0.1:3001/api/'))).toBe(local);
    expect(cardLinkBase(config(PUBLIC, 'http://127.0.0.1:3001/api/'))).toBe(PUBLIC);
  });
});
