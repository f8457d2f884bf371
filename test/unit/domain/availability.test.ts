import { describe, expect, it } from 'vitest';
import { availabilityLine } from '../../../src/cards/lines/availability-line.js';
import { assessAvailability } from '../../../src/domain/availability.js';
import type { Container } from '../../../src/tracking/models.js';
import { hold, makeContainer, zoned } from '../../fixtures/cards/factories.js';

function line(overrides: Partial<Container>): string | null {
  return availabilityLine(assessAvailability(makeContainer(overrides)));
}

describe('availability', () => {
  it('is ready when the terminal says available and no hold is active', () => {
    expect(assessAvailability(makeContainer()).kind).toBe('ready');
    expect(line({})).toBe('✅ Ready for pickup');
  });

  it('names every active hold when holds block pickup', () => {
    expect(line({ holds: [hold('customs'), hold('freight')] })).toBe(
      '⛔ Not ready: customs hold, freight hold',
    );
  });

  it('blocks pickup on a hold even when the availability flag says available', () => {
    expect(assessAvailability(makeContainer({ holds: [hold('TMF')] })).kind).toBe('blocked');
  });

  it("adds the terminal's own hold text, escaped", () => {
    expect(line({ holds: [hold('customs', 'hold', 'CBP <HOLD>')] })).toBe(
      '⛔ Not ready: customs hold (CBP &lt;HOLD&gt;)',
    );
  });

  it('warns about a pending hold on a ready container without blocking it', () => {
    expect(line({ holds: [hold('USDA', 'pending')] })).toBe(
      '✅ Ready for pickup · ⚠️ pending USDA hold expected',
    );
  });

  it('is not ready because of a pending hold when the terminal says not available', () => {
    const container = makeContainer({ availableForPickup: false, holds: [hold('USDA', 'pending')] });
    expect(assessAvailability(container).kind).toBe('pending_hold');
    expect(availabilityLine(assessAvailability(container))).toBe('⚠️ Not ready: pending USDA hold');
  });

  it('calls it out of sync when the terminal says not available but lists no hold', () => {
    expect(assessAvailability(makeContainer({ availableForPickup: false })).kind).toBe('out_of_sync');
    expect(line({ availableForPickup: false })).toContain('out of sync');
  });

  it("says unknown, not unavailable, when the terminal doesn't report availability", () => {
    expect(line({ availabilityKnown: false, availableForPickup: null })).toBe(
      "❔ Availability unknown: the terminal doesn't report it",
    );
  });

  it('says unknown when availability is known but the flag is missing', () => {
    expect(assessAvailability(makeContainer({ availableForPickup: null })).kind).toBe('unknown');
  });

  it('says the container is not at the terminal yet while it is on the ship', () => {
    expect(line({ currentStatus: 'on_ship', availableForPickup: null })).toBe('🚢 Not at the terminal yet');
  });

  it('leaves a container moving inland to the rail line, except to warn about a coming hold', () => {
    expect(assessAvailability(makeContainer({ currentStatus: 'on_rail' })).kind).toBe('inland');
    expect(line({ currentStatus: 'on_rail' })).toBeNull();
    expect(line({ currentStatus: 'on_rail', holds: [hold('customs', 'pending')] })).toBe(
      '⚠️ Pending customs hold',
    );
  });

  it('has no availability line once the container has been picked up', () => {
    expect(line({ currentStatus: 'picked_up' })).toBeNull();
  });

  it('still names an active hold on a container that has left the terminal: a hold in the list is in force', () => {
    expect(line({ currentStatus: 'picked_up', holds: [hold('customs', 'hold', 'CBP HOLD')] })).toBe(
      '⛔ Customs hold (CBP HOLD) still listed by the terminal',
    );
  });

  it('does not judge a dropped container on pickup availability, because it has left the terminal', () => {
    const dropped = makeContainer({ currentStatus: 'dropped', availableForPickup: false });
    expect(assessAvailability(dropped).kind).toBe('left_terminal');
    expect(availabilityLine(assessAvailability(dropped))).toBeNull();
  });

  it('counts delivered and empty-returned containers as gone from the terminal too', () => {
    for (const currentStatus of ['picked_up', 'delivered', 'empty_returned']) {
      expect(assessAvailability(makeContainer({ currentStatus, availableForPickup: false })).kind).toBe(
        'left_terminal',
      );
    }
  });

  it('treats a container with a full-out time as gone from the terminal, whatever its status says', () => {
    const container = makeContainer({
      currentStatus: 'not_available',
      availableForPickup: false,
      podFullOutAt: zoned('2024-07-05T10:00:00Z'),
    });
    expect(assessAvailability(container).kind).toBe('left_terminal');
  });

  it('treats a container returned empty or picked up at its inland destination as gone, whatever its status says', () => {
    expect(assessAvailability(makeContainer({ emptyTerminatedAt: zoned('2024-07-05T10:00:00Z') })).kind).toBe(
      'left_terminal',
    );
    expect(
      assessAvailability(
        makeContainer({ currentStatus: 'on_rail', finalDestinationFullOutAt: zoned('2024-07-05T10:00:00Z') }),
      ).kind,
    ).toBe('left_terminal');
  });

  it('still judges an off-dock container on availability, since it waits for pickup at the off-dock yard', () => {
    const offDock = makeContainer({ currentStatus: 'off_dock', podFullOutAt: zoned('2024-07-04T10:00:00Z') });
    expect(assessAvailability(offDock).kind).toBe('ready');
  });

  it('keeps a box on rail with its rail leg even though it has left the port of discharge', () => {
    const onRail = makeContainer({ currentStatus: 'on_rail', podFullOutAt: zoned('2024-07-04T10:00:00Z') });
    expect(assessAvailability(onRail).kind).toBe('inland');
  });

  it('treats a hold status it does not know as blocking, to be safe', () => {
    expect(assessAvailability(makeContainer({ holds: [hold('VACIS', 'released?')] })).kind).toBe('blocked');
  });

  it('words unknown hold names humanised and escaped', () => {
    expect(line({ holds: [hold('port_<fee>')] })).toBe('⛔ Not ready: port &lt;fee&gt; hold');
  });
});
