/**
 * Round trips of imported models: the importer's YAML, loaded the way Quarry loads a model file,
 * compiled by the real compiler and run on the TPC-H warehouse (DuckDB over the Parquet files),
 * against hand-written SQL on the same files (a separate in-memory DuckDB).
 */
import { parse } from 'yaml';
import { expect } from 'vitest';
import { compareRows } from '../../../src/eval/compare.js';
import { compile } from '../../../src/semantic/compiler.js';
import { dialectFor } from '../../../src/semantic/dialects/index.js';
import { validateModel } from '../../../src/semantic/loader.js';
import type { SemanticModel } from '../../../src/semantic/model.js';
import { SemanticQuerySchema, type SemanticQueryInput } from '../../../src/semantic/query.js';
import { importedYaml, importModel, type ImportFormat, type ImportResult } from '../../../src/semantic/import/index.js';
import { openWarehouse, runGuarded } from '../../../src/warehouse/index.js';
import type { Warehouse } from '../../../src/warehouse/types.js';
import { tpchReference } from '../../helpers/tpch.js';
import { REPO_ROOT, TPCH_DIR } from '../../helpers/paths.js';
import { join } from 'node:path';

export const FIXTURES = join(REPO_ROOT, 'test/fixtures/import');

export interface Imported {
  result: ImportResult;
  yaml: string;
  model: SemanticModel;
}

/** Imports a fixture and loads the YAML it writes through the loader's own validation. */
export function importFixture(format: ImportFormat, path: string, options: Parameters<typeof importModel>[2] = {}): Imported {
  const result = importModel(format, path, options);
  const yaml = importedYaml(format, result);
  return { result, yaml, model: validateModel(parse(yaml), `${format} import`) };
}

export interface RoundTrip {
  warehouse: Warehouse;
  /** Compiles the query on the imported model, runs it, and expects the rows of the hand-written SQL. */
  expectSame(model: SemanticModel, query: SemanticQueryInput, handSql: string): Promise<Record<string, unknown>[]>;
  /** Runs SQL on the warehouse (through the guard) and expects the rows of the hand-written SQL. */
  expectSameSql(sql: string, handSql: string): Promise<void>;
  close(): Promise<void>;
}

export async function roundTrip(): Promise<RoundTrip> {
  const warehouse = await openWarehouse(`duckdb:${TPCH_DIR}`);
  const reference = await tpchReference();
  const same = async (sql: string, handSql: string, what: string) => {
    const got = (await runGuarded(warehouse, sql, { timeoutMs: 60_000, maxRows: 10_000 })).rows;
    const want = await reference.objects(handSql);
    expect(want.length, `the hand-written SQL returns rows: ${handSql}`).toBeGreaterThan(0);
    expect(compareRows(got, want), `${what}\n${sql}`).toEqual({ ok: true });
    return got;
  };
  return {
    warehouse,
    async expectSame(model, query, handSql) {
      const sql = compile(model, SemanticQuerySchema.parse(query), dialectFor(warehouse.dialect)).sql;
      return same(sql, handSql, JSON.stringify(query));
    },
    async expectSameSql(sql, handSql) {
      await same(sql, handSql, 'SQL');
    },
    close: () => warehouse.close(),
  };
}
