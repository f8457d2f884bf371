import { describe, expect, it } from 'vitest';
import { ACTION, SET_FIELD_OPTION_PREFIX } from '../../../../src/cards/ids.js';
import {
  findButtonValue,
  readActionContext,
} from '../../../../src/slack/listeners/actions/support/action-context.js';
import { describeWriteError } from '../../../../src/slack/listeners/actions/support/write-errors.js';
import { settleWithin } from '../../../../src/slack/listeners/views/support/deadline.js';
import { TrackingApiError } from '../../../../src/tracking/errors.js';
import { blockAction } from '../../../helpers/slack/payloads.js';

describe('readActionContext', () => {
  it('reads who clicked what on which card', () => {
    const body = blockAction({
      actionId: ACTION.shipmentRefresh,
      value: 'ship-1',
      container: { kind: 'message', channelId: 'C1', messageTs: '1.000100' },
    });
    expect(readActionContext(body)).toMatchObject({
      userId: 'U0ALICE',
      teamId: 'T0SHIPWATCH',
      actionId: ACTION.shipmentRefresh,
      value: 'ship-1',
      channelId: 'C1',
      messageTs: '1.000100',
      threadTs: '1.000100',
      parentTs: null,
    });
  });

  it("uses the thread's parent as the card's thread when the clicked message is a reply", () => {
    const body = blockAction({
      kind: 'overflow',
      actionId: ACTION.containerOverflow,
      selectedValue: `${SET_FIELD_OPTION_PREFIX}cont-1`,
      container: { kind: 'message', channelId: 'C1', messageTs: '1.000200', threadTs: '1.000100' },
    });
    expect(readActionContext(body)).toMatchObject({
      value: 'set_field:cont-1',
      threadTs: '1.000100',
      parentTs: '1.000100',
    });
  });
});

describe('findButtonValue', () => {
  it("finds a button's value in actions blocks and accessories", () => {
    const blocks = [
      { type: 'section', accessory: { type: 'button', action_id: 'a', value: 'in-accessory' } },
      {
        type: 'actions',
        elements: [{ type: 'button', action_id: ACTION.emailSubmissionRefresh, value: 'es-1' }],
      },
    ];
    expect(findButtonValue(blocks, ACTION.emailSubmissionRefresh)).toBe('es-1');
    expect(findButtonValue(blocks, 'a')).toBe('in-accessory');
    expect(findButtonValue(blocks, 'missing')).toBeNull();
  });
});

describe('describeWriteError', () => {
  it('names the target when the API key may not write', () => {
    const error = new TrackingApiError({ code: 'forbidden', message: 'x', status: 403 });
    expect(describeWriteError(error, 'TCLU1234568')).toBe(
      'The tracking API key lacks update permission on TCLU1234568.',
    );
  });

  it('does not claim a timed-out write failed: it may have landed', () => {
    const error = new TrackingApiError({ code: 'timeout', message: 'x' });
    expect(describeWriteError(error, 'TCLU1234568')).toMatch(/may or may not have been applied/);
  });
});

describe('settleWithin', () => {
  it('reports a write that answered before the deadline', async () => {
    await expect(settleWithin(Promise.resolve(7), 60_000)).resolves.toEqual({
      settled: true,
      outcome: { ok: true, value: 7 },
    });
  });

  it('hands over a write still running at the deadline, without cancelling it', async () => {
    let finish: (value: number) => void = () => {};
    const work = new Promise<number>((resolve) => {
      finish = resolve;
    });
    const race = await settleWithin(work, 0);
    expect(race.settled).toBe(false);
    finish(3);
    if (!race.settled) await expect(race.late).resolves.toEqual({ ok: true, value: 3 });
  });
});
