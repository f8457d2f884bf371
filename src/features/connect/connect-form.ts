/**
 * Saving `/shipwatch connect`'s form: connect or replace the workspace's Terminal49 key, or remove it. A write of
 * Shipwatch's own state through the one write flow (ledger, policy — here the admin policy —, one log line), answering
 * the form: a key Terminal49 refuses, or one that cannot be checked now, is said next to the key field while the form
 * is open, and nothing is saved. What was done is told to the admin privately. The key is never logged or shown: only
 * a hash of the submission names the intent.
 */
import { type ConnectSaved, renderConnectAuditLine } from '../../cards/connect/connect-audit-line.js';
import { connectRefusal } from '../../cards/connect/connect-outcome.js';
import { INPUT, VIEW } from '../../cards/ids.js';
import type { FeatureContext } from '../context.js';
import type { FormPort, FormSubmission } from '../forms/form-port.js';
import { adminOfForm } from '../forms/form-submitter.js';
import { submittedValues } from '../forms/form-values.js';
import { viewSubmissionKey } from '../idempotency/index.js';
import type { WorkspaceAdmin } from './workspace-admin.js';

/** A key Terminal49 refused, or one that could not be checked: said next to the field, nothing saved. */
class KeyRefused extends Error {
  override readonly name = 'KeyRefused';
}

const NOT_SAVED = 'The key was not saved. Try again in a moment.';

export async function submitConnectForm(
  ctx: FeatureContext,
  submission: FormSubmission,
  ports: { form: FormPort; admin: WorkspaceAdmin | undefined },
): Promise<void> {
  const { form } = ports;
  const block = INPUT.connectKey.block;
  const admin = await adminOfForm(
    form,
    submission,
    ports.admin,
    block,
    'This Shipwatch has no workspace keys to connect.',
  );
  if (admin === null) return;
  const { tenant } = ctx;
  const { actor, values } = submission;
  const apiKey = (submittedValues(values, INPUT.connectKey.block, INPUT.connectKey.action)?.[0] ?? '').trim();
  const remove = (
    submittedValues(values, INPUT.connectRemove.block, INPUT.connectRemove.action) ?? []
  ).includes('remove');
  if (!remove && apiKey === '') {
    await form.refuse({ [block]: 'Paste a key, or tick “Remove”.' });
    return;
  }
  const { run } = form.open(
    { channelId: null, card: null },
    {
      refusalBlockId: block,
      errorsFor: (error) => ({ [block]: error instanceof KeyRefused ? error.message : NOT_SAVED }),
    },
  );
  await run({
    action: VIEW.connect,
    policy: 'admin',
    repeatWindowMs: form.replayWindowMs,
    key: viewSubmissionKey(submission.viewId, { remove, apiKey }),
    target: tenant.id,
    what: 'this workspace’s Terminal49 account',
    actor,
    channelId: null,
    write: async (): Promise<ConnectSaved> => {
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
    auditLine: (saved) => renderConnectAuditLine(actor.userId, saved),
    describeFailure: (error) => (error instanceof KeyRefused ? error.message : NOT_SAVED),
  });
}
