export { type ChatApi, type ClosableChatApi, createChatApi, withChatApi } from './chat-api.js';
export { type PostedMessage, postCard, postEphemeral, postThreadReply, updateCard } from './messages.js';
export { type OpenedModal, openModal, updateModal } from './modals.js';
export {
  createReplier,
  type Delivery,
  type OriginCard,
  type Replier,
  type ReplierIo,
  type ReplyOrigin,
  type Visibility,
} from './replier.js';
export type { Respond, SlackMessagingClient } from './slack-client.js';
export {
  classifySlackError,
  type SlackFailure,
  type SlackFailureKind,
  slackFailureFields,
} from './slack-failure.js';
export { createSlackNotifier, type NotifierChat, toNotifyError } from './slack-notifier.js';
