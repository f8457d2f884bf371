import { describe, expect, it } from 'vitest';
import { renderNotFoundCard } from '../../../src/cards/not-found-card.js';
import { containerCheckDigit } from '../../../src/domain/container-number.js';
import { cardText } from '../../fixtures/cards/card-text.js';
import { NOW } from '../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const ctx = { now: NOW };

describe('not found card', () => {
  it('suggests the corrected container number when the check digit does not match', () => {
    expect(containerCheckDigit('MSKU9070323')).toBe(3);
    const card = renderNotFoundCard({ kind: 'not_found', query: 'MSKU9070324', looksLike: 'container' }, ctx);
    expect(card.text).toBe("Couldn't find MSKU9070324");
    expect(cardText(card)).toContain('did you mean *MSKU9070323*?');
    assertWithinBlockKitLimits(card);
  });

  it('says the container is not on a tracked shipment when its number is valid', () => {
    const card = renderNotFoundCard({ kind: 'not_found', query: 'MSKU9070323', looksLike: 'container' }, ctx);
    expect(cardText(card)).toContain('No shipment on this account contains this container');
  });

  it('explains the container number shape when it is off', () => {
    const card = renderNotFoundCard({ kind: 'not_found', query: 'MSK9070323', looksLike: 'container' }, ctx);
    expect(cardText(card)).toContain('4 letters and 7 digits');
  });

  it('suggests the carrier prefix for a bare bill of lading', () => {
    const card = renderNotFoundCard(
      { kind: 'not_found', query: '240817361', looksLike: 'bill_of_lading_or_booking' },
      ctx,
    );
    expect(cardText(card)).toContain('try with the carrier prefix, e.g. *MAEU240817361*');
    expect(cardText(card)).toContain("If it's a booking number");
  });

  it('does not suggest a prefix when the number already has one', () => {
    const card = renderNotFoundCard(
      { kind: 'not_found', query: 'MAEU240817361', looksLike: 'bill_of_lading_or_booking' },
      ctx,
    );
    expect(cardText(card)).not.toContain('carrier prefix');
  });

  it('handles ids and unrecognisable input', () => {
    expect(
      cardText(renderNotFoundCard({ kind: 'not_found', query: 'abc-123', looksLike: 'id' }, ctx)),
    ).toContain('has that id');
    expect(
      cardText(renderNotFoundCard({ kind: 'not_found', query: '??', looksLike: 'unknown' }, ctx)),
    ).toContain('Type a bill of lading, booking or container number');
  });

  it('escapes what the person typed', () => {
    const card = renderNotFoundCard({ kind: 'not_found', query: '<!channel>', looksLike: 'unknown' }, ctx);
    expect(cardText(card)).not.toContain('<!channel>');
    expect(card.text).toBe("Couldn't find &lt;!channel&gt;");
  });
});
