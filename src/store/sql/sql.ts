/**
 * The small SQL seam both backends implement. Queries are written once, with `?` placeholders, in the SQL that
 * SQLite and PostgreSQL share (ON CONFLICT … DO UPDATE … WHERE, RETURNING, partial indexes). The differences that
 * matter for correctness (row locks, cross-process locks) are exposed here, so the tables never branch on dialect.
 */

export type Dialect = 'sqlite' | 'postgres';

export type SqlParam = string | number | null;

export interface SqlRunner {
  /** Rows of a statement that returns rows (SELECT, or any statement with RETURNING). */
  all<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Affected row count of a statement that returns none. */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
}

export interface TransactionOptions {
  /**
   * A name to serialize on across processes for the whole transaction. PostgreSQL takes a transaction-scoped advisory
   * lock on it; SQLite needs nothing more, since its transactions start with BEGIN IMMEDIATE and so take the one
   * write lock of the file.
   */
  lock?: string;
  /**
   * Commit only once the transaction is on disk, even where ordinary statements commit without waiting for the
   * flush (PostgreSQL, see docs/store.md "Durability"). For what was acknowledged to someone who will not send it
   * again: queued jobs, migrations.
   */
  durable?: boolean;
}

export interface Sql extends SqlRunner {
  readonly dialect: Dialect;
  /** Appended to a SELECT that picks rows to take over: ` FOR UPDATE SKIP LOCKED` on PostgreSQL, empty on SQLite. */
  readonly skipLocked: string;
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * The first problem an integrity check finds in the stored data, or null when there is none. The embedded file
   * checks its pages (a file damaged in the middle still opens and answers some queries); PostgreSQL keeps its own
   * integrity and answers null.
   */
  checkIntegrity(): Promise<string | null>;
  close(): Promise<void>;
}
