/**
 * A test file's own tables in an in-memory DuckDB: created before the file's tests, closed after
 * them. `rows(sql)` gives the result rows with BIGINTs as numbers and dates as YYYY-MM-DD, so that
 * a question's rows and hand-written SQL's compare as plain values.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll } from 'vitest';

const plain = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString().slice(0, 10) : v);

export function duckdbTables(tables: string): { rows(sql: string): Promise<unknown[][]> } {
  let db: DuckDBInstance;
  let conn: DuckDBConnection;
  beforeAll(async () => {
    db = await DuckDBInstance.create(':memory:');
    conn = await db.connect();
    await conn.run(tables);
  });
  afterAll(() => {
    conn.closeSync();
    db.closeSync();
  });
  return {
    async rows(sql: string) {
      const reader = await conn.runAndReadAll(sql);
      return (reader.getRowsJS() as unknown[][]).map((r) => r.map(plain));
    },
  };
}

/** Rows as JSON strings, one per row (sorted: compared as a set). */
export const jsonRows = (rows: unknown[][], sorted = true): string[] => {
  const out = rows.map((r) => JSON.stringify(r));
  return sorted ? out.sort() : out;
};
