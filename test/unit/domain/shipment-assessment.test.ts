import { describe, expect, it } from 'vitest';
import { assessContainer } from '../../../src/domain/container-assessment.js';
import { assessShipment } from '../../../src/domain/shipment-assessment.js';
import {
  fee,
  hold,
  lfd,
  makeContainer,
  makeDetail,
  makeShipment,
  NOW,
} from '../../fixtures/cards/factories.js';

const now = NOW.getTime();

describe('assessContainer', () => {
  it('decides availability, LFD, fees and rank for one container from the model and the clock alone', () => {
    const assessment = assessContainer(
      makeContainer({
        holds: [hold('customs')],
        fees: [fee('demurrage', 850)],
        deadlines: [lfd('2024-07-03T07:00:00Z')],
      }),
      makeShipment(),
      null,
      now,
    );
    expect(assessment.availability.kind).toBe('blocked');
    expect(assessment.lfd?.urgency).toBe('overdue');
    expect(assessment.fees.kind).toBe('listed');
    expect(assessment.rank).toBe(0);
  });

  it('reads an empty fee list as not reported at a terminal that says it does not provide fees', () => {
    const terminal = makeDetail().podTerminal;
    const quiet = terminal && { ...terminal, providedData: { fees_at_pod_terminal: false } };
    expect(assessContainer(makeContainer(), makeShipment(), quiet, now).fees.kind).toBe('not_reported');
  });
});

describe('assessShipment', () => {
  it('orders containers most urgent first and puts the one asked about first', () => {
    const detail = makeDetail({
      containers: [
        makeContainer({ number: 'AAAU0000001' }),
        makeContainer({ number: 'BBBU0000001', holds: [hold('customs')] }),
        makeContainer({ number: 'CCCU0000001', deadlines: [lfd('2024-07-03T07:00:00Z')] }),
      ],
    });
    const numbers = (matched?: string) =>
      assessShipment(detail, now, { matchedContainer: matched }).containers.map((a) => a.container.number);
    expect(numbers()).toEqual(['CCCU0000001', 'BBBU0000001', 'AAAU0000001']);
    expect(numbers('aaau0000001')).toEqual(['AAAU0000001', 'CCCU0000001', 'BBBU0000001']);
  });

  it('heads with the overdue containers before the held ones', () => {
    const detail = makeDetail({
      containers: [
        makeContainer({ number: 'AAAU0000001', holds: [hold('customs')] }),
        makeContainer({ number: 'BBBU0000001', deadlines: [lfd('2024-07-03T07:00:00Z')] }),
      ],
    });
    const { headline } = assessShipment(detail, now);
    expect(headline.kind).toBe('lfd_overdue');
    expect(headline.containers.map((a) => a.container.number)).toEqual(['BBBU0000001']);
  });

  it('heads with held containers before an LFD within 3 days, and names every held one', () => {
    const detail = makeDetail({
      containers: [
        makeContainer({ number: 'AAAU0000001', deadlines: [lfd('2024-07-07T07:00:00Z')] }),
        makeContainer({ number: 'BBBU0000001', holds: [hold('customs')] }),
        makeContainer({ number: 'CCCU0000001', holds: [hold('USDA')] }),
      ],
    });
    const { headline } = assessShipment(detail, now);
    expect(headline.kind).toBe('on_hold');
    expect(headline.containers.map((a) => a.container.number).sort()).toEqual(['BBBU0000001', 'CCCU0000001']);
  });

  it('heads with the stop when tracking has stopped, since everything else may be stale', () => {
    const detail = makeDetail({
      shipment: {
        lineTracking: {
          lastAttemptedAt: null,
          lastSucceededAt: null,
          stoppedAt: '2024-07-01T00:00:00Z',
          stoppedReason: 'booking_cancelled',
        },
      },
      containers: [makeContainer({ holds: [hold('customs')] })],
    });
    expect(assessShipment(detail, now).headline).toEqual({
      kind: 'tracking_stopped',
      containers: [],
      stoppedReason: 'booking_cancelled',
    });
  });

  it('heads with "ready" when nothing needs a person, and with no containers when there are none', () => {
    expect(assessShipment(makeDetail(), now).headline.kind).toBe('ready');
    expect(assessShipment(makeDetail({ containers: [] }), now).headline.kind).toBe('no_containers');
  });
});
