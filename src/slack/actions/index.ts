/**
 * The table of buttons and menus: the one list. Registration derives from it, and a test checks that every action id
 * a card renders has an entry here. Adding a button means its card, its handler file (with its declaration), and its
 * line here, plus tests.
 */
import type { App } from '@slack/bolt';
import type { PostAckWork } from '../../jobs/post-ack-work.js';
import type { SlackRuntime } from '../runtime.js';
import { type ButtonArgs, type ButtonSpec, createButtonListener } from './button.js';
import { clearRefButton, keepRefButton } from './confirm-clear-ref.js';
import { CUSTOM_FIELD_SELECT_ACTION, createCustomFieldSelectListener } from './custom-field-select.js';
import { editTrackingRequestButton } from './edit-tracking-request.js';
import { foundShowCardButton } from './found-show-card.js';
import { homeConnectButton, homeCsvButton, homeFilterMenu, homePageButton } from './home-buttons.js';
import { lookUpCorrectedButton } from './look-up-corrected.js';
import { openTrackedShipmentButton } from './open-tracked-shipment.js';
import { openVesselButton } from './open-vessel.js';
import { refreshEmailSubmissionButton } from './refresh-email-submission.js';
import { refreshShipmentButton } from './refresh-shipment.js';
import { refreshTrackingRequestButton } from './refresh-tracking-request.js';
import { resumeTrackingButton } from './resume-tracking.js';
import { rotateDocumentButtons } from './rotate-document.js';
import { containerOverflowMenu } from './set-custom-field.js';
import { showAllContainersButton } from './show-all-containers.js';
import { takeItButton } from './take-it.js';
import { chooseCarrierButton, trackItButton } from './track-it.js';
import { unfurlRefreshButton, unfurlWatchButton } from './unfurl-buttons.js';
import { createUnknownActionListener } from './unknown-action.js';
import { unwatchShipmentButton, watchShipmentButton } from './watch-shipment.js';
import { watchingCsvButton } from './watching-csv.js';

export const BUTTONS: readonly ButtonSpec[] = [
  refreshShipmentButton,
  watchShipmentButton,
  unwatchShipmentButton,
  takeItButton,
  resumeTrackingButton,
  openVesselButton,
  showAllContainersButton,
  containerOverflowMenu,
  rotateDocumentButtons,
  openTrackedShipmentButton,
  editTrackingRequestButton,
  refreshTrackingRequestButton,
  refreshEmailSubmissionButton,
  lookUpCorrectedButton,
  clearRefButton,
  keepRefButton,
  unfurlRefreshButton,
  unfurlWatchButton,
  homePageButton,
  homeFilterMenu,
  homeCsvButton,
  homeConnectButton,
  watchingCsvButton,
  trackItButton,
  chooseCarrierButton,
  foundShowCardButton,
];

/** Every action_id with a listener: the buttons' and the custom-field modal's field select. */
export const REGISTERED_ACTION_IDS: readonly string[] = [
  ...BUTTONS.flatMap((spec) => spec.actionIds),
  CUSTOM_FIELD_SELECT_ACTION,
];

/**
 * One Bolt listener for every block action, routed on action_id: Bolt runs each registered listener's matchers for
 * every request, copying the arguments at each step, so a listener per action id cost more than the routing. Clicks
 * on anything else (old cards) are acknowledged too, so Slack never shows the person a timeout.
 */
export function registerActions(
  app: App,
  runtime: SlackRuntime,
  afterAck: PostAckWork,
  buttons: readonly ButtonSpec[] = BUTTONS,
): void {
  const listeners = new Map<string, (args: ButtonArgs) => Promise<void>>();
  for (const spec of buttons) {
    const listener = createButtonListener(runtime, spec, afterAck);
    for (const id of spec.actionIds) listeners.set(id, listener);
  }
  listeners.set(CUSTOM_FIELD_SELECT_ACTION, createCustomFieldSelectListener(runtime));
  const unknown = createUnknownActionListener(runtime);
  app.action({ type: 'block_actions' }, async (args) => {
    await (listeners.get(args.action.action_id) ?? unknown)(args);
  });
}
