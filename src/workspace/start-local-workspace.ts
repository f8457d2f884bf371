/**
 * `npm start` with no Slack credentials: the Slack stand-in plus the real bot, wired together on loopback. The bot
 * gets a generated signing secret and bot token and a Web API URL pointing at the stand-in, and is started exactly
 * as in HTTP mode; the stand-in signs every request it sends to the bot's `/slack/events`.
 */
import type { Config } from '../config/env.js';
import { type RunningService, type ServiceOptions, startService } from '../service/index.js';
import { EVENTS_PATH } from '../slack/index.js';
import type { DemoTimeControl } from './demo-time.js';
import { DEMO_EXAMPLES } from './suggestions.js';
import { startWorkspaceServer, type WorkspaceServer } from './workspace-server.js';

/** The bot's dependencies (store, routes, clocks, …) plus where the workspace listens. */
export interface LocalWorkspaceOptions extends Omit<ServiceOptions, 'port' | 'host'> {
  port: number;
  host?: string;
  /** The page's demo-time control (the shared adjustable clock and the simulator's tick); absent, no control. */
  demoTime?: DemoTimeControl;
}

export interface LocalWorkspace {
  url: string;
  /** The bot's own base URL (e.g. http://127.0.0.1:PORT), where webhook deliveries can be pointed. */
  botUrl: string;
  stop(): Promise<void>;
}

export type BotStarter = (options: ServiceOptions) => Promise<RunningService>;

export function startLocalWorkspace(options: LocalWorkspaceOptions): Promise<LocalWorkspace> {
  return launchWorkspace(options, startService);
}

/** The composition with the bot starter injected (tests pass a fake; production passes startBot). */
export async function launchWorkspace(
  options: LocalWorkspaceOptions,
  start: BotStarter,
): Promise<LocalWorkspace & { server: WorkspaceServer }> {
  const server = await startWorkspaceServer({
    port: options.port,
    ...(options.host !== undefined ? { host: options.host } : {}),
    ...(options.demoTime ? { demoTime: options.demoTime } : {}),
  });
  let bot: RunningService;
  try {
    const { port: _port, host: _host, demoTime: _demoTime, config, ...deps } = options;
    bot = await start({
      ...deps,
      config: botConfig(config, server),
      examples: DEMO_EXAMPLES,
      port: 0,
      host: '127.0.0.1',
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  if (bot.mode !== 'http') {
    await Promise.all([bot.stop(), server.close()]);
    throw new Error('the local workspace needs the bot in HTTP mode');
  }
  server.setBotEventsUrl(`${bot.url}${EVENTS_PATH}`);
  options.logger.info('local workspace ready', { url: server.url });

  let stopping: Promise<void> | null = null;
  const botUrl = bot.url;
  return {
    url: server.url,
    botUrl,
    server,
    stop: () => {
      stopping ??= bot.stop().finally(() => server.close());
      return stopping;
    },
  };
}

/** The bot's configuration in local mode: HTTP mode against the stand-in, everything else as configured. */
function botConfig(config: Config, server: WorkspaceServer): Config {
  return Object.freeze({
    ...config,
    slack: Object.freeze({
      mode: 'http' as const,
      botToken: server.identity.botToken,
      signingSecret: server.identity.signingSecret,
      appToken: null,
      apiUrl: `${server.url}/api/`,
      oauth: null,
    }),
  });
}
