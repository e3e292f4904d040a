import type { SqlDialectName } from '../../warehouse/types.js';
import { SqlDialect } from './dialect.js';
import { DuckDbDialect } from './duckdb.js';
import { PostgresDialect } from './postgres.js';

export { SqlDialect, LiteralError } from './dialect.js';
export { DuckDbDialect } from './duckdb.js';
export { PostgresDialect } from './postgres.js';

const instances: Record<SqlDialectName, SqlDialect> = {
  duckdb: new DuckDbDialect(),
  postgres: new PostgresDialect(),
};

export function dialectFor(name: SqlDialectName): SqlDialect {
  return instances[name];
}
