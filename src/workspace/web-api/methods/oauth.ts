/** oauth.v2.access: the code exchange of an install, and the refresh of a rotating token (oauth-grants.ts). */
import { fail, type WebApiMethod } from '../context.js';

export const oauthV2Access: WebApiMethod = (args, context) =>
  context.oauth ? context.oauth.access(args) : fail('invalid_client_id');
