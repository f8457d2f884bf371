/**
 * The environment contract (README's configuration table): one zod schema over process.env, parsed once at start-up into a frozen Config.
 * Secrets come only from here. A bad value becomes a ConfigError whose message names the variable and never echoes
 * the value, so a mistyped token cannot leak into a terminal or a log.
 */
import { z } from 'zod';
import { decodeEncryptionKey } from './encryption-key.js';
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

const KEY_FORMAT = 'must be 32 random bytes in base64 (generate one with: openssl rand -base64 32)';

/** Where Slack and Terminal49 reach Shipwatch: https, or plain http to this machine (tests, a local tunnel). */
const publicUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim().replace(/\/+$/, '') : null))
  .refine(
    (value) => value === null || isPublicUrl(value),
    'must be the https:// address Slack and Terminal49 reach Shipwatch at (no path, query or fragment)',
  );

const envSchema = z.object({
  SLACK_BOT_TOKEN: optionalSecret,
  SLACK_CLIENT_ID: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null))
    .refine(
      (value) => value === null || /^[0-9]+\.[0-9]+$/.test(value),
      "must be the app's Client ID from its Basic Information page (digits.digits)",
    ),
  SLACK_CLIENT_SECRET: optionalSecret,
  SLACK_STATE_SECRET: optionalSecret.refine(
    (value) => value === null || value.length >= 16,
    'must be at least 16 characters (generate one with: openssl rand -hex 32)',
  ),
  SHIPWATCH_ENCRYPTION_KEY: optionalSecret.refine(
    (value) => value === null || decodeEncryptionKey(value) !== null,
    KEY_FORMAT,
  ),
  SHIPWATCH_ENCRYPTION_KEY_PREVIOUS: list.refine(
    (keys) => keys.every((key) => decodeEncryptionKey(key) !== null),
    `must list earlier keys, each ${KEY_FORMAT.replace('must be ', '')}`,
  ),
  SHIPWATCH_DEFAULT_TEAM: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null))
    .refine(
      (value) => value === null || /^[TE][A-Z0-9]{2,}$/.test(value),
      'must be a team id (T0123ABCD) or an Enterprise Grid organisation id (E0123ABCD)',
    ),
  SHIPWATCH_PUBLIC_URL: publicUrl,
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
  SHIPWATCH_LOCAL_OAUTH: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() ?? '')
    .refine((value) => ['', '0', '1', 'false', 'true'].includes(value), 'must be 1 or true (or unset)')
    .transform((value) => value === '1' || value === 'true'),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

/** How the bot connects to Slack, derived from which credentials are present. */
export type SlackMode = 'socket' | 'http' | 'local';

/** OAuth mode (docs/oauth.md): Shipwatch installs into any workspace; each installation brings its own bot token. */
export interface OAuthConfig {
  clientId: string;
  clientSecret: string;
  /** Signs the `state` of each install, so a redirect Shipwatch did not start is refused. */
  stateSecret: string;
}

