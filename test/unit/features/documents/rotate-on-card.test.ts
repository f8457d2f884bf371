/**
 * Rotating a document from its card, as a use case with no Slack in sight: a write runner that records the spec it
 * was handed, and replies that record the card re-rendered. The rotation is the person's write, under the click's key;
 * what Terminal49 refuses is said in the person's words.
 */
import { describe, expect, it } from 'vitest';
import { ACTION } from '../../../../src/cards/ids.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import { ROTATIONS, rotateIntent, rotateOnCard } from '../../../../src/features/documents/rotate-on-card.js';
import type { WriteSpec } from '../../../../src/features/writes/write-flow.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import { TrackingApiError } from '../../../../src/tracking/errors.js';

const CLICK = {
  teamId: 'T1',
  channelId: 'C1',
  userId: 'U1',
  key: 'button:T1:U1:document_rotate_90:doc-1:1.0001',
  action: ACTION.documentRotate90,
};

function world() {
  const specs: Array<WriteSpec<unknown>> = [];
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
  };
  const runWrite = async <R>(spec: WriteSpec<R>) => {
    specs.push(spec as WriteSpec<unknown>);
    return 'written' as const;
  };
  const cards: unknown[] = [];
  const replies = { replaceCard: async (message: unknown) => void cards.push(message) };
  return { ctx, ports: { runWrite, replies }, specs, cards };
}

const refused = (detail: string) =>
  new TrackingApiError({
    code: 'invalid_request',
    message: 'refused',
    status: 422,
    apiErrors: [{ status: '422', title: 'Invalid', detail, code: null, pointer: null, parameter: null }],
  });

describe('rotating a document from its card', () => {
  it('hands the write runner the rotation as the person’s write, under the click’s key', async () => {
    const { ctx, ports, specs, cards } = world();
    const request = {
      ...CLICK,
      documentId: 'doc-1',
      degrees: ROTATIONS[CLICK.action] ?? 90,
      submissionId: null,
    };
    await rotateOnCard(ctx, request, ports);
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({
      action: ACTION.documentRotate90,
      key: CLICK.key,
      target: 'doc-1',
      actor: { userId: 'U1', teamId: 'T1' },
      channelId: 'C1',
    });
    // A card that names no submission is not re-read.
    await specs[0]?.afterWrite?.(undefined);
    expect(cards).toEqual([]);
    expect(JSON.stringify(specs[0]?.auditLine(undefined))).toContain('doc-1');
  });

  it('says what Terminal49 refused in the person’s words', async () => {
    const { ctx, ports, specs } = world();
    await rotateOnCard(ctx, { ...CLICK, documentId: 'doc-1', degrees: 90, submissionId: null }, ports);
    const describe = specs[0]?.describeFailure ?? (() => '');
    expect(describe(refused('No document attached'))).toBe(
      'This document has no file attached, so there is nothing to rotate.',
    );
    expect(describe(refused('Invalid rotation'))).toBe('Terminal49 only rotates by 90, 180 or 270 degrees.');
    expect(describe(refused('Not an image'))).toContain('only image documents');
  });

  it('records the intent before the ack with where to tell the person', () => {
    const intent = rotateIntent({ ...CLICK, documentId: 'doc-1' }, { origin: { card: null } });
    expect(intent).toMatchObject({ key: CLICK.key, action: ACTION.documentRotate90, target: 'doc-1' });
    expect(intent.payload).toMatchObject({ userId: 'U1', teamId: 'T1', channelId: 'C1' });
  });
});
