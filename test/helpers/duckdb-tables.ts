/**
 * A test file's own tables in an in-memory DuckDB: created before the file's tests, closed after
 * them. `rows(sql)` gives the result rows with BIGINTs as numbers and dates as YYYY-MM-DD, so that
 * a question's rows and hand-written SQL's compare as plain values.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Interpretation } from '../../src/nlq/types.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import type { SemanticModel } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

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

/**
 * A question's interpretation, compiled for DuckDB and run on the tables: its rows must equal the
 * reference SQL's (as sets, or in order when `ordered`). Gives the query and its column names.
 */
export async function expectSameRows(
  tables: { rows(sql: string): Promise<unknown[][]> },
  model: SemanticModel,
  question: string,
  r: Interpretation,
  reference: string,
  ordered = false,
): Promise<{ query: SemanticQuery; columns: string[] } | undefined> {
  expect(r.kind, `${question}: ${r.kind !== 'query' ? r.reason : ''}`).toBe('query');
  if (r.kind !== 'query') return undefined;
  const compiled = compile(model, r.query, new DuckDbDialect());
  const [got, want] = await Promise.all([tables.rows(compiled.sql), tables.rows(reference)]);
  expect(jsonRows(got, !ordered), question).toEqual(jsonRows(want, !ordered));
  return { query: r.query, columns: compiled.columns.map((c) => c.name) };
}
