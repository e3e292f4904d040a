/**
 * Engines the semantic tests run compiled SQL on: DuckDB over the eval Parquet (always), a real
 * Postgres 15 loaded with the same data when test/helpers/postgres.ts is present, and a real
 * MariaDB 10.11 (through the product's MysqlWarehouse) when test/helpers/mariadb.ts is present.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SqlDialect } from '../../src/semantic/dialects/dialect.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { PostgresDialect } from '../../src/semantic/dialects/postgres.js';
import { MysqlDialect } from '../../src/semantic/dialects/mysql.js';

import { TENTH_OF_ORDERS, TPCH_DIR, TPCH_TABLES } from '../helpers/paths.js';
export { TENTH_OF_ORDERS, TPCH_DIR, TPCH_TABLES };

export type Row = Record<string, unknown>;

export interface Engine {
  name: 'duckdb' | 'postgres' | 'mariadb';
  /** The fraction of TPC-H's orders it holds (1, or 0.1 for TENTH_OF_ORDERS). */
  fraction: number;
  dialect: SqlDialect;
  query(sql: string): Promise<Row[]>;
  /** A hand-written reference query (DuckDB/Postgres SQL) in this engine's SQL. */
  reference(sql: string): string;
  close(): Promise<void>;
}

/** JSON-ready values: numbers (bigint/decimal -> number), dates as YYYY-MM-DD. */
export function normalize(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

function normalizeRows(rows: Row[]): Row[] {
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, normalize(v)])));
}

/** DuckDB over the TPC-H Parquet files, each table optionally filtered (`where`, as TENTH_OF_ORDERS). */
export async function duckdbEngine(where: Record<string, string> = {}): Promise<Engine> {
  const db = await DuckDBInstance.create(':memory:');
  const conn: DuckDBConnection = await db.connect();
  for (const t of TPCH_TABLES)
    await conn.run(`CREATE VIEW ${t} AS SELECT * FROM read_parquet('${TPCH_DIR}/${t}.parquet')${where[t] ? ` WHERE ${where[t]}` : ''}`);
  return {
    name: 'duckdb',
    fraction: where === TENTH_OF_ORDERS ? 0.1 : Object.keys(where).length === 0 ? 1 : Number.NaN,
    dialect: new DuckDbDialect(),
    reference: (sql) => sql,
    async query(sql) {
      const reader = await conn.runAndReadAll(sql);
      return normalizeRows(reader.getRowObjectsJS() as Row[]);
    },
    async close() {
      conn.closeSync();
      db.closeSync();
    },
  };
}

const PG_HELPER = fileURLToPath(new URL('../helpers/postgres.ts', import.meta.url));

/**
 * Postgres engine through the shared helper, or undefined when it (or Postgres) is unavailable.
 * Like MariaDB it holds TENTH_OF_ORDERS: the join-heavy cases read the whole of lineitem in about
 * half a second each on 2 cores, most of the compiler test's time (DuckDB checks the full data).
 */
export async function postgresEngine(): Promise<Engine | undefined> {
  if (!existsSync(PG_HELPER)) return undefined;
  try {
    // A copy of the run's TPC-H on its shared server (test/helpers/shared-servers.ts).
    const { tpchPostgresForFile } = await import('../helpers/shared-servers.js');
    const pgHandle = await tpchPostgresForFile({ where: TENTH_OF_ORDERS });
    const { default: pg } = await import('pg');
    pg.types.setTypeParser(1082, (s: string) => s); // DATE as YYYY-MM-DD, no time zone shift
    const client = new pg.Client({ connectionString: pgHandle.readOnlyUrl });
    await client.connect();
    return {
      name: 'postgres',
      fraction: 0.1,
      dialect: new PostgresDialect(),
      reference: (sql) => sql,
      async query(sql) {
        const res = await client.query(sql);
        return normalizeRows(res.rows as Row[]);
      },
      async close() {
        await client.end();
        await pgHandle.stop();
      },
    };
  } catch (e) {
    console.warn(`postgres engine unavailable: ${(e as Error).message}`);
    return undefined;
  }
}

