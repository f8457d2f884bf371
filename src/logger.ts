/**
 * A small structured logger: one JSON line per event on stderr (stdout stays free for CLI output such as `render`).
 * Every line passes through `redact` (secrets.ts), which replaces any registered secret and anything shaped like a
 * Slack token, so a secret cannot reach a log line even when it hides inside an error message.
 */
import type { LogLevel } from './config/env.js';
import { redact } from './secrets.js';

export { redact };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  level?: LogLevel;
  /** Exact secret values to scrub (API key, signing secret, tokens). */
  secrets?: Array<string | null | undefined>;
  write?: (line: string) => void;
  now?: () => Date;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length > 0);
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? (() => new Date());
  const log =
    (level: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[level] < threshold) return;
      const line = JSON.stringify(
        { time: now().toISOString(), level, msg: message, ...fields },
        errorReplacer,
      );
      write(redact(line, secrets));
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/** A logger that drops everything (tests, benchmarks). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) };
  }
  return value;
}
