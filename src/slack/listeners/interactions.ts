/**
 * Registers every interactive listener (buttons, overflow menus, the modal's field select, modal submissions) on a
 * Bolt app, with the state they share: one idempotency store (double-clicks, retries) and one member directory
 * (guest status and user groups, cached). The registered ids are exported so a test can check that every action and
 * view id the renderers use has a listener.
 */
import type { App } from '@slack/bolt';
import { ACTION, INPUT, VIEW } from '../../cards/ids.js';
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
import { createUnknownActionListener, unknownActionPattern } from './actions/unknown-action.js';
import { createCustomFieldSubmissionListener } from './views/custom-field-submission.js';
import { createTrackEditSubmissionListener } from './views/track-edit-submission.js';

export type { InteractionDependencies, InteractionTiming } from './actions/support/runtime.js';

/** Every action_id with a listener: all of ACTION, plus the custom-field modal's field select. */
export const REGISTERED_ACTION_IDS: readonly string[] = [
  ACTION.shipmentRefresh,
  ACTION.shipmentOpenVessel,
  ACTION.shipmentShowAllContainers,
  ACTION.containerOverflow,
  ...ROTATE_LISTENERS.map((rotate) => rotate.actionId),
  ACTION.trackingRequestOpenShipment,
  ACTION.trackingRequestEdit,
  ACTION.trackingRequestRefresh,
  ACTION.emailSubmissionRefresh,
  INPUT.customFieldSlug.action,
];

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
  };

  app.action(ACTION.shipmentRefresh, createRefreshShipmentListener(runtime));
  app.action(ACTION.shipmentOpenVessel, createOpenVesselListener(runtime));
  app.action(ACTION.shipmentShowAllContainers, createShowAllContainersListener(runtime));
  app.action(ACTION.containerOverflow, createSetCustomFieldListener(runtime));
  for (const rotate of ROTATE_LISTENERS) {
    app.action(rotate.actionId, createRotateDocumentListener(runtime, rotate.degrees));
  }
  app.action(ACTION.trackingRequestOpenShipment, createOpenTrackedShipmentListener(runtime));
  app.action(ACTION.trackingRequestEdit, createEditTrackingRequestListener(runtime));
  app.action(ACTION.trackingRequestRefresh, createRefreshTrackingRequestListener(runtime));
  app.action(ACTION.emailSubmissionRefresh, createRefreshEmailSubmissionListener(runtime));
  app.action(INPUT.customFieldSlug.action, createCustomFieldSelectListener(runtime));
  // Last: acks clicks on anything else (old cards), so Slack never shows the person a timeout.
  app.action(
    { type: 'block_actions', action_id: unknownActionPattern(REGISTERED_ACTION_IDS) },
    createUnknownActionListener(runtime),
  );

  app.view(VIEW.customField, createCustomFieldSubmissionListener(runtime));
  app.view(VIEW.trackEdit, createTrackEditSubmissionListener(runtime));
}
