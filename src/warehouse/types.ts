/**
 * One interface for every warehouse engine (DuckDB embedded, PostgreSQL, ...). Values in rows are
 * JSON-ready: numbers as JS numbers (unrounded), dates as `YYYY-MM-DD`, timestamps as ISO strings.
 */
export type SqlDialectName = 'duckdb' | 'postgres';

export interface ColumnInfo {
  name: string;
  /** Engine type name as reported (e.g. VARCHAR, DECIMAL(15,2), DATE, integer). */
  type: string;
  nullable?: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  rowCount?: number;
}

export interface RunOptions {
  /** Milliseconds before the statement is cancelled and WarehouseTimeoutError raised. */
  timeoutMs?: number;
  /** Rows beyond this are dropped and `truncated` set. */
  maxRows?: number;
  /** Aborting cancels the running statement. */
  signal?: AbortSignal;
}

export interface QueryResult {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  rowCount: number;
  truncated: boolean;
  elapsedMs: number;
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
