/**
 * Bolt and its WebClient log through this adapter, so their lines come out as our JSON lines and pass through our
 * logger's redaction (tokens, secrets) like everything else.
 */
import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { LogLevel as ShipwatchLogLevel } from '../config/env.js';
import { logLine } from '../log-line.js';
import type { Logger } from '../logger.js';

const LEVELS: Record<ShipwatchLogLevel, LogLevel> = {
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
};

export function toBoltLogger(logger: Logger, level: ShipwatchLogLevel): BoltLogger {
  let current = LEVELS[level];
  let name = 'bolt';
  return {
    debug: (...parts: unknown[]) => logger.debug(logLine(parts), { source: name }),
    info: (...parts: unknown[]) => logger.info(logLine(parts), { source: name }),
    warn: (...parts: unknown[]) => logger.warn(logLine(parts), { source: name }),
    error: (...parts: unknown[]) => logger.error(logLine(parts), { source: name }),
    setLevel: (next: LogLevel) => {
      current = next;
    },
    getLevel: () => current,
    setName: (next: string) => {
      name = next;
    },
  };
}
