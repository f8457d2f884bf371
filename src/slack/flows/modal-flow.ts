/**
 * The two halves of a modal that needs API data: open a loading view with the trigger_id at once (it expires 3 s
 * after the click or command and works once), then fill it in. Whatever goes wrong on the way ends in the modal
 * itself (a notice with the reason), or — when even the modal could not open — in a private message, never in
 * silence.
 */
import {
  renderFormNotOpenedNotice,
  renderLoadingModal,
  renderNoticeModal,
} from '../../cards/modals/index.js';
import { renderNotice } from '../../cards/notice.js';
import type { ModalView } from '../../cards/types.js';
import { formOrNotice } from '../../features/forms/form-or-notice.js';
import { type EditRequest, mayEdit } from '../../features/policy/edit-permission.js';
import type { Tenant } from '../../tenancy/index.js';
import {
  classifySlackError,
  type OpenedModal,
  openModal,
  slackFailureFields,
  updateModal,
} from '../delivery/index.js';
import { peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import type { FlowIo } from './flow-ports.js';

/** The request's Replier (a private note when even the modal is gone) and WebClient (views.*, the directory). */
export type ModalIo = Pick<FlowIo, 'client' | 'replier'>;

/** Opens the loading view; null (and the person told why, with `fallbackHint` when given) when Slack would not. */
export async function openLoadingModal(
  runtime: SlackRuntime,
  io: ModalIo,
  triggerId: string,
  title: string,
  fallbackHint?: string,
): Promise<OpenedModal | null> {
  try {
    return await openModal(io.client, triggerId, renderLoadingModal(title));
  } catch (error) {
    runtime.logger.warn('views.open failed', slackFailureFields(error));
    const expired = classifySlackError(error).kind === 'trigger_expired';
    await io.replier.tell(renderFormNotOpenedNotice({ expired, hint: fallbackHint }));
    return null;
  }
}

/** Replaces the loading view with `load()`'s modal, or with a notice saying why it could not be loaded. */
export async function fillModal(
  runtime: SlackRuntime,
  io: ModalIo,
  opened: OpenedModal,
  title: string,
  load: () => Promise<ModalView>,
): Promise<void> {
  await showInModal(runtime, io, opened, await formOrNotice(runtime, title, load));
}

/**
 * Checks write permission for a modal that edits something (features/policy/edit-permission.ts); when refused, shows
 * the reason in the already open modal and returns false (so no API call follows).
 */
export async function allowedToEdit(
  runtime: SlackRuntime,
  io: ModalIo,
  opened: OpenedModal,
  edit: Omit<EditRequest, 'userId' | 'channelId'> & { title: string },
): Promise<boolean> {
  const { userId, channelId } = io.replier.origin;
  const deps = {
    logger: runtime.logger,
    people: peopleOf(runtime.directory, io.client),
    home: (tenant: Tenant) => runtime.home(tenant),
  };
  const decision = await mayEdit(deps, { ...edit, userId, channelId });
  if (decision.allowed) return true;
  if (!(await showInModal(runtime, io, opened, renderNoticeModal(edit.title, decision.reason)))) {
    // The modal is gone (closed, or Slack refused): say it where it cannot be missed.
    await io.replier.tell(renderNotice(':no_entry:', decision.reason));
  }
  return false;
}

async function showInModal(
  runtime: SlackRuntime,
  io: ModalIo,
  opened: OpenedModal,
  view: ModalView,
): Promise<boolean> {
  try {
    await updateModal(io.client, opened, view);
    return true;
  } catch (error) {
    // not_found: the person closed the modal while it loaded; nothing is left to show.
    runtime.logger.info('views.update failed', slackFailureFields(error));
    return false;
  }
}
