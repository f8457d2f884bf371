/**
 * Every action_id, block_id prefix and view callback_id in one place: renderers put them on cards, listeners
 * register on them, and a test checks the two sides agree. Values carried by buttons are documented next to each id
 * because the value format is part of the contract too.
 */

export const ACTION = {
  /** Button on the shipment card. value: shipment id. */
  shipmentRefresh: 'shipment_refresh',
  /** Button on the shipment card. value: vessel IMO (or vessel id). */
  shipmentOpenVessel: 'shipment_open_vessel',
  /** Button shown when containers were summarised. value: shipment id. Posts the full list in the thread. */
  shipmentShowAllContainers: 'shipment_show_all_containers',
  /** Button on every unwatched shipment card. value: shipment id. Watches the shipment in this channel. */
  shipmentWatch: 'shipment_watch',
  /** Button on a watched shipment card. value: shipment id. Stops watching it in this channel. */
  shipmentUnwatch: 'shipment_unwatch',
  /**
   * Button on the note that refuses to watch a shipment Terminal49 stopped tracking. value: shipment id. Asks
   * Terminal49 to track it again (a write).
   */
  shipmentResumeTracking: 'shipment_resume_tracking',
  /**
   * Button on a watched shipment card and on an alert in its thread. value: shipment id. Makes the clicker the
   * shipment's owner in this workspace (a write of Shipwatch's own state).
   */
  shipmentTakeIt: 'shipment_take_it',
  /**
   * Overflow menu on a container row. option value: `set_field:<container id>`; on a watched card also
   * `alert:<snooze_tomorrow|snooze_next|done>:<container id>` (ALERT_OPTION_PREFIX).
   */
  containerOverflow: 'container_overflow',
  /** Buttons on an image document. value: document id. */
  documentRotate90: 'document_rotate_90',
  documentRotate180: 'document_rotate_180',
  documentRotate270: 'document_rotate_270',
  /** Button on the tracking-request card. value: shipment id. */
  trackingRequestOpenShipment: 'tracking_request_open_shipment',
  /** Button on the tracking-request card. value: tracking request id. Opens the edit modal. */
  trackingRequestEdit: 'tracking_request_edit',
  /** Button on the tracking-request card. value: tracking request id. */
  trackingRequestRefresh: 'tracking_request_refresh',
  /** Button on the email-submission card. value: email submission id. */
  emailSubmissionRefresh: 'email_submission_refresh',
  /**
   * Button on a shipment link's details (the Work Object's flexpane, or the classic unfurl). value:
   * `<shipment id>~<channel id>` (see unfurlActionValue). Re-reads the shipment and shows it to the person again.
   */
  unfurlRefresh: 'unfurl_refresh',
  /** Button on a shipment link's details. value: `<shipment id>~<channel id>`. Watches it in that channel. */
  unfurlWatch: 'unfurl_watch',
  /** Home: the next or previous page of one list. value: `<list>:<page>` (list: attention, arriving, watched). */
  homePage: 'home_page',
  /** Home: filter every list by terminal. option value: the terminal's name, or `*` for every terminal. */
  homeFilterTerminal: 'home_filter_terminal',
  /** Home: filter every list by customer. option value: the customer's name, or `*` for every customer. */
  homeFilterCustomer: 'home_filter_customer',
  /** Home: keep only the shipments the person took. option value: `mine`, or `*` for everyone's. */
  homeFilterOwner: 'home_filter_owner',
  /** Home: the rows of one list, filtered as shown, sent to the person as a CSV file. value: the list's name. */
  homeCsv: 'home_csv',
  /** Home (admins): opens the Terminal49 account modal, as `/shipwatch connect` does. value: `connect`. */
  homeConnect: 'home_connect',
  /** `/shipwatch watching`: the channel's watched list sent to the person as a CSV file. value: channel id. */
  watchingCsv: 'watching_csv',
  /**
   * Button on the not-found card and on a "not found" row of the message shortcut's answer. value:
   * `<channel|private>:<number>`. Starts tracking the number (infers its carrier; a modal confirms an uncertain one).
   */
  trackIt: 'track_it',
  /**
   * Button on the private "which carrier?" note, when the command's trigger expired before the carrier was inferred.
   * value: the pending choice as JSON (see TrackCarrierMetadata). Opens the carrier modal.
   */
  trackChooseCarrier: 'track_choose_carrier',
  /** Button on a row of "Find shipments in this message". value: the number. Posts its card in the thread. */
  foundShowCard: 'found_show_card',
} as const;

/** Shortcuts (manifest.yml `shortcuts`): callback ids. */
export const SHORTCUT = {
  /** Message shortcut "Find shipments in this message". */
  findInMessage: 'find_shipments_in_message',
} as const;

