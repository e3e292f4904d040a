/**
 * Test fixture: the bundled TPC-H model and the distinct values of its indexed dimensions,
 * read from the evaluation Parquet files with DuckDB (the interpreter takes values as plain data).
 */
import { existsSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadModel, DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import type { SemanticModel } from '../../src/semantic/model.js';

import { TPCH_DIR } from '../helpers/paths.js';
export { TPCH_DIR };
export const AS_OF = '1998-08-02';

let cached: Promise<{ model: SemanticModel; values: Map<string, string[]> }> | undefined;

export function loadTpch(): Promise<{ model: SemanticModel; values: Map<string, string[]> }> {
  cached ??= (async () => {
    const model = loadModel(DEFAULT_MODEL_PATH);
    const values = new Map<string, string[]>();
    if (!existsSync(`${TPCH_DIR}/region.parquet`)) return { model, values };
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    for (const d of model.dimensions) {
      if (!d.index_values) continue;
      const entity = model.entities.find((e) => e.name === d.entity);
      const col = /^\$\{TABLE\}\.(\w+)$/.exec(d.sql)?.[1];
      if (!entity?.table || !col) continue;
      const r = await con.runAndReadAll(
        `SELECT DISTINCT CAST(${col} AS VARCHAR) FROM read_parquet('${TPCH_DIR}/${entity.table}.parquet') ORDER BY 1 LIMIT 1001`,
      );
      values.set(
        d.name,
        r.getRows().map((row) => String(row[0])),
      );
    }
    con.closeSync?.();
    return { model, values };
  })();
  return cached;
}