export interface Config {
  slack: {
    /** The transport: Socket Mode or HTTP (OAuth mode runs over either), or the local workspace. */
    mode: SlackMode;
    /** Single-workspace mode only: in OAuth mode each workspace's token comes from its installation. */
    botToken: string | null;
    signingSecret: string | null;
    appToken: string | null;
    apiUrl: string | null;
    /** Set in OAuth mode (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET); null otherwise. */
    oauth: OAuthConfig | null;
  };
  /**
   * Encryption at rest of what the store keeps secret (Slack tokens, Terminal49 keys, webhook secrets): the current
   * key (base64, 32 bytes; required in OAuth mode) and earlier keys still accepted for reading (docs/oauth.md).
   */
  encryption: {
    key: string | null;
    previousKeys: string[];
  };
  /** OAuth mode: the one team (or organisation) allowed to use TRACKING_API_KEY; null: nobody. */
  defaultTeam: string | null;
  /** Where Slack and Terminal49 reach Shipwatch (`https://HOST`, no trailing slash); required in OAuth mode. */
  publicUrl: string | null;
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
  /**
   * The local workspace as an install demo (SHIPWATCH_LOCAL_OAUTH): two local workspaces install Shipwatch through its
   * real OAuth routes and each connects its own simulator key. Only without Slack credentials.
   */
  localOAuth: boolean;
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
  const oauth = oauthConfig(e);
  if (
    oauth === null &&
    (e.SLACK_BOT_TOKEN === null) !== (e.SLACK_SIGNING_SECRET === null) &&
    e.SLACK_APP_TOKEN === null
  ) {
    const missing = e.SLACK_BOT_TOKEN === null ? 'SLACK_BOT_TOKEN' : 'SLACK_SIGNING_SECRET';
    throw new ConfigError(
      missing,
      'is required in HTTP mode (set both SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET)',
    );
  }
  if (oauth === null && e.SLACK_APP_TOKEN !== null && e.SLACK_BOT_TOKEN === null) {
    throw new ConfigError('SLACK_BOT_TOKEN', 'is required in Socket Mode (SLACK_APP_TOKEN is set)');
  }
  const mode: SlackMode = e.SLACK_APP_TOKEN ? 'socket' : e.SLACK_BOT_TOKEN || oauth ? 'http' : 'local';
  if (e.SHIPWATCH_LOCAL_OAUTH && mode !== 'local') {
    throw new ConfigError(
      'SHIPWATCH_LOCAL_OAUTH',
      'is for the local workspace only: unset it, or the Slack credentials',
    );
  }
  return deepFreeze({
    slack: {
      mode,
      botToken: e.SLACK_BOT_TOKEN,
      signingSecret: e.SLACK_SIGNING_SECRET,
      appToken: e.SLACK_APP_TOKEN,
      apiUrl: e.SLACK_API_URL,
      oauth,
    },
    encryption: { key: e.SHIPWATCH_ENCRYPTION_KEY, previousKeys: e.SHIPWATCH_ENCRYPTION_KEY_PREVIOUS },
    defaultTeam: e.SHIPWATCH_DEFAULT_TEAM,
    publicUrl: e.SHIPWATCH_PUBLIC_URL,
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
    localOAuth: e.SHIPWATCH_LOCAL_OAUTH,
  });
}

type ParsedEnv = z.infer<typeof envSchema>;

const OAUTH_VARIABLES = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'] as const;

/**
 * OAuth mode when any of its three variables is set, and then all three must be, with what installing needs: no
 * environment bot token (each workspace's comes from its installation), a signing secret over HTTP (Socket Mode needs
 * none), the encryption key for what the store keeps secret, and the public address for Slack's redirect and
 * Terminal49's webhooks.
 */
function oauthConfig(e: ParsedEnv): OAuthConfig | null {
  if (OAUTH_VARIABLES.every((name) => e[name] === null)) return null;
  if (e.SLACK_BOT_TOKEN !== null) {
    throw new ConfigError(
      'SLACK_BOT_TOKEN',
      'must not be set in OAuth mode (SLACK_CLIENT_ID is set): each workspace’s bot token comes from its installation',
    );
  }
  const missing = OAUTH_VARIABLES.find((name) => e[name] === null);
  if (missing) {
    throw new ConfigError(
      missing,
      'is required in OAuth mode (set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET together)',
    );
  }
  if (e.SLACK_APP_TOKEN === null && e.SLACK_SIGNING_SECRET === null) {
    throw new ConfigError(
      'SLACK_SIGNING_SECRET',
      'is required in OAuth mode over HTTP (or set SLACK_APP_TOKEN for Socket Mode)',
    );
  }
  if (e.SHIPWATCH_ENCRYPTION_KEY === null) {
    throw new ConfigError(
      'SHIPWATCH_ENCRYPTION_KEY',
      `is required in OAuth mode (tokens and keys are stored encrypted); it ${KEY_FORMAT}`,
    );
  }
  if (e.SHIPWATCH_PUBLIC_URL === null) {
    throw new ConfigError(
      'SHIPWATCH_PUBLIC_URL',
      'is required in OAuth mode (Slack redirects installs to it, Terminal49 sends webhooks to it)',
    );
  }
  return {
    clientId: e.SLACK_CLIENT_ID ?? '',
    clientSecret: e.SLACK_CLIENT_SECRET ?? '',
    stateSecret: e.SLACK_STATE_SECRET ?? '',
  };
}

function isPublicUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && local);
  return scheme && (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
