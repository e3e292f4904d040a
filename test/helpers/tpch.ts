/**
 * The TPC-H evaluation warehouse and its semantic layer, as graph tests use them, and the
 * research graph's configuration with the test defaults (4 at once, no pacing).
 */
import { DuckDBInstance } from '@duckdb/node-api';
import pLimit from 'p-limit';
import type { AgentGraph } from '../../graphs/agent/graph.js';
import type { ResearchConfiguration } from '../../graphs/research/configuration.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer, type SemanticLayer } from '../../src/semantic/values.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { TPCH_DIR } from './paths.js';

export async function openTpch(): Promise<{ warehouse: Warehouse; layer: SemanticLayer }> {
  const warehouse = await openWarehouse(`duckdb:${TPCH_DIR}`);
  return { warehouse, layer: await loadSemanticLayer(DEFAULT_MODEL_PATH, warehouse) };
}

/** Hand-written reference SQL over the TPC-H Parquet files (a separate in-memory DuckDB, no guard). */
export async function tpchReference(): Promise<{ rows: (sql: string) => Promise<unknown[][]>; objects: (sql: string) => Promise<Record<string, unknown>[]> }> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  for (const t of ['region', 'nation', 'supplier', 'customer', 'part', 'partsupp', 'orders', 'lineitem']) {
    await db.run(`CREATE VIEW ${t} AS SELECT * FROM read_parquet('${TPCH_DIR}/${t}.parquet')`);
  }
  return {
    rows: async (sql) => (await db.runAndReadAll(sql)).getRowsJS() as unknown[][],
    objects: async (sql) => (await db.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[],
  };
}

export function researchConfigurable(
  thread_id: string,
  deps: { layer: SemanticLayer; warehouse: Warehouse; agentGraph: AgentGraph },
  overrides: Partial<ResearchConfiguration> = {},
): ResearchConfiguration & { thread_id: string } {
  return { thread_id, ...deps, queryTimeoutMs: 30_000, maxRows: 5000, limit: pLimit(4), paceMs: 0, ...overrides };
}
