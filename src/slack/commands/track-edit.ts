/**
 * `/track-edit <id>` opens the edit form; `/track-edit <id> ref=… tags=…` applies the change at once.
 * Form: the trigger_id expires 3 s after the command, so a loading modal is opened before anything else; the
 * tracking request is read while the write policy is checked, and the modal is replaced by the form (or by a notice
 * saying why not). The form's submission is handled with the other modal listeners (views/).
 * Direct edit: the one write flow (write/write-flow.ts), then the tracking-request card in the channel with the audit
 * line in its thread.
 */
import { renderTrackEditAuditLine } from '../../cards/audit-line.js';
import { renderTrackingRequestCard } from '../../cards/index.js';
import { renderTrackEditModal } from '../../cards/modals/index.js';
import type { SlackMessage } from '../../cards/types.js';
import type { TrackingRequestUpdate } from '../../tracking/models.js';
import { hashOf } from '../idempotency/index.js';
import type { SlackRuntime } from '../runtime.js';
import { allowedToEdit, fillModal, openLoadingModal } from '../views/modal-flow.js';
import { describeWriteError } from '../write/write-errors.js';
import { runWrite } from '../write/write-flow.js';
import { guarded, tellUsage } from './answers.js';
import type { CommandInvocation, CommandSpec } from './command.js';
import { parseTrackEdit, type TrackEditArguments } from './text/index.js';

const MODAL_TITLE = 'Edit tracking request';
/** The write's action name in the log and the ledger. */
export const TRACK_EDIT_COMMAND_ACTION = 'track_edit_command';

export const trackEditCommand: CommandSpec = {
  slash: '/track-edit',
  words: ['track-edit', 'trackedit'],
  usage: '/track-edit <tracking request id> [ref=VALUE] [tags=a,b]',
  description:
    'Change a tracking request’s reference number and tags: opens a form, or applies `ref=` / `tags=` at once (`ref=` alone clears it; quote values with spaces).',
  examples: (n) => [
    `/track-edit ${n.trackingRequestId}`,
    `/track-edit ${n.trackingRequestId} ref=PO-4500123 tags=urgent,customer-x`,
  ],
  readsData: true,
  opensForm: (text) => {
    const parsed = parseTrackEdit(text);
    return parsed.ok && parsed.value.ref === undefined && parsed.value.tags === undefined;
  },
  create: (runtime) =>
    guarded(runtime, '/track-edit', async (invocation) => {
      const parsed = parseTrackEdit(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, trackEditCommand, parsed.problem);
      if (parsed.value.ref === undefined && parsed.value.tags === undefined) {
        await openEditForm(runtime, invocation, parsed.value.id);
      } else {
        await applyDirectEdit(runtime, invocation, parsed.value);
      }
    }),
};

async function openEditForm(runtime: SlackRuntime, invocation: CommandInvocation, id: string): Promise<void> {
  const { payload } = invocation;
  const io = { client: invocation.client, replier: invocation.replier };
  const hint = `Try again, or edit directly: \`/track-edit ${id.replace(/[`<>&]/g, '')} ref=… tags=…\``;
  const opened = await openLoadingModal(runtime, io, payload.trigger_id, MODAL_TITLE, hint);
  if (!opened) return;
  // Read while the policy is checked: both wait on the network, and the form needs both.
  const loading = runtime.tracking.getTrackingRequest(id);
  loading.catch(() => {});
  const edit = {
    title: MODAL_TITLE,
    action: TRACK_EDIT_COMMAND_ACTION,
    target: id,
    teamId: payload.team_id ?? null,
  };
  if (!(await allowedToEdit(runtime, io, opened, edit))) return;
  await fillModal(runtime, io, opened, MODAL_TITLE, async () =>
    renderTrackEditModal(await loading, { now: runtime.clock.now(), channelId: payload.channel_id }),
  );
}

async function applyDirectEdit(
  runtime: SlackRuntime,
  invocation: CommandInvocation,
  args: TrackEditArguments,
): Promise<void> {
  const { payload, replier } = invocation;
  const update: TrackingRequestUpdate = {};
  if (args.ref !== undefined) update.refNumber = args.ref;
  if (args.tags !== undefined) update.tags = args.tags;
  const changes = {
    ...(args.ref !== undefined ? { ref: args.ref } : {}),
    ...(args.tags !== undefined ? { tags: args.tags } : {}),
  };
  let card: SlackMessage | null = null;
  await runWrite(
    { runtime, replier, directoryClient: invocation.client },
    {
      action: TRACK_EDIT_COMMAND_ACTION,
      // One intent per person, request and change: the same command sent twice within the window writes once.
      key: `command:${payload.team_id ?? '-'}:${payload.user_id}:${args.id}:${hashOf(changes)}`,
      target: args.id,
      actor: { userId: payload.user_id, teamId: payload.team_id ?? null },
      channelId: payload.channel_id,
      write: async () => {
        const updated = await runtime.tracking.updateTrackingRequest(args.id, update);
        // The PATCH answer lacks the tracked shipment; a fresh read fills the card in, and is optional.
        return runtime.tracking
          .getTrackingRequest(args.id, { fresh: true })
          .catch(() => ({ trackingRequest: updated, shipment: null }));
      },
      afterWrite: async (detail) => {
        card = renderTrackingRequestCard(detail, { now: runtime.clock.now() });
      },
      auditLine: (detail) =>
        renderTrackEditAuditLine({
          userId: payload.user_id,
          requestNumber: detail.trackingRequest.requestNumber,
          changes,
        }),
      publishAudit: async (line) => {
        if (card) await replier.card(card, 'channel', { auditLine: line });
        else await replier.announce(line);
      },
      describeFailure: (error) => describeWriteError(error, `tracking request ${args.id}`),
    },
    { kind: 'acked' },
  );
}
