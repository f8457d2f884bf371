export { COMMANDS, SLASH_COMMANDS } from './commands/index.js';
export { buildSlackApp, createSlackApp, EVENTS_PATH } from './create-app.js';
export * from './delivery/index.js';
export { startBot } from './start-bot.js';
export type { BotDependencies, RunningBot, SlackClientTuning, StartBotOptions } from './types.js';
export { SLACK_CLIENT_DEFAULTS, slackClientOptions } from './web-client-options.js';
