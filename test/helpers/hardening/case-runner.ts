/**
 * Turns generated cases into the bodies Slack would deliver (each with its own channel, response_url and trigger
 * id), delivers a batch of them at once to the in-process app, and judges every case: delivered without crashing,
 * acknowledged exactly once when one of our listeners owns it, answered (a command always gets a visible reply), no
 * uncaught-exception card, no live markup echoed back, and every surface within Block Kit limits.
 */
import { ACTION, INPUT, VIEW } from '../../../src/cards/ids.js';
import {
  blockActionsPayload,
  openedModal,
  slashCommandFields,
  viewSubmissionPayload,
} from '../../../src/workspace/bot-link/payloads.js';
import { findBlockKitViolations } from '../block-kit-validator.js';
import type { Delivery } from '../slack/bot-harness.js';
import { nextId, TEST_SOURCE, TEST_TEAM } from '../slack/payloads.js';
import type { ActionCase, CommandCase, ViewCase } from './arbitraries.js';
import { liveControlSequences } from './mrkdwn-scan.js';
import type { World } from './world.js';

export type GeneratedCase = CommandCase | ActionCase | ViewCase;

export const PROPERTY_USER = 'U0PROP';
export const PROPERTY_GUEST = 'U0PROPGUEST';
const KNOWN_ACTIONS = new Set<unknown>([...Object.values(ACTION), INPUT.customFieldSlug.action]);
const KNOWN_VIEWS = new Set<unknown>([VIEW.customField, VIEW.trackEdit]);
const UNCAUGHT = /Something went wrong on our side/;

export interface CaseIds {
  channelId: string;
  responseUrl: string;
  triggerId: string;
}

export interface CaseVerdict {
  generated: GeneratedCase;
  problems: string[];
}

/** Delivers every case at once and returns the problems found per case (empty when all is well). */
export async function runBatch(harness: World, cases: readonly GeneratedCase[]): Promise<CaseVerdict[]> {
  const prepared = cases.map((generated) => {
    const ids: CaseIds = {
      channelId: nextId('CPROP'),
      responseUrl: harness.responseUrls.newUrl(),
      triggerId: nextId('TRIGPROP'),
    };
    return { generated, ids, body: bodyFor(generated, ids) };
  });
  const deliveries = await Promise.all(prepared.map(({ body }) => harness.deliver(body)));
  return prepared.map(({ generated, ids }, index) => ({
    generated,
    // SAFETY: `deliveries` has one entry per prepared case, in order.
    problems: judge(harness, generated, ids, deliveries[index] as Delivery),
  }));
}

function judge(harness: World, generated: GeneratedCase, ids: CaseIds, delivery: Delivery): string[] {
  const problems: string[] = [];
  if (delivery.rejected !== null)
    problems.push(`processEvent rejected (HTTP 500): ${describe(delivery.rejected)}`);
  if (delivery.acks.length > 1) problems.push(`acknowledged ${delivery.acks.length} times`);
  const owned =
    generated.kind === 'command' ||
    (generated.kind === 'action' && KNOWN_ACTIONS.has(generated.actionId)) ||
    (generated.kind === 'view' && KNOWN_VIEWS.has(generated.callbackId));
  if (owned && delivery.acks.length !== 1) problems.push('not acknowledged (Slack would show a timeout)');

  const surfaces = surfacesFor(harness, ids);
  if (generated.kind === 'command' && surfaces.length === 0) problems.push('no visible answer to a command');
  problems.push(...surfaceProblems(surfaces));
  return problems;
}

export interface ShownSurface {
  where: string;
  surface: Record<string, unknown>;
}

/** What is wrong with what a case was shown: the uncaught-error card, live markup, Block Kit limits. */
export function surfaceProblems(surfaces: readonly ShownSurface[]): string[] {
  const problems: string[] = [];
  for (const { where, surface } of surfaces) {
    if (UNCAUGHT.test(JSON.stringify(surface))) {
      problems.push(`${where}: the generic "something went wrong" card (an uncaught error)`);
    }
    const live = liveControlSequences(surface, { allowedUsers: [PROPERTY_USER, PROPERTY_GUEST] });
    if (live.length > 0)
      problems.push(`${where}: live markup ${live.map((item) => item.sequence).join(' ')}`);
    const violations = limitViolations(surface);
    if (violations.length > 0) problems.push(`${where}: Block Kit limits: ${violations.join('; ')}`);
  }
  return problems;
}

/** Where answers land: the fake Web API and the response_url catcher (the in-process app and the world have both). */
export interface AnswerSources {
  slack: World['slack'];
  responseUrls: World['responseUrls'];
}

/** Everything shown for this case: its response_url posts, messages in its channel, modals opened with its trigger. */
export function surfacesFor(sources: AnswerSources, ids: CaseIds): ShownSurface[] {
  const found: ShownSurface[] = [];
  for (const post of sources.responseUrls.postsTo(ids.responseUrl)) {
    found.push({ where: 'response_url', surface: post.body });
  }
  for (const call of sources.slack.calls) {
    if (!call.ok) continue;
    if (call.method.startsWith('chat.') && call.args.channel === ids.channelId) {
      found.push({ where: call.method, surface: call.args });
    } else if (
      call.method === 'views.open' &&
      call.args.trigger_id === ids.triggerId &&
      isRecord(call.args.view)
    ) {
      found.push({ where: call.method, surface: call.args.view });
    }
  }
  return found;
}