const MARIADB_HELPER = fileURLToPath(new URL('../helpers/mariadb.ts', import.meta.url));

/**
 * The references' few Postgres-only spellings, written out by hand for MySQL (independently of
 * MysqlDialect, so the dialect is checked, not copied): date_trunc, DOUBLE PRECISION, date - date.
 */
export function mysqlReference(sql: string): string {
  const bucket: Record<string, (x: string) => string> = {
    month: (x) => `DATE_SUB(${x}, INTERVAL DAYOFMONTH(${x}) - 1 DAY)`,
    quarter: (x) => `STR_TO_DATE(CONCAT(YEAR(${x}), '-', (QUARTER(${x}) - 1) * 3 + 1, '-01'), '%Y-%c-%d')`,
    week: (x) => `DATE_SUB(${x}, INTERVAL (DAYOFWEEK(${x}) + 5) % 7 DAY)`,
  };
  return (
    sql
      .replace(/CAST\(date_trunc\('(month|quarter|week)', ([\w.]+)\) AS DATE\)/g, (_, g: string, x: string) => bucket[g]!(x))
      .replace(/AS DOUBLE PRECISION\)/g, 'AS DOUBLE)')
      // date - date is days in Postgres and DuckDB, but YYYYMMDD arithmetic in MySQL.
      .replace(/\b(\w+\.\w+date) - (\w+\.\w+date)\b/g, 'DATEDIFF($1, $2)')
  );
}

/**
 * MariaDB engine through the shared helper, the guard and the product's MysqlWarehouse, or
 * undefined when unavailable. It holds TENTH_OF_ORDERS, not the whole of TPC-H.
 */
export async function mariadbEngine(): Promise<Engine | undefined> {
  if (!existsSync(MARIADB_HELPER)) return undefined;
  try {
    const { tpchMariadbForFile } = await import('../helpers/shared-servers.js');
    const handle = await tpchMariadbForFile({ where: TENTH_OF_ORDERS });
    const { MysqlWarehouse } = await import('../../src/warehouse/mysql.js');
    const { runGuarded } = await import('../../src/warehouse/index.js');
    const w = await MysqlWarehouse.open(handle.readOnlyUrl, { poolSize: 2 });
    return {
      name: 'mariadb',
      fraction: 0.1,
      dialect: new MysqlDialect(),
      reference: mysqlReference,
      async query(sql) {
        // Through the guard, as the product runs SQL: it must accept all the MySQL the compiler writes.
        return normalizeRows((await runGuarded(w, sql, { maxRows: 1_000_000, timeoutMs: 120_000 })).rows);
      },
      async close() {
        await w.close();
        await handle.stop();
      },
    };
  } catch (e) {
    console.warn(`mariadb engine unavailable: ${(e as Error).message}`);
    return undefined;
  }
}

/** Compares two results as multisets (or in order), numbers with a relative tolerance. */
export function sameRows(actual: Row[], expected: Row[], ordered: boolean): string | undefined {
  if (actual.length !== expected.length) return `row count ${actual.length} != ${expected.length}`;
  const cols = expected.length ? Object.keys(expected[0]!) : [];
  const key = (r: Row) => JSON.stringify(cols.map((c) => (typeof r[c] === 'number' ? Number((r[c] as number).toPrecision(9)) : r[c])));
  const a = ordered ? actual : [...actual].sort((x, y) => key(x).localeCompare(key(y)));
  const e = ordered ? expected : [...expected].sort((x, y) => key(x).localeCompare(key(y)));
  for (let i = 0; i < e.length; i++) {
    for (const c of cols) {
      if (!(c in a[i]!)) return `missing column ${c}`;
      const av = a[i]![c];
      const ev = e[i]![c];
      if (typeof ev === 'number' && typeof av === 'number') {
        if (Math.abs(av - ev) > 1e-6 * Math.max(1, Math.abs(ev))) return `row ${i} ${c}: ${av} != ${ev}`;
      } else if (av !== ev) return `row ${i} ${c}: ${JSON.stringify(av)} != ${JSON.stringify(ev)}`;
    }
  }
  return undefined;
}
