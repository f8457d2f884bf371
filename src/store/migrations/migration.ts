/**
 * A versioned schema change: statements in the SQL both backends share, applied in one transaction. A statement
 * that cannot be shared (a storage option only one database has) names its text per dialect.
 */
export type MigrationStatement = string | { readonly sqlite: string; readonly postgres: string };

export interface Migration {
  /** 1, 2, 3, … with no gaps; the schema's version is the highest applied. */
  version: number;
  name: string;
  statements: readonly MigrationStatement[];
}
