export { checkAdminPermission } from './admin-policy.js';
export type { DenialCode, PolicyDecision } from './decision.js';
export type { Member, People } from './people.js';
export { checkReadPermission, type ReadRequest } from './read-policy.js';
export { logWrite, type WriteLogEntry } from './write-log.js';
export {
  checkWritePermission,
  type HomeWorkspace,
  TRACKING_DATA,
  type WritePolicyDeps,
  type WriteRequest,
} from './write-policy.js';
