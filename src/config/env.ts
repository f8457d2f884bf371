/**
 * The environment contract (README's configuration table): one zod schema over process.env, parsed once at start-up into a frozen Config.
 * Secrets come only from here. A bad value becomes a ConfigError whose message names the variable and never echoes
 * the value, so a mistyped token cannot leak into a terminal or a log.
 */
import { z } from 'zod';
import { type PollPhase, parsePollCadence } from './poll-cadence.js';

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(/[\s,]+/)
      .map((item) => item.trim())
      .filter(Boolean),
  );

const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : null));

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : null))
  .refine((value) => value === null || /^https?:\/\/[^\s]+$/.test(value), 'must be an http(s) URL');

const envSchema = z.object({
  SLACK_BOT_TOKEN: optionalSecret,
  SLACK_SIGNING_SECRET: optionalSecret,
  SLACK_APP_TOKEN: optionalSecret.refine(
    (value) => value === null || value.startsWith('xapp-'),
    'must be an app-level token (xapp-…)',
  ),
  SLACK_API_URL: optionalUrl,
  TRACKING_API_URL: optionalUrl,
  TRACKING_API_KEY: optionalSecret,
  PORT: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value) : 3000))
    .refine(
      (value) => Number.isInteger(value) && value >= 0 && value <= 65535,
      'must be a port number (0-65535)',
    ),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim().toLowerCase() : 'info'))
    .refine(
      (value) => (LOG_LEVELS as readonly string[]).includes(value),
      `must be one of ${LOG_LEVELS.join(', ')}`,
    ),
  SHIPWATCH_CACHE_TTL_MS: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value) : 30_000))
    .refine((value) => Number.isInteger(value) && value >= 0, 'must be a whole number of milliseconds'),
  TRACKING_API_RATE_LIMIT: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value) : 100))
    .refine(
      (value) => Number.isInteger(value) && value >= 1,
      'must be a whole number of requests per minute (at least 1)',
    ),
  HOST: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : '0.0.0.0'))
    .refine((value) => /^[A-Za-z0-9.:_-]+$/.test(value), 'must be an address or a host name to bind to'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null))
    .refine(
      (value) => value === null || isPostgresUrl(value),
      'must be a PostgreSQL URL (postgres://user:password@host:5432/database), or unset for the embedded store',
    ),
  SHIPWATCH_DATA_DIR: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : DEFAULT_DATA_DIR))
    // A NUL byte cannot be in a path; every other string is one, created on first start if missing.
    .refine((value) => !value.includes('\0'), 'must be a folder path'),
  TRACKING_WEBHOOK_SECRET: optionalSecret,
  SHIPWATCH_METRICS_TOKEN: optionalSecret,
  SHIPWATCH_POLL_CADENCE: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? '')
    .superRefine((value, ctx) => {
      try {
        parsePollCadence(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'cannot be read' });
      }
    }),
  SHIPWATCH_POLL_BUDGET: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value) : null))
    .refine(
      (value) => value === null || (Number.isInteger(value) && value >= 1),
      'must be a whole number of requests per minute (at least 1)',
    ),
  SHIPWATCH_DATABASE_POOL_SIZE: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value) : 10))
    .refine(
      (value) => Number.isInteger(value) && value >= 1 && value <= 1000,
      'must be a whole number of connections (1-1000)',
    ),
  SHIPWATCH_WRITE_LEASE_MS: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value) : null))
    .refine(
      (value) => value === null || (Number.isInteger(value) && value >= 1_000),
      'must be a whole number of milliseconds (at least 1000)',
    ),
  SHIPWATCH_EDITORS: list,
  SHIPWATCH_CHANNELS: list.refine(
    (ids) => ids.every((id) => /^[CGD][A-Z0-9]+$/.test(id)),
    'must list channel ids (C0123ABCD, from the channel details), not names',
  ),
  SHIPWATCH_CUSTOM_FIELDS: list,
});

export type LogLevel = (typeof LOG_LEVELS)[number];

/** How the bot connects to Slack, derived from which credentials are present. */
export type SlackMode = 'socket' | 'http' | 'local';

