export {
  type CommandDelivery,
  type CommandReplyOptions,
  type CommandReplyTarget,
  deliverCommandReply,
  deliverPrivately,
  respondSafely,
  type Visibility,
} from './command-reply.js';
export { INVITE_HINT, withContextLine, withInviteHint } from './invite-hint.js';
export { type PostedMessage, postCard, postEphemeral, postThreadReply, updateCard } from './messages.js';
export { type OpenedModal, openModal, updateModal } from './modals.js';
export type { Respond, SlackMessagingClient } from './slack-client.js';
export {
  classifySlackError,
  type SlackFailure,
  type SlackFailureKind,
  slackFailureFields,
} from './slack-failure.js';
