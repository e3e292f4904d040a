import type { SqlDialectName } from '../../warehouse/types.js';
import { SqlDialect } from './dialect.js';
import { DuckDbDialect } from './duckdb.js';
import { PostgresDialect } from './postgres.js';
import { MysqlDialect } from './mysql.js';

export { SqlDialect, LiteralError } from './dialect.js';
export { DuckDbDialect } from './duckdb.js';
export { PostgresDialect } from './postgres.js';
export { MysqlDialect } from './mysql.js';

const instances: Record<SqlDialectName, SqlDialect> = {
  duckdb: new DuckDbDialect(),
  postgres: new PostgresDialect(),
  mysql: new MysqlDialect(),
};

export function dialectFor(name: SqlDialectName): SqlDialect {
  return instances[name];
}
