/**
 * One small warehouse on each real engine a test compares: a DuckDB file, and a database of the
 * file's own on the run's shared PostgreSQL and MariaDB (test/helpers/shared-servers.ts), each
 * opened through the product's warehouse classes (PostgreSQL and MariaDB as a read-only user). A test gives the statements that create and fill its tables on each
 * engine; an engine not installed here gives undefined (its tests are skipped).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll } from 'vitest';
import type { SqlDialect } from '../../src/semantic/dialects/dialect.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { MysqlDialect } from '../../src/semantic/dialects/mysql.js';
import { PostgresDialect } from '../../src/semantic/dialects/postgres.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { mariadbForFile, postgresForFile } from './shared-servers.js';

export type EngineName = 'duckdb' | 'postgres' | 'mariadb';
export const ENGINES: readonly EngineName[] = ['duckdb', 'postgres', 'mariadb'];

export interface EngineTarget {
  dialect: SqlDialect;
  warehouse: Warehouse;
  stop(): Promise<void>;
}

/** Creates the tables (statements per engine) in a database called `database` and opens it. */
export async function startEngine(
  engine: EngineName,
  database: string,
  statements: (engine: EngineName) => string[],
): Promise<EngineTarget | undefined> {
  if (engine === 'duckdb') {
    const dir = mkdtempSync(join(tmpdir(), `quarry-${database}-`));
    const path = join(dir, `${database}.duckdb`);
    const db = await DuckDBInstance.create(path);
    const c = await db.connect();
    for (const s of statements('duckdb')) await c.run(s);
    c.closeSync();
    db.closeSync();
    const warehouse = await openWarehouse(`duckdb:${path}`);
    return {
      dialect: new DuckDbDialect(),
      warehouse,
      stop: async () => (await warehouse.close(), rmSync(dir, { recursive: true, force: true })),
    };
  }
  if (engine === 'postgres') {
    const pgh = await import('./postgres.js');
    if (!existsSync(join(pgh.PG_BIN, 'initdb'))) return undefined;
    const db = await postgresForFile(database);
    for (const s of statements('postgres')) await pgh.execSql(db.url, s);
    const warehouse = await openWarehouse(await pgh.createReadOnlyRole(db.url));
    return { dialect: new PostgresDialect(), warehouse, stop: async () => (await warehouse.close(), await db.stop()) };
  }
  const mh = await import('./mariadb.js');
  if (!existsSync(mh.MARIADB_BIN)) return undefined;
  const db = await mariadbForFile(database);
  for (const s of statements('mariadb')) await mh.execMysql(db.url, s);
  const warehouse = await openWarehouse(await mh.createReadOnlyUser(db.urlFor(''), db.database));
  return { dialect: new MysqlDialect(), warehouse, stop: async () => (await warehouse.close(), await db.stop()) };
}

/** Starts the engine before the enclosing describe's tests and stops it after them; `current()` is undefined when not installed. */
export function engineForSuite(
  engine: EngineName,
  database: string,
  statements: (engine: EngineName) => string[],
): { current(): EngineTarget | undefined } {
  let target: EngineTarget | undefined;
  beforeAll(async () => {
    target = await startEngine(engine, database, statements);
  }, 120_000);
  afterAll(async () => {
    await target?.stop();
  });
  return { current: () => target };
}
