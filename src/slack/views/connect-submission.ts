/**
 * Saving `/shipwatch connect`'s modal: connect or replace the workspace's Terminal49 key, or remove it. A write of
 * Shipwatch's own state through the one write flow (ledger, policy — here the admin policy —, one log line), in modal
 * mode: a key Terminal49 refuses, or one that cannot be checked now, is said next to the key field while the modal is
 * open, and nothing is saved. What was done is told to the admin privately. The key is never logged or shown: only
 * a hash of the submission names the intent.
 */
import { type ConnectOutcome, connectRefusal } from '../../cards/connect/connect-outcome.js';
import { INPUT, VIEW } from '../../cards/ids.js';
import { renderNotice } from '../../cards/notice.js';
import { viewSubmissionKey } from '../../features/idempotency/index.js';
import { featuresOf } from '../context/feature-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier } from '../delivery/replier.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import { submittedValues } from './state.js';
import { adminSubmitter, guardSubmission, submittedState } from './view-args.js';

/** A key Terminal49 refused, or one that could not be checked: said next to the field, nothing saved. */
class KeyRefused extends Error {
  override readonly name = 'KeyRefused';
}

type Saved =
  | { kind: 'connect'; outcome: Extract<ConnectOutcome, { kind: 'connected' }> }
  | { kind: 'removed'; stillUsedBy: number; was: boolean };

export function createConnectSubmissionListener(runtime: SlackRuntime) {
  const { logger } = runtime;
  const block = INPUT.connectKey.block;
  return guardSubmission(logger, block, async ({ ack, body, view, client, context }) => {
    const startedAt = performance.now();
    const who = await adminSubmitter(
      { ack, body },
      runtime.workspaceAdmin,
      block,
      'This Shipwatch has no workspace keys to connect.',
    );
    if (who === null) return;
    const { admin, userId, teamId } = who;
    const features = featuresOf(runtime, context);
    const { tenant } = features;
    const values = submittedState(view);
    const apiKey = (
      submittedValues(values, INPUT.connectKey.block, INPUT.connectKey.action)?.[0] ?? ''
    ).trim();
    const remove = (
      submittedValues(values, INPUT.connectRemove.block, INPUT.connectRemove.action) ?? []
    ).includes('remove');
    if (!remove && apiKey === '') {
      await ack({ response_action: 'errors', errors: { [block]: 'Paste a key, or tick “Remove”.' } });
      return;
    }
    const replier = createReplier(
      { client: withChatApi(client, chatOf(runtime, context)), respond: null, logger },
      { teamId, channelId: null, userId, card: null },
    );
    await runWrite(
      { runtime, replier, directoryClient: client, tenant },
      {
        action: VIEW.connect,
        policy: 'admin',
        repeatWindowMs: runtime.timing.redeliveryWindowMs,
        key: viewSubmissionKey(view.id, { remove, apiKey }),
        target: tenant.id,
        what: 'this workspace’s Terminal49 account',
        actor: { userId, teamId },
        channelId: null,
        write: async (): Promise<Saved> => {
          if (remove) {
            const outcome = await admin.disconnect({ tenantId: tenant.id });
            return outcome.kind === 'disconnected'
              ? { kind: 'removed', stillUsedBy: outcome.stillUsedBy, was: true }
              : { kind: 'removed', stillUsedBy: 0, was: false };
          }
          const outcome = await admin.connect({ tenantId: tenant.id, apiKey });
          if (outcome.kind !== 'connected') throw new KeyRefused(connectRefusal(outcome) ?? 'Not saved.');
          return { kind: 'connect', outcome };
        },
        auditLine: (saved) =>
          renderNotice(
            saved.kind === 'removed' ? ':wastebasket:' : ':link:',
            saved.kind === 'removed'
              ? saved.was
                ? `<@${userId}> removed this workspace’s Terminal49 key.`
                : 'No Terminal49 key was connected.'
              : `<@${userId}> ${saved.outcome.replaced ? 'replaced' : 'connected'} this workspace’s Terminal49 key. ${webhookWords(
                  saved.outcome.webhook.kind,
                )}${sharedWords(saved.outcome.sharedWith)}`,
          ),
        describeFailure: (error) =>
          error instanceof KeyRefused ? error.message : 'The key was not saved. Try again in a moment.',
      },
      {
        kind: 'modal',
        ack,
        startedAt,
        refusalBlockId: block,
        errorsFor: (error) => ({
          [block]:
            error instanceof KeyRefused ? error.message : 'The key was not saved. Try again in a moment.',
        }),
      },
    );
  });
}

function webhookWords(kind: 'registered' | 'not_entitled' | 'failed'): string {
  return kind === 'registered'
    ? 'Terminal49 now sends its changes to Shipwatch as they happen.'
    : kind === 'not_entitled'
      ? 'The account cannot send webhooks, so Shipwatch polls watched shipments.'
      : 'Shipwatch polls watched shipments until its webhook can be registered.';
}

function sharedWords(sharedWith: number): string {
  return sharedWith > 0
    ? ` ${sharedWith} other workspace${sharedWith === 1 ? '' : 's'} use the same account: one budget, shared.`
    : '';
}
