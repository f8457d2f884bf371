/**
 * The bot scopes an install asks for: the ones manifest.yml declares (a test compares them), so an app created from
 * the manifest and installed through `/slack/install` gets the same permissions.
 */
export const BOT_SCOPES: readonly string[] = [
  'commands',
  'chat:write',
  'users:read',
  'usergroups:read',
  'channels:read',
  'groups:read',
  'files:write',
  'im:write',
];
