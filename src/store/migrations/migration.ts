/** A versioned schema change: statements in the SQL both backends share, applied in one transaction. */
export interface Migration {
  /** 1, 2, 3, … with no gaps; the schema's version is the highest applied. */
  version: number;
  name: string;
  statements: readonly string[];
}