export interface Config {
  slack: {
    mode: SlackMode;
    botToken: string | null;
    signingSecret: string | null;
    appToken: string | null;
    apiUrl: string | null;
  };
  tracking: {
    /** null = no key: start the embedded simulator. */
    apiKey: string | null;
    apiUrl: string;
    cacheTtlMs: number;
    /** The account's quota: requests per rolling minute (Terminal49's default is 100). */
    rateLimitPerMinute: number;
  };
  /** HTTP mode's bind address (the local workspace always binds 127.0.0.1). */
  host: string;
  port: number;
  logLevel: LogLevel;
  policy: {
    /** Slack user ids (U…/W…) and user-group ids (S…) allowed to write; empty = every full member. */
    editors: string[];
    /** Channel ids where reads are allowed; empty = everywhere. */
    channels: string[];
  };
  /** Fallback custom-field slugs for the modal when the API offers no definitions. */
  customFieldSlugs: string[];
  /** Watched shipments (README "Watching shipments"). */
  watch: {
    /** Verifies `POST /webhooks/terminal49` (hex HMAC-SHA256 of the body); null: no webhook route, polling only. */
    webhookSecret: string | null;
    /** Poll interval per phase; null = not polled in that phase. */
    pollCadenceMs: Record<PollPhase, number | null>;
    /** Background (poll and webhook re-fetch) requests per minute; default half of the account's quota. */
    pollBudgetPerMinute: number;
  };
  /** `GET /metrics` answers only `Authorization: Bearer <token>`; null: the route answers 404 (a secret). */
  metricsToken: string | null;
  store: {
    /** `postgres://…`: PostgreSQL; null: the embedded store under `dataDir`. A secret (it may hold a password). */
    databaseUrl: string | null;
    /** The embedded store's folder (relative to the working directory unless absolute). */
    dataDir: string;
    /** PostgreSQL: connections this process keeps at most (docs/operations.md, sizing). */
    poolSize: number;
  };
  /**
   * How long a write intent's lease lasts before another process may recover it (docs/operations.md); null: the
   * bot's default (60 s). Shorter values make a dead replica's writes reported sooner, and are for tests.
   */
  writeLeaseMs: number | null;
}

export const DEFAULT_TRACKING_API_URL = 'https://api.terminal49.com/v2';
export const DEFAULT_DATA_DIR = './.shipwatch';

/** Parsed, not just prefixed: a URL `new URL` rejects would fail later, in the driver, with a less clear message. */
function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'invalid_config';
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`${variable} ${reason}`);
  }
}

/** Parses the environment into a frozen Config, or throws a ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'is invalid');
  }
  const e = parsed.data;
  if ((e.SLACK_BOT_TOKEN === null) !== (e.SLACK_SIGNING_SECRET === null) && e.SLACK_APP_TOKEN === null) {
    const missing = e.SLACK_BOT_TOKEN === null ? 'SLACK_BOT_TOKEN' : 'SLACK_SIGNING_SECRET';
    throw new ConfigError(
      missing,
      'is required in HTTP mode (set both SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET)',
    );
  }
  if (e.SLACK_APP_TOKEN !== null && e.SLACK_BOT_TOKEN === null) {
    throw new ConfigError('SLACK_BOT_TOKEN', 'is required in Socket Mode (SLACK_APP_TOKEN is set)');
  }
  const mode: SlackMode = e.SLACK_APP_TOKEN ? 'socket' : e.SLACK_BOT_TOKEN ? 'http' : 'local';
  return deepFreeze({
    slack: {
      mode,
      botToken: e.SLACK_BOT_TOKEN,
      signingSecret: e.SLACK_SIGNING_SECRET,
      appToken: e.SLACK_APP_TOKEN,
      apiUrl: e.SLACK_API_URL,
    },
    tracking: {
      apiKey: e.TRACKING_API_KEY,
      apiUrl: (e.TRACKING_API_URL ?? DEFAULT_TRACKING_API_URL).replace(/\/+$/, ''),
      cacheTtlMs: e.SHIPWATCH_CACHE_TTL_MS,
      rateLimitPerMinute: e.TRACKING_API_RATE_LIMIT,
    },
    host: e.HOST,
    port: e.PORT,
    // SAFETY: refined above to one of LOG_LEVELS.
    logLevel: e.LOG_LEVEL as LogLevel,
    policy: { editors: e.SHIPWATCH_EDITORS, channels: e.SHIPWATCH_CHANNELS },
    customFieldSlugs: e.SHIPWATCH_CUSTOM_FIELDS,
    watch: {
      webhookSecret: e.TRACKING_WEBHOOK_SECRET,
      pollCadenceMs: parsePollCadence(e.SHIPWATCH_POLL_CADENCE),
      pollBudgetPerMinute: e.SHIPWATCH_POLL_BUDGET ?? Math.max(1, Math.floor(e.TRACKING_API_RATE_LIMIT / 2)),
    },
    metricsToken: e.SHIPWATCH_METRICS_TOKEN,
    store: {
      databaseUrl: e.DATABASE_URL,
      dataDir: e.SHIPWATCH_DATA_DIR,
      poolSize: e.SHIPWATCH_DATABASE_POOL_SIZE,
    },
    writeLeaseMs: e.SHIPWATCH_WRITE_LEASE_MS,
  });
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
