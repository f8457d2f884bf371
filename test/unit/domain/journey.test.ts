import { describe, expect, it } from 'vitest';
import { readMilestone } from '../../../src/domain/journey.js';
import { assessShipment } from '../../../src/domain/shipment-assessment.js';
import { LA, makeContainer, makeDetail, NOW, zoned } from '../../fixtures/cards/factories.js';

const now = NOW.getTime();

describe('reading a milestone against the clock', () => {
  it('reads an actual time in the past as the actual', () => {
    expect(readMilestone(zoned('2024-07-04T13:00:00Z'), null, now, false).kind).toBe('actual');
  });

  it('reads an actual time more than an hour in the future as reported in the future', () => {
    expect(readMilestone(zoned('2024-07-05T17:30:00Z'), null, now, false).kind).toBe('actual_in_future');
    expect(readMilestone(zoned('2024-07-05T16:30:00Z'), null, now, false).kind).toBe('actual');
  });

  it('allows a whole day of slack for an actual whose zone is unknown (a wall time read as UTC)', () => {
    expect(readMilestone(zoned('2024-07-06T04:00:00Z', null), null, now, false).kind).toBe('actual');
    expect(readMilestone(zoned('2024-07-07T04:00:00Z', null), null, now, false).kind).toBe(
      'actual_in_future',
    );
  });

  it('reads an estimate in the past as passed, reached or not', () => {
    const eta = zoned('2024-07-03T15:00:00Z', LA);
    expect(readMilestone(null, eta, now, true)).toEqual({ kind: 'estimate_passed', at: eta, reached: true });
    expect(readMilestone(null, eta, now, false)).toEqual({
      kind: 'estimate_passed',
      at: eta,
      reached: false,
    });
  });

  it('ignores an actual that is no date and falls back to the estimate', () => {
    const eta = zoned('2024-07-08T15:00:00Z', LA);
    expect(readMilestone(zoned('0000-00-00T00:00:00Z'), eta, now, false)).toEqual({
      kind: 'estimate',
      at: eta,
    });
  });
});

describe('the journey of a shipment', () => {
  it('counts the arrival as reached once a container is at the terminal or beyond', () => {
    const detail = makeDetail({
      shipment: { podEtaAt: zoned('2024-07-01T15:00:00Z', LA), podAtaAt: null },
      containers: [
        makeContainer({ currentStatus: 'picked_up', podFullOutAt: zoned('2024-07-03T17:00:00Z') }),
      ],
    });
    expect(assessShipment(detail, now).journey.arrival).toMatchObject({
      kind: 'estimate_passed',
      reached: true,
    });
  });

  it('counts the departure as reached once a container is on the ship', () => {
    const detail = makeDetail({
      shipment: { polEtdAt: zoned('2024-06-20T06:00:00Z', 'Asia/Shanghai'), polAtdAt: null },
      containers: [makeContainer({ currentStatus: 'on_ship' })],
    });
    expect(assessShipment(detail, now).journey.departure).toMatchObject({
      kind: 'estimate_passed',
      reached: true,
    });
  });
});
