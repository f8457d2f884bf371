/**
 * Submitting and closing modals. The bot's answer to view_submission decides what happens, as in Slack: no body
 * closes the view, `errors` shows messages under the named input blocks and keeps the modal open, `update`
 * replaces it, `push` stacks a new one, `clear` closes them all.
 */
import { interactionFields, viewClosedPayload, viewSubmissionPayload } from '../bot-link/payloads.js';
import type { CloseRequest, SubmitRequest, UiResult } from '../protocol.js';
import { arrayAt, isObject, objectAt } from '../shared/json-reader.js';
import { checkView } from '../web-api/block-kit-check.js';
import { withGeneratedIds } from '../web-api/generated-ids.js';
import { findUser, type WorkspaceCore } from './core.js';
import { acceptedBody, parseJsonBody } from './report-reply.js';
import { stateValues } from './state-values.js';

export async function submitView(core: WorkspaceCore, request: SubmitRequest): Promise<UiResult> {
  const user = findUser(core, request.userId);
  const record = core.views.find(request.viewId);
  if (!user || !record || record.userId !== user.id) return { ok: false, error: 'view_not_found' };
  const blocks = arrayAt(record.view, 'blocks') ?? [];
  const payload = viewSubmissionPayload(core.identity, {
    user,
    view: record.view,
    stateValues: stateValues(blocks, request.values),
    triggerId: core.triggers.issue(user.id),
  });
  const reply = await core.sender.send(interactionFields(payload));
  const body = acceptedBody(core, reply, 'Submitting the form', user.id);
  if (body === null) return { ok: false, error: 'bot_failed' };

  const answer = parseJsonBody(body);
  const action = isObject(answer) ? answer.response_action : undefined;
  switch (action) {
    case 'errors': {
      const errors = objectAt(answer, 'errors') ?? {};
      core.views.setErrors(
        record.viewId,
        Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, String(v)])),
      );
      return { ok: true };
    }
    case 'update':
    case 'push': {
      const view = objectAt(answer, 'view');
      const problems = checkView(view);
      if (!view || problems.length > 0) {
        core.channel.notice({
          level: 'error',
          text: `The bot answered the form with response_action "${action}" and a view Slack would refuse.`,
          detail: problems.join('\n'),
          userId: user.id,
        });
        return { ok: false, error: 'invalid_arguments' };
      }
      const next = { ...view, blocks: withGeneratedIds(arrayAt(view, 'blocks') ?? []) };
      if (action === 'update') core.views.update({ viewId: record.viewId }, next);
      else core.views.push(user.id, next);
      return { ok: true };
    }
    case 'clear':
      core.views.clear(user.id);
      return { ok: true };
    default:
      core.views.close(record.viewId);
      return { ok: true };
  }
}

export async function closeView(core: WorkspaceCore, request: CloseRequest): Promise<UiResult> {
  const user = findUser(core, request.userId);
  const record = core.views.find(request.viewId);
  if (!user || !record || record.userId !== user.id) return { ok: false, error: 'view_not_found' };
  core.views.close(record.viewId);
  if (record.view.notify_on_close === true) {
    const payload = viewClosedPayload(core.identity, {
      user,
      view: record.view,
      stateValues: stateValues(arrayAt(record.view, 'blocks') ?? []),
    });
    const reply = await core.sender.send(interactionFields(payload));
    acceptedBody(core, reply, 'Closing the form', user.id);
  }
  return { ok: true };
}
