import { describe, expect, it } from 'vitest';
import { headingWords, renderVesselCard, speedWords } from '../../../src/cards/vessel-card.js';
import { compassPoint } from '../../../src/cards/vessel-track.js';
import { cardText, sectionTexts } from '../../fixtures/cards/card-text.js';
import { makeVessel, NOW } from '../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const ctx = { now: NOW };

describe('vessel card', () => {
  it('shows name, IMO, MMSI, position with a map link, speed, heading and position age', () => {
    const card = renderVesselCard(makeVessel(), ctx);
    const text = cardText(card);
    expect(text).toContain('🚢 MAERSK EMDEN');
    expect(text).toContain('*IMO* 9778791 · *MMSI* 219018671');
    expect(text).toContain(
      '<https://www.openstreetmap.org/?mlat=33.73610&mlon=-118.26180#map=6/33.73610/-118.26180|33.74°N 118.26°W>',
    );
    expect(text).toContain('*Speed* 14.2 kn · *Heading* 275° (W)');
    expect(text).toContain('(3 hours ago)');
    assertWithinBlockKitLimits(card);
  });

  it('has a notification text with the last position', () => {
    expect(renderVesselCard(makeVessel(), ctx).text).toBe(
      'MAERSK EMDEN (IMO 9778791): last seen at 33.74°N 118.26°W',
    );
  });

  it('summarises the recent track, newest first, when positions were requested', () => {
    const positions = Array.from({ length: 40 }, (_, index) => ({
      latitude: 30 + index / 10,
      longitude: -130 + index / 10,
      heading: index % 2 === 0 ? 45 : null,
      timestamp: new Date(Date.parse('2024-07-01T00:00:00Z') + index * 3_600_000).toISOString(),
      estimated: index === 39,
    }));
    const card = renderVesselCard(makeVessel({ positions }), { now: NOW, positions: 'shown' });
    const track = sectionTexts(card).at(-1) ?? '';
    expect(track).toContain('🧭 *Recent track:* 40 positions from');
    expect(track.split('\n')[1]).toContain('33.90°N 126.10°W');
    expect(track.split('\n')[1]).toContain('_estimated_');
    expect(track).toContain('…and 34 earlier');
    assertWithinBlockKitLimits(card);
  });

  it('collapses fixes at the same spot into one stationary line and says how far the ship went', () => {
    const start = Date.parse('2024-07-01T00:00:00Z');
    const underway = Array.from({ length: 5 }, (_, index) => ({
      latitude: 33.7,
      longitude: -123 + index,
      heading: 90,
      timestamp: new Date(start + index * 3_600_000).toISOString(),
      estimated: false,
    }));
    const atBerth = Array.from({ length: 10 }, (_, index) => ({
      latitude: 33.7406,
      longitude: -118.26,
      heading: null,
      timestamp: new Date(start + (5 + index) * 3_600_000).toISOString(),
      estimated: false,
    }));
    const card = renderVesselCard(makeVessel({ positions: [...underway, ...atBerth] }), {
      now: NOW,
      positions: 'shown',
    });
    const lines = (sectionTexts(card).at(-1) ?? '').split('\n');
    expect(lines[0]).toMatch(/15 positions from .* · 2\d\d nm covered$/);
    expect(lines[1]).toMatch(/^• ⚓ stationary at 33\.74°N 118\.26°W for 9 hours, since <!date\^/);
    expect(lines[2]).toContain('33.70°N 119.00°W · heading 90° (E)');
    expect(lines.filter((line) => line.includes('stationary'))).toHaveLength(1);
    assertWithinBlockKitLimits(card);
  });

  it('gives a stay longer than two days in days, and a shorter one in hours', () => {
    const stayLine = (hours: number) => {
      const end = Date.parse('2024-07-05T12:00:00Z');
      const positions = [0, hours].map((ago) => ({
        latitude: 33.7406,
        longitude: -118.26,
        heading: null,
        timestamp: new Date(end - ago * 3_600_000).toISOString(),
        estimated: false,
      }));
      const card = renderVesselCard(makeVessel({ positions }), { now: NOW, positions: 'shown' });
      return (sectionTexts(card).at(-1) ?? '').split('\n')[1];
    };
    expect(stayLine(144)).toContain('stationary at 33.74°N 118.26°W for 6 days, since');
    expect(stayLine(60)).toContain('for 2 days, since');
    expect(stayLine(48)).toContain('for 48 hours, since');
  });

  it('says there are no positions when the window is empty', () => {
    const card = renderVesselCard(makeVessel({ positions: [] }), { now: NOW, positions: 'shown' });
    expect(cardText(card)).toContain('no positions reported in this period');
  });

  it("explains plainly when the account doesn't have the Routing Data feature", () => {
    const card = renderVesselCard(makeVessel(), { now: NOW, positions: 'feature_not_enabled' });
    expect(cardText(card)).toContain(
      "This account doesn't have the Routing Data feature, so the track isn't available; the last reported position is shown.",
    );
  });

  it('copes with every field missing', () => {
    const card = renderVesselCard(
      makeVessel({
        name: null,
        imo: null,
        mmsi: null,
        latitude: null,
        longitude: null,
        speedKnots: null,
        headingDegrees: null,
        positionTimestamp: null,
      }),
      ctx,
    );
    expect(cardText(card)).toContain('Unnamed vessel');
    expect(cardText(card)).toContain('*IMO* unknown · *MMSI* unknown');
    expect(cardText(card)).toContain('*Last position* not reported');
    expect(card.text).toBe('Unnamed vessel: no position reported');
    assertWithinBlockKitLimits(card);
  });

  it('treats AIS "not available" sentinels and impossible coordinates as unknown', () => {
    expect(speedWords(102.3)).toBe('unknown');
    expect(headingWords(511)).toBe('unknown');
    const card = renderVesselCard(makeVessel({ latitude: 91, longitude: 10 }), ctx);
    expect(cardText(card)).not.toContain('openstreetmap');
  });

  it('names compass points', () => {
    expect([0, 22, 45, 180, 275, 350].map(compassPoint)).toEqual(['N', 'NNE', 'NE', 'S', 'W', 'N']);
  });
});
