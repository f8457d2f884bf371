export type { Config, LogLevel, SlackMode } from './env.js';
export { ConfigError, DEFAULT_TRACKING_API_URL, loadConfig } from './env.js';
