export {
  createMemberDirectory,
  type DirectoryClient,
  type Member,
  type MemberDirectory,
  type MemberDirectoryOptions,
} from '../../slack/policy/member-directory.js';
export { checkAdminPermission } from './admin-policy.js';
export type { DenialCode, PolicyDecision } from './decision.js';
export { checkReadPermission, type ReadRequest } from './read-policy.js';
export { logWrite, type WriteLogEntry } from './write-log.js';
export {
  checkWritePermission,
  type HomeWorkspace,
  TRACKING_DATA,
  type WritePolicyDeps,
  type WriteRequest,
} from './write-policy.js';
