/**
 * The embedded backend's SQL runner: one libsql (SQLite) connection in WAL mode. libsql's calls are synchronous, so a
 * lone statement is atomic within the process; an async transaction holds an in-process turnstile from BEGIN to
 * COMMIT so no other statement of this process slips into it between two awaits. Across processes sharing the file
 * (an operator's `shipwatch db migrate` next to a running bot) transactions start with BEGIN IMMEDIATE, which takes
 * SQLite's single write lock, and busy_timeout makes the other side wait for it instead of failing.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'libsql';
import { StoreError, type StoreErrorCode } from '../errors.js';
import type { Sql, SqlParam, SqlRunner } from './sql.js';

/** How long a statement waits for another process's write lock before failing with `store_conflict`. */
const BUSY_TIMEOUT_MS = 5000;

type Connection = InstanceType<typeof Database>;
type Statement = ReturnType<Connection['prepare']>;

export function openSqlite(file: string): Sql {
  let db: Connection;
  try {
    mkdirSync(dirname(file), { recursive: true });
    db = new Database(file);
    // The busy timeout first: switching a new file to WAL needs its write lock, and another process opening the same
    // new folder at the same moment may hold it (migrations); without the timeout that open fails at once.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    // WAL + NORMAL: a committed transaction survives a process crash; only an OS crash or power loss can lose the
    // last few, which is the trade every WAL deployment makes for not syncing on each commit.
    db.pragma('synchronous = NORMAL');
  } catch (error) {
    throw toStoreError(error, `cannot open the embedded store at ${file}`);
  }
  const statements = new Map<string, Statement>();
  const turnstile = new Turnstile();
  let closed = false;

  const prepare = (sql: string): Statement => {
    if (closed) throw new StoreError({ code: 'store_closed', message: 'the store is closed' });
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const direct: SqlRunner = {
    all: async <T>(sql: string, params: readonly SqlParam[] = []) => {
      try {
        // SAFETY: the caller names the row shape of its own SELECT/RETURNING; SQLite returns plain objects.
        return prepare(sql).all(params) as T[];
      } catch (error) {
        throw toStoreError(error);
      }
    },
    run: async (sql: string, params: readonly SqlParam[] = []) => {
      try {
        return prepare(sql).run(params).changes;
      } catch (error) {
        throw toStoreError(error);
      }
    },
  };

  return {
    dialect: 'sqlite',
    skipLocked: '',
    all: (sql, params) => turnstile.run(() => direct.all(sql, params)),
    run: (sql, params) => turnstile.run(() => direct.run(sql, params)),
    transaction: (fn, options = {}) =>
      turnstile.run(async () => {
        // FULL syncs the WAL at this commit; the pragma cannot change inside a transaction, so around it.
        if (options.durable) db.pragma('synchronous = FULL');
        try {
          await direct.run('BEGIN IMMEDIATE');
          try {
            const result = await fn(direct);
            await direct.run('COMMIT');
            return result;
          } catch (error) {
            if (db.inTransaction) db.exec('ROLLBACK');
            throw error;
          }
        } finally {
          if (options.durable) db.pragma('synchronous = NORMAL');
        }
      }),
    checkIntegrity: () =>
      turnstile.run(async () => {
        try {
          // quick_check reads every page and record but skips the index cross-checks: tens of ms per MB.
          const rows = db.pragma('quick_check') as Array<{ quick_check?: unknown }>;
          const found = rows.map((row) => String(row.quick_check ?? '')).filter((line) => line !== 'ok');
          return found.length === 0 ? null : oneLine(found.join('; '));
        } catch (error) {
          return oneLine(error instanceof Error ? error.message : String(error));
        }
      }),
    close: async () => {
      if (closed) return;
      await turnstile.run(async () => {
        closed = true;
        statements.clear();
        db.close();
      });
    },
  };
}

/**
 * Lets one async section run at a time. A statement arriving while nothing is held runs at once (the common case:
 * no extra turn of the event loop); one arriving during a transaction waits for it to end.
 */
class Turnstile {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  async run<T>(section: () => Promise<T>): Promise<T> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held = true;
    try {
      return await section();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.held = false;
    }
  }
}

const UNAVAILABLE = new Set([
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_PERM',
  'EACCES',
  'EROFS',
  'ENOSPC',
  'ENOTDIR',
  'EEXIST',
]);
const CONFLICT = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CONSTRAINT']);
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/** An integrity report on one short line (SQLite's lists a problem per line, `*** in database main ***` first). */
function oneLine(text: string): string {
  const flat = text
    .replace(/\*\*\* in database \w+ \*\*\*/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s;]+/, '')
    .trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

function toStoreError(error: unknown, context?: string): StoreError {
  if (error instanceof StoreError) return error;
  const raw = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  // Extended codes (SQLITE_IOERR_WRITE, SQLITE_CONSTRAINT_UNIQUE) share their primary code's prefix.
  const primary = raw.replace(/^(SQLITE_[A-Z]+?)_[A-Z_]+$/, '$1');
  const code: StoreErrorCode = DAMAGED.has(primary)
    ? 'store_damaged'
    : UNAVAILABLE.has(primary)
      ? 'store_unavailable'
      : CONFLICT.has(primary)
        ? 'store_conflict'
        : context
          ? 'store_unavailable'
          : 'store_query';
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreError({ code, message: `${context ?? 'embedded store'}: ${detail}`, cause: error });
}