function limitViolations(surface: Record<string, unknown>): string[] {
  if (surface.type !== 'modal' && !Array.isArray(surface.blocks)) {
    const text = typeof surface.text === 'string' ? surface.text : '';
    return text.trim().length > 0 && text.length <= 40_000 ? [] : [`fallback text of ${text.length} chars`];
  }
  return findBlockKitViolations(surface).map((violation) => `${violation.path}: ${violation.problem}`);
}

export function bodyFor(generated: GeneratedCase, ids: CaseIds): Record<string, unknown> {
  switch (generated.kind) {
    case 'command':
      return slashCommandFields(TEST_SOURCE, {
        user: { id: PROPERTY_USER, name: 'prop' },
        channel: { id: ids.channelId, name: 'prop' },
        command: generated.command,
        text: generated.text,
        responseUrl: ids.responseUrl,
        triggerId: ids.triggerId,
      });
    case 'action':
      return actionBody(generated, ids);
    case 'view':
      return viewBody(generated, ids);
  }
}

/** A well-formed payload from the builder, then the generated case's damage: user and team shapes, or none. */
function withSender(
  body: Record<string, unknown>,
  generated: ActionCase | ViewCase,
): Record<string, unknown> {
  body.user = userFor(generated.user);
  delete body.team;
  return { ...body, ...teamFor(generated.team) };
}

function userFor(kind: ActionCase['user']): Record<string, unknown> {
  switch (kind) {
    case 'valid':
      return { id: PROPERTY_USER, name: 'prop', team_id: TEST_TEAM.id };
    case 'guest':
      return { id: PROPERTY_GUEST, name: 'guest', team_id: TEST_TEAM.id };
    case 'missing_id':
      return { name: 'prop' };
    case 'wrong_type_id':
      return { id: 42, name: 'prop' };
  }
}

function teamFor(kind: ActionCase['team']): Record<string, unknown> {
  if (kind === 'missing') return {};
  return { team: kind === 'null' ? null : { id: TEST_TEAM.id, domain: TEST_TEAM.domain } };
}

function actionBody(generated: ActionCase, ids: CaseIds): Record<string, unknown> {
  const element: Record<string, unknown> = {
    type: generated.elementType,
    action_id: generated.actionId,
    block_id: 'b1',
    action_ts: `${Math.floor(Date.now() / 1000)}.${nextId('')}`,
  };
  if (generated.valueShape === 'button') element.value = generated.value;
  if (generated.valueShape === 'selected_option')
    element.selected_option = { text: { type: 'plain_text', text: 'x' }, value: generated.value };
  const messageTs = generated.container === 'message' ? '1700000000.000001' : '';
  const body = withSender(
    blockActionsPayload(TEST_SOURCE, {
      user: { id: PROPERTY_USER, name: 'prop' },
      origin: {
        kind: 'message',
        channel: { id: ids.channelId, name: 'prop' },
        messageTs,
        threadTs: null,
        isEphemeral: false,
        message: { type: 'message', ts: messageTs, text: '', blocks: generated.messageBlocks },
        responseUrl: ids.responseUrl,
      },
      action: element,
      triggerId: ids.triggerId,
      stateValues: {},
    }),
    generated,
  );
  body.actions = [
    element,
    ...Array.from({ length: generated.extraActions }, () => ({ ...element, action_id: 'extra' })),
  ];
  switch (generated.container) {
    case 'message':
      break;
    case 'message_without_ts':
      // SAFETY: the builder made this container and message as plain objects just above.
      delete (body.container as Record<string, unknown>).message_ts;
      delete (body.message as Record<string, unknown>).ts;
      break;
    case 'view':
      for (const key of ['channel', 'message', 'state']) delete body[key];
      body.container = { type: 'view', view_id: 'VPROP' };
      body.view = {
        ...openedModal(TEST_SOURCE, {
          viewId: 'VPROP',
          callbackId: VIEW.customField,
          privateMetadata: '',
          hash: 'h',
        }),
        private_metadata: generated.privateMetadata,
      };
      break;
    case 'wrong_type':
      for (const key of ['channel', 'state']) delete body[key];
      body.container = 'message';
      body.message = generated.messageBlocks;
      break;
    case 'missing':
      for (const key of ['container', 'channel', 'message', 'state']) delete body[key];
      break;
  }
  if (generated.responseUrl === 'empty') body.response_url = '';
  else if (generated.responseUrl === 'garbage') body.response_url = 'not a url at all';
  else if (generated.responseUrl === 'missing') delete body.response_url;
  if (generated.triggerId === 'wrong_type') body.trigger_id = { id: ids.triggerId };
  else if (generated.triggerId === 'missing') delete body.trigger_id;
  return body;
}

function viewBody(generated: ViewCase, ids: CaseIds): Record<string, unknown> {
  const viewId = generated.viewId === 'fresh' ? nextId('VPROP') : generated.viewId;
  const body = withSender(
    viewSubmissionPayload(TEST_SOURCE, {
      user: { id: PROPERTY_USER, name: 'prop' },
      view: openedModal(TEST_SOURCE, { viewId: 'VPROP', callbackId: '', privateMetadata: '', hash: 'h' }),
      stateValues: {},
      triggerId: ids.triggerId,
    }),
    generated,
  );
  body.view = {
    // SAFETY: the builder made `view` as a plain object just above.
    ...(body.view as Record<string, unknown>),
    id: viewId,
    callback_id: generated.callbackId,
    private_metadata: generated.privateMetadata,
    state: { values: generated.values },
    root_view_id: viewId,
  };
  return body;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
