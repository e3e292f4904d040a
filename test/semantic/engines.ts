/**
 * Engines the semantic tests run compiled SQL on: DuckDB over the eval Parquet (always), and a
 * real Postgres 15 loaded with the same data when test/helpers/postgres.ts is present.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SqlDialect } from '../../src/semantic/dialects/dialect.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { PostgresDialect } from '../../src/semantic/dialects/postgres.js';

import { TPCH_DIR } from '../helpers/paths.js';
export { TPCH_DIR };
export const TPCH_TABLES = ['region', 'nation', 'supplier', 'customer', 'part', 'partsupp', 'orders', 'lineitem'];

export type Row = Record<string, unknown>;

export interface Engine {
  name: 'duckdb' | 'postgres';
  dialect: SqlDialect;
  query(sql: string): Promise<Row[]>;
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

export async function duckdbEngine(): Promise<Engine> {
  const db = await DuckDBInstance.create(':memory:');
  const conn: DuckDBConnection = await db.connect();
  for (const t of TPCH_TABLES)
    await conn.run(`CREATE VIEW ${t} AS SELECT * FROM read_parquet('${TPCH_DIR}/${t}.parquet')`);
  return {
    name: 'duckdb',
    dialect: new DuckDbDialect(),
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

/** Postgres engine through the shared helper, or undefined when it (or Postgres) is unavailable. */
export async function postgresEngine(): Promise<Engine | undefined> {
  if (!existsSync(PG_HELPER)) return undefined;
  try {
    const helper = (await import(PG_HELPER)) as {
      startTpchPostgres: () => Promise<{ url: string; readOnlyUrl: string; stop: () => Promise<void> }>;
    };
    const pgHandle = await helper.startTpchPostgres();
    const { default: pg } = await import('pg');
    pg.types.setTypeParser(1082, (s: string) => s); // DATE as YYYY-MM-DD, no time zone shift
    const client = new pg.Client({ connectionString: pgHandle.readOnlyUrl });
    await client.connect();
    return {
      name: 'postgres',
      dialect: new PostgresDialect(),
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
