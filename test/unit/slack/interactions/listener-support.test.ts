import { describe, expect, it } from 'vitest';
import { ACTION, SET_FIELD_OPTION_PREFIX } from '../../../../src/cards/ids.js';
import { settleWithin } from '../../../../src/features/writes/deadline.js';
import { describeWriteError } from '../../../../src/features/writes/write-errors.js';
import { silentLogger } from '../../../../src/logger.js';
import { findButtonValue, readActionContext } from '../../../../src/slack/actions/action-context.js';
import { guardSubmission, submitter } from '../../../../src/slack/views/view-args.js';
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

describe('guardSubmission', () => {
  it('still acks once, with an error next to the field, when a submission listener throws', async () => {
    const acks: unknown[] = [];
    const listener = guardSubmission(silentLogger, 'field_block', async () => {
      throw new Error('boom');
    });
    // SAFETY: the guard reads only ack and view from the arguments.
    await listener({ ack: async (response?: unknown) => void acks.push(response), view: {} } as never);
    expect(acks).toEqual([
      { response_action: 'errors', errors: { field_block: expect.stringMatching(/not saved/) } },
    ]);
  });

  it('does not ack a second time when the listener already acked before throwing', async () => {
    const acks: unknown[] = [];
    const listener = guardSubmission(silentLogger, 'field_block', async ({ ack }) => {
      await ack({ response_action: 'clear' });
      throw new Error('after the ack');
    });
    // SAFETY: the guard reads only ack and view from the arguments.
    await listener({ ack: async (response?: unknown) => void acks.push(response), view: {} } as never);
    expect(acks).toEqual([{ response_action: 'clear' }]);
  });
});

describe('submitter', () => {
  it('treats a user id that is not a string as absent', () => {
    // SAFETY: a deliberately malformed payload, as a tampered request could carry.
    expect(submitter({ user: { id: 42 }, team: null } as never)).toEqual({ userId: '', teamId: null });
  });
});
