/**
 * `IN (…)` lists for reads of many rows at once (App Home reads a person's watches, their snapshots and owners this
 * way). Cut into chunks so a list of thousands stays far below SQLite's 32,766 and PostgreSQL's 65,535 parameters and
 * the planner sees lists of a few sizes only.
 */

/** Values per `IN (…)` list. */
export const IN_LIST_CHUNK = 500;

export function chunksOf<T>(values: readonly T[], size = IN_LIST_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size));
  return chunks;
}

/** `?, ?, ?` for the values of one chunk. */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}
