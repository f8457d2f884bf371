export { decodeEncryptionKey, generateEncryptionKey } from './encryption-key.js';
export type { Config, LogLevel, OAuthConfig, SlackMode } from './env.js';
export { ConfigError, DEFAULT_TRACKING_API_URL, loadConfig } from './env.js';
export { configWarnings } from './warnings.js';
