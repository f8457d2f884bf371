export type { WorkspaceIdentity } from './identity.js';
export type { WorkspaceSnapshot } from './protocol.js';
export {
  type BotStarter,
  type LocalWorkspace,
  type LocalWorkspaceOptions,
  launchWorkspace,
  startLocalWorkspace,
} from './start-local-workspace.js';
export {
  startWorkspaceServer,
  type WorkspaceServer,
  type WorkspaceServerOptions,
} from './workspace-server.js';
