/**
 * Queries are written once with SQLite's `?` placeholders; PostgreSQL wants `$1, $2, …`. The store's SQL never puts a
 * `?` inside a string literal or an identifier, so a plain left-to-right numbering is exact. Results are cached: the
 * store has a few dozen distinct statements.
 */
const cache = new Map<string, string>();

export function toNumberedPlaceholders(sql: string): string {
  let numbered = cache.get(sql);
  if (numbered === undefined) {
    let n = 0;
    numbered = sql.replace(/\?/g, () => `$${++n}`);
    cache.set(sql, numbered);
  }
  return numbered;
}
