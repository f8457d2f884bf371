/**
 * A direct edit's intent (what a listener records before its ack): one per person, request and change, so the same
 * edit sent twice writes once; a typed command's intent is also its trigger_id's, refused again for as long as Slack
 * may replay its signed request, while "Clear it" (no trigger_id) leaves repeats to the button runner.
 */
import { describe, expect, it } from 'vitest';
import {
  directEditIntent,
  TRACK_EDIT_COMMAND_ACTION,
} from '../../../../src/features/tracking-requests/direct-edit.js';

const REQUEST = {
  actor: { userId: 'U1', teamId: 'T1' },
  channelId: 'C1',
  redeliveryWindowMs: 300_000,
};
const ORIGIN = { origin: { card: null } };

describe('a direct edit’s intent', () => {
  it('is the same for the same edit by the same person, and differs for another change', () => {
    const edit = { id: 'tr-1', ref: 'PO-1' };
    const first = directEditIntent(REQUEST, ORIGIN, edit);
    expect(directEditIntent(REQUEST, ORIGIN, { ...edit })).toEqual(first);
    expect(directEditIntent(REQUEST, ORIGIN, { id: 'tr-1', ref: 'PO-2' }).key).not.toBe(first.key);
    expect(first).toMatchObject({
      action: TRACK_EDIT_COMMAND_ACTION,
      target: 'tr-1',
      payload: { userId: 'U1', teamId: 'T1', channelId: 'C1', card: null },
    });
    expect(first.repeatWindowMs).toBeUndefined();
  });

  it('names a typed command’s trigger_id and is refused again within the replay window', () => {
    const intent = directEditIntent({ ...REQUEST, triggerId: 'trig-1' }, ORIGIN, { id: 'tr-1', ref: 'PO-1' });
    expect(intent.key.endsWith(':trig-1')).toBe(true);
    expect(intent.repeatWindowMs).toBe(300_000);
  });
});
