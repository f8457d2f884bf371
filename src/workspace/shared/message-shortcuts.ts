/**
 * The message shortcuts the app's manifest declares (manifest.yml `features.shortcuts`, type message), as the
 * workspace's page offers them in every message's menu (the page cannot read the manifest; the server routes only what
 * manifest.yml declares). A test compares this list with the bot's table.
 */
export const MESSAGE_SHORTCUTS: ReadonlyArray<{ callbackId: string; name: string }> = [
  { callbackId: 'find_shipments_in_message', name: 'Find shipments in this message' },
];
