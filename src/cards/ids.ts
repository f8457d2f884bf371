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
  /** Overflow menu on a container row. option value: `set_field:<container id>`. */
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
  /** Home: the next or previous page of one list. value: `<list>:<page>` (list: attention, arriving, watched). */
  homePage: 'home_page',
  /** Home: filter every list by terminal. option value: the terminal's name, or `*` for every terminal. */
  homeFilterTerminal: 'home_filter_terminal',
  /** Home: filter every list by customer. option value: the customer's name, or `*` for every customer. */
  homeFilterCustomer: 'home_filter_customer',
  /** Home: the rows of one list, filtered as shown, sent to the person as a CSV file. value: the list's name. */
  homeCsv: 'home_csv',
  /** Home (admins): opens the Terminal49 account modal, as `/shipwatch connect` does. value: `connect`. */
  homeConnect: 'home_connect',
  /** `/shipwatch watching`: the channel's watched list sent to the person as a CSV file. value: channel id. */
  watchingCsv: 'watching_csv',
} as const;

/** Prefix of the overflow option value that opens the custom-field modal: `set_field:<container id>~<number>`. */
export const SET_FIELD_OPTION_PREFIX = 'set_field:';

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
  connectKey: { block: 'connect_key', action: 'connect_key_input' },
  connectRemove: { block: 'connect_remove', action: 'connect_remove_input' },
  settingsEditors: { block: 'settings_editors', action: 'settings_editors_input' },
  settingsChannels: { block: 'settings_channels', action: 'settings_channels_input' },
  settingsCustomFields: { block: 'settings_custom_fields', action: 'settings_custom_fields_input' },
  settingsOwnerField: { block: 'settings_owner_field', action: 'settings_owner_field_input' },
} as const;
