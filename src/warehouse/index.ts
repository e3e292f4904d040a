/**
 * The warehouse layer's front door: open a warehouse from its URL, and run SQL through the guard.
 */
import { guardSql } from './guard.js';
import { WarehouseConnectionError } from './errors.js';
import type { QueryResult, RunOptions, Warehouse } from './types.js';
import type { DuckDbWarehouseOptions } from './duckdb.js';
import type { PostgresWarehouseOptions } from './postgres.js';
import type { MysqlWarehouseOptions } from './mysql.js';

export * from './types.js';
export * from './errors.js';
export { guardSql, isReadOnlySql } from './guard.js';

export type OpenWarehouseOptions = DuckDbWarehouseOptions & PostgresWarehouseOptions & MysqlWarehouseOptions;

/**
 * `duckdb:PATH` (a .duckdb file, a folder of Parquet/CSV files, or one such file; a bare path
 * ending in .duckdb or naming a folder works too), `postgres://...` / `postgresql://...`, or
 * `mysql://...` / `mariadb://...` (user:password@host:port/database).
 * Engines load lazily so a DuckDB deployment never loads pg or mysql2, and the reverse.
 */
export async function openWarehouse(url: string, options: OpenWarehouseOptions = {}): Promise<Warehouse> {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const { PostgresWarehouse } = await import('./postgres.js');
    return PostgresWarehouse.open(url, options);
  }
  if (/^(mysql|mariadb):\/\//i.test(url)) {
    const { MysqlWarehouse } = await import('./mysql.js');
    return MysqlWarehouse.open(url, options);
  }
  let path: string | undefined;
  if (/^duckdb:/i.test(url)) path = url.slice('duckdb:'.length).replace(/^\/\/(?=\/)/, '');
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) path = url;
  if (!path)
    throw new WarehouseConnectionError(`Unsupported warehouse URL "${redactUrl(url)}": use duckdb:PATH, postgres://... or mysql://...`);
  const { DuckDbWarehouse } = await import('./duckdb.js');
  return DuckDbWarehouse.open(path, options);
}

/** Guards then runs: the one way SQL from the compiler or an LLM reaches a warehouse. */
export async function runGuarded(warehouse: Warehouse, sql: string, options?: RunOptions): Promise<QueryResult & { sql: string }> {
  const safe = guardSql(sql, warehouse.dialect);
  const result = await warehouse.run(safe, options);
  return { ...result, sql: safe };
}

/** A URL for logs and error messages: the password is replaced. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}
