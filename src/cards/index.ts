/** The cards layer's public surface: pure renderers (model + clock → Slack message) and their formatting helpers. */
export * from './audit-line.js';
export { renderContainerListMessages } from './container-list.js';
export { OPEN_IN_TERMINAL49_OPTION_PREFIX } from './container-row.js';
export {
  documentsShownOnCard,
  type EmailSubmissionCardContext,
  isImageDocument,
  renderEmailSubmissionCard,
} from './email-submission-card.js';
export { type ErrorCardContext, type ErrorSubject, renderErrorCard } from './error-card.js';
export * from './format/limits.js';
export { escapeMrkdwn, inlineMrkdwn, inlinePlain, stripControls } from './format/mrkdwn.js';
export { describeTimestamp, formatSystemTime, formatTimestamp, slackDateToken } from './format/time.js';
export * from './help.js';
export * from './ids.js';
export * from './modals/index.js';
export {
  NOT_FOUND_ACTIONS,
  type NotFoundCardContext,
  type NotFoundResolution,
  renderNotFoundCard,
} from './not-found-card.js';
export { renderShipmentCard, type ShipmentCardContext } from './shipment-card.js';
export { renderTrackingRequestCard } from './tracking-request-card.js';
export type * from './types.js';
export { renderVesselCard, type VesselCardContext } from './vessel-card.js';
