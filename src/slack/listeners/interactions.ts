/**
 * Registers every interactive listener (buttons, overflow menus, the modal's field select, modal submissions) on a
 * Bolt app, with the state they share: one idempotency store (double-clicks, retries) and one member directory
 * (guest status and user groups, cached). The registered ids are exported so a test can check that every action and
 * view id the renderers use has a listener.
 */
import type { AllMiddlewareArgs, App, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { ACTION, INPUT, VIEW } from '../../cards/ids.js';
import { eventLoopTurns } from '../../turns.js';
import { createIdempotencyStore, type IdempotencyStore } from '../idempotency/index.js';
import { createMemberDirectory, type MemberDirectory } from '../policy/index.js';
import { createCustomFieldSelectListener } from './actions/custom-field-select.js';
import { createEditTrackingRequestListener } from './actions/edit-tracking-request.js';
import { createOpenTrackedShipmentListener } from './actions/open-tracked-shipment.js';
import { createOpenVesselListener } from './actions/open-vessel.js';
import { createRefreshEmailSubmissionListener } from './actions/refresh-email-submission.js';
import { createRefreshShipmentListener } from './actions/refresh-shipment.js';
import { createRefreshTrackingRequestListener } from './actions/refresh-tracking-request.js';
import { createRotateDocumentListener, ROTATE_LISTENERS } from './actions/rotate-document.js';
import { createSetCustomFieldListener } from './actions/set-custom-field.js';
import { createShowAllContainersListener } from './actions/show-all-containers.js';
import {
  DEFAULT_TIMING,
  type InteractionDependencies,
  type InteractionRuntime,
  type InteractionTiming,
} from './actions/support/runtime.js';
import { createUnknownActionListener } from './actions/unknown-action.js';
import { createCustomFieldSubmissionListener } from './views/custom-field-submission.js';
import { createTrackEditSubmissionListener } from './views/track-edit-submission.js';

export type { InteractionDependencies, InteractionTiming } from './actions/support/runtime.js';

type ActionListener = (args: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs) => Promise<void>;

/** The listener of every action_id: all of ACTION, plus the custom-field modal's field select. */
const ACTION_LISTENERS: ReadonlyArray<readonly [string, (runtime: InteractionRuntime) => ActionListener]> = [
  [ACTION.shipmentRefresh, createRefreshShipmentListener],
  [ACTION.shipmentOpenVessel, createOpenVesselListener],
  [ACTION.shipmentShowAllContainers, createShowAllContainersListener],
  [ACTION.containerOverflow, createSetCustomFieldListener],
  ...ROTATE_LISTENERS.map(
    (rotate) =>
      [
        rotate.actionId,
        (runtime: InteractionRuntime) => createRotateDocumentListener(runtime, rotate.degrees),
      ] as const,
  ),
  [ACTION.trackingRequestOpenShipment, createOpenTrackedShipmentListener],
  [ACTION.trackingRequestEdit, createEditTrackingRequestListener],
  [ACTION.trackingRequestRefresh, createRefreshTrackingRequestListener],
  [ACTION.emailSubmissionRefresh, createRefreshEmailSubmissionListener],
  [INPUT.customFieldSlug.action, createCustomFieldSelectListener],
];

/** Every action_id with a listener. */
export const REGISTERED_ACTION_IDS: readonly string[] = ACTION_LISTENERS.map(([id]) => id);

/** Every view callback_id with a submission listener (the loading view has no submit button). */
export const REGISTERED_VIEW_IDS: readonly string[] = [VIEW.customField, VIEW.trackEdit];

export interface InteractionOptions {
  timing?: Partial<InteractionTiming>;
  /** Shared stores; tests and multi-process deployments may pass their own. */
  idempotency?: IdempotencyStore;
  directory?: MemberDirectory;
}

/** Registers the interaction listeners on `app`. */
export function registerInteractions(
  app: App,
  deps: InteractionDependencies,
  options: InteractionOptions = {},
): void {
  const runtime: InteractionRuntime = {
    deps,
    idempotency: options.idempotency ?? createIdempotencyStore({ clock: deps.clock }),
    directory: options.directory ?? createMemberDirectory({ clock: deps.clock }),
    timing: { ...DEFAULT_TIMING, ...options.timing },
    turns: eventLoopTurns,
  };

  const actions = new Map(ACTION_LISTENERS.map(([id, create]) => [id, create(runtime)]));
  // Clicks on anything else (old cards) are acknowledged too, so Slack never shows the person a timeout.
  const unknown = createUnknownActionListener(runtime);
  // One Bolt listener for every block action, routed on action_id: Bolt runs each registered listener's matchers
  // for every request, copying the arguments at each step, so a listener per action id cost more than the routing.
  app.action({ type: 'block_actions' }, async (args) => {
    await (actions.get(args.action.action_id) ?? unknown)(args);
  });

  app.view(VIEW.customField, createCustomFieldSubmissionListener(runtime));
  app.view(VIEW.trackEdit, createTrackEditSubmissionListener(runtime));
}
