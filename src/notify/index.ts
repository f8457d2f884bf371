/** The notifier port (notifier.ts): what background work needs from a chat platform, and how it fails. */
export {
  type CardRef,
  type ChannelRef,
  isNotifyError,
  type Notifier,
  NotifyError,
  type NotifyErrorCode,
  notifyFailureFields,
  type PersonRef,
  type ThreadRef,
} from './notifier.js';