/** `<shipment id>~<channel id>`: the shipment a link names and the channel it was shared in (empty when unknown). */
export function unfurlActionValue(shipmentId: string, channelId: string | null): string {
  return `${shipmentId}~${channelId ?? ''}`;
}

/** The shipment id and channel an unfurl button carries. */
export function readUnfurlActionValue(value: string): { shipmentId: string; channelId: string | null } {
  const tilde = value.lastIndexOf('~');
  if (tilde <= 0) return { shipmentId: value, channelId: null };
  return { shipmentId: value.slice(0, tilde), channelId: value.slice(tilde + 1) || null };
}

/** Prefix of the overflow option value that opens the custom-field modal: `set_field:<container id>~<number>`. */
export const SET_FIELD_OPTION_PREFIX = 'set_field:';

/** Prefix of the overflow options that snooze a box's reminders or mark it done: `alert:<what>:<container id>`. */
export const ALERT_OPTION_PREFIX = 'alert:';

export type AlertOption = 'snooze_tomorrow' | 'snooze_next' | 'done';

export function alertOptionValue(what: AlertOption, containerId: string): string {
  return `${ALERT_OPTION_PREFIX}${what}:${containerId}`;
}

/** What an `alert:` option asks for, and for which box; null when it is not one. */
export function readAlertOption(value: string): { what: AlertOption; containerId: string } | null {
  const match = /^alert:(snooze_tomorrow|snooze_next|done):(.+)$/.exec(value);
  // SAFETY: the pattern admits only the three words of AlertOption.
  return match ? { what: match[1] as AlertOption, containerId: match[2] ?? '' } : null;
}

/** `<container id>~<container number>` (the number left out when there is none). */
export function setFieldValue(containerId: string, containerNumber: string | null): string {
  return containerNumber ? `${containerId}~${containerNumber}` : containerId;
}

/** The container id and number a `set_field:` option carries (after its prefix). */
export function readSetFieldValue(value: string): { containerId: string; containerNumber: string | null } {
  const tilde = value.lastIndexOf('~');
  if (tilde <= 0) return { containerId: value, containerNumber: null };
  return { containerId: value.slice(0, tilde), containerNumber: value.slice(tilde + 1) || null };
}

export const VIEW = {
  /** Modal: pick a custom field and a value for one container. private_metadata: JSON (see slack/listeners). */
  customField: 'custom_field_modal',
  /** Modal: edit a tracking request's ref number and tags. */
  trackEdit: 'track_edit_modal',
  /** Modal: a channel's settings for watched shipments (`/shipwatch settings`). */
  watchSettings: 'watch_settings_modal',
  /** Modal: the workspace's Terminal49 account in OAuth mode (`/shipwatch connect`). */
  connect: 'connect_modal',
  /** Modal: the workspace's policy settings in OAuth mode (`/shipwatch settings workspace`). */
  workspaceSettings: 'workspace_settings_modal',
  /** Modal: confirm the carrier of a number to track (`/shipwatch track`, Track it). private_metadata: JSON. */
  trackCarrier: 'track_carrier_modal',
  /** Placeholder shown while a modal's data loads (trigger_id expires in 3 s). */
  loading: 'loading_modal',
} as const;

/** block_ids and action_ids of modal inputs, which view_submission handlers read and `response_action: errors` names. */
export const INPUT = {
  customFieldSlug: { block: 'custom_field_slug', action: 'custom_field_slug_input' },
  customFieldValue: { block: 'custom_field_value', action: 'custom_field_value_input' },
  trackEditRef: { block: 'track_edit_ref', action: 'track_edit_ref_input' },
  trackEditTags: { block: 'track_edit_tags', action: 'track_edit_tags_input' },
  watchCategories: { block: 'watch_categories', action: 'watch_categories_input' },
  watchEtaThreshold: { block: 'watch_eta_threshold', action: 'watch_eta_threshold_input' },
  watchBroadcast: { block: 'watch_broadcast', action: 'watch_broadcast_input' },
  watchFormat: { block: 'watch_format', action: 'watch_format_input' },
  watchDaysOff: { block: 'watch_days_off', action: 'watch_days_off_input' },
  connectKey: { block: 'connect_key', action: 'connect_key_input' },
  connectRemove: { block: 'connect_remove', action: 'connect_remove_input' },
  settingsEditors: { block: 'settings_editors', action: 'settings_editors_input' },
  settingsChannels: { block: 'settings_channels', action: 'settings_channels_input' },
  settingsCustomFields: { block: 'settings_custom_fields', action: 'settings_custom_fields_input' },
  settingsOwnerField: { block: 'settings_owner_field', action: 'settings_owner_field_input' },
  trackCarrier: { block: 'track_carrier', action: 'track_carrier_input' },
  trackCarrierOther: { block: 'track_carrier_other', action: 'track_carrier_other_input' },
} as const;
