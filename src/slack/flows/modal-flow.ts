/**
 * The two halves of a modal that needs API data: open a loading view with the trigger_id at once (it expires 3 s
 * after the click or command and works once), then fill it in. Whatever goes wrong on the way ends in the modal
 * itself (a notice with the reason), or — when even the modal could not open — in a private message, never in
 * silence.
 */
import { renderErrorCard } from '../../cards/index.js';
import { renderLoadingModal, renderNoticeModal } from '../../cards/modals/index.js';
import { renderNotice } from '../../cards/notice.js';
import type { ModalView } from '../../cards/types.js';
import { checkAdminPermission, checkWritePermission, logWrite } from '../../features/policy/index.js';
import type { Tenant } from '../../tenancy/index.js';
import {
  classifySlackError,
  type OpenedModal,
  openModal,
  slackFailureFields,
  updateModal,
} from '../delivery/index.js';
import type { Replier } from '../delivery/replier.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import { type DirectoryClient, peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';

export interface ModalIo {
  client: SlackMessagingClient & DirectoryClient;
  replier: Replier;
}

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
    const said = expired
      ? 'Slack closed the window for opening the form before it could open.'
      : "The form couldn't be opened just now.";
    await io.replier.tell(
      renderNotice(':hourglass:', `${said} ${fallbackHint ?? 'Click the button again in a moment.'}`),
    );
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
  let view: ModalView;
  try {
    view = await load();
  } catch (error) {
    runtime.logger.warn('modal data could not be loaded', { error });
    view = renderNoticeModal(title, renderErrorCard(error, { now: runtime.clock.now() }).text);
  }
  await showInModal(runtime, io, opened, view);
}

/**
 * Checks write permission for a modal that edits something; when refused, logs the attempt, shows the reason in the
 * already open modal, and returns false (so no API call follows).
 */
export async function allowedToEdit(
  runtime: SlackRuntime,
  io: ModalIo,
  opened: OpenedModal,
  edit: {
    title: string;
    action: string;
    target: string;
    teamId: string | null;
    tenant: Tenant;
    /** Who may: anyone the write policy allows (default), or the workspace's admins (its Terminal49 account). */
    policy?: 'write' | 'admin';
    /** What is changed, in a refusal's words. */
    what?: string;
  },
): Promise<boolean> {
  const { userId, channelId } = io.replier.origin;
  const check = edit.policy === 'admin' ? checkAdminPermission : checkWritePermission;
  const decision = await check(
    {
      userId,
      teamId: edit.teamId,
      channelId,
      action: edit.action,
      ...(edit.what ? { what: edit.what } : {}),
    },
    {
      settings: edit.tenant.settings,
      people: peopleOf(runtime.directory, io.client),
      home: () => runtime.home(edit.tenant),
    },
  );
  if (decision.allowed) return true;
  logWrite(runtime.logger, {
    userId,
    teamId: edit.teamId,
    channelId,
    action: edit.action,
    target: edit.target,
    outcome: `denied:${decision.code}`,
  });
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
