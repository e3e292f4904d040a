/**
 * One interface for every warehouse engine (DuckDB embedded, PostgreSQL, ...). Values in rows are
 * JSON-ready: numbers as JS numbers (unrounded), dates as `YYYY-MM-DD`, timestamps as ISO strings.
 */
export type SqlDialectName = 'duckdb' | 'postgres' | 'mysql';

export interface ColumnInfo {
  name: string;
  /** Engine type name as reported (e.g. VARCHAR, DECIMAL(15,2), DATE, integer). */
  type: string;
  nullable?: boolean;
}

export interface ForeignKeyInfo {
  /** Columns of this table, in key order. */
  columns: string[];
  /** The referenced table, named as in `TableInfo.name`. */
  references: string;
  /** The referenced columns, in the same order. */
  refColumns: string[];
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  rowCount?: number;
  /** The declared primary key, when the engine has one. */
  primaryKey?: string[];
  /** Declared foreign keys, when the engine has them. */
  foreignKeys?: ForeignKeyInfo[];
  /** A view (a stored query) rather than a table of its own rows. */
  view?: boolean;
}

export interface RunOptions {
  /** Milliseconds before the statement is cancelled and WarehouseTimeoutError raised. */
  timeoutMs?: number;
  /** Rows beyond this are dropped and `truncated` set. */
  maxRows?: number;
  /** Rows beyond this many bytes of values (approximate, see `valueBytes`) are dropped and `truncated` set. */
  maxBytes?: number;
  /** Aborting cancels the running statement. */
  signal?: AbortSignal;
  /** Whose statement this is: connections are shared fairly between accounts (see slots.ts). */
  account?: string;
}

export interface QueryResult {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  rowCount: number;
  truncated: boolean;
  /** What cut the result when truncated: the row cap or the byte cap. */
  truncatedBy?: 'rows' | 'bytes';
  elapsedMs: number;
}

/**
 * Approximate size of a JSON-ready value in bytes (its JSON text, roughly): what the byte cap
 * counts, so a result is cut before it is held in memory or sent.
 */
export function valueBytes(v: unknown): number {
  if (v === null || v === undefined) return 4;
  switch (typeof v) {
    case 'string':
      return v.length + 2;
    case 'number':
    case 'bigint':
      return 8;
    case 'boolean':
      return 5;
  }
  if (Array.isArray(v)) {
    let n = 2;
    for (const x of v) n += valueBytes(x) + 1;
    return n;
  }
  let n = 2;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) n += k.length + 4 + valueBytes(x);
  return n;
}

export interface Warehouse {
  readonly dialect: SqlDialectName;
  /** Tables (or views) with their columns. */
  introspect(): Promise<TableInfo[]>;
  /** Runs one statement that has passed the read-only guard. */
  run(sql: string, options?: RunOptions): Promise<QueryResult>;
  /** Cheap liveness check for readiness probes. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
