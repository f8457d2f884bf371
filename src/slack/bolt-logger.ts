/**
 * Bolt and its WebClient log through this adapter, so their lines come out as our JSON lines and pass through our
 * logger's redaction (tokens, secrets) like everything else.
 */
import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { LogLevel as ShipwatchLogLevel } from '../config/env.js';
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
  const line = (parts: unknown[]) => parts.map(describe).join(' ');
  return {
    debug: (...parts: unknown[]) => logger.debug(line(parts), { source: name }),
    info: (...parts: unknown[]) => logger.info(line(parts), { source: name }),
    warn: (...parts: unknown[]) => logger.warn(line(parts), { source: name }),
    error: (...parts: unknown[]) => logger.error(line(parts), { source: name }),
    setLevel: (next: LogLevel) => {
      current = next;
    },
    getLevel: () => current,
    setName: (next: string) => {
      name = next;
    },
  };
}

function describe(part: unknown): string {
  if (typeof part === 'string') return part;
  if (part instanceof Error) {
    const code = (part as { code?: unknown }).code;
    return typeof code === 'string'
      ? `${part.name} (${code}): ${part.message}`
      : `${part.name}: ${part.message}`;
  }
  try {
    return JSON.stringify(part) ?? String(part);
  } catch {
    return String(part);
  }
}
