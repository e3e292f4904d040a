/**
 * The TPC-H evaluation warehouse and its semantic layer, as graph tests use them, and the
 * research graph's configuration with the test defaults (4 at once, no pacing).
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySaver, type StateSnapshot } from '@langchain/langgraph';
import pLimit from 'p-limit';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import { buildResearchGraph } from '../../graphs/research/graph.js';
import { DEFAULT_RESEARCH_BUDGET } from '../../src/schemas/research.js';
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
export async function tpchReference(): Promise<{
  rows: (sql: string) => Promise<unknown[][]>;
  objects: (sql: string) => Promise<Record<string, unknown>[]>;
}> {
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

/**
 * A research graph over a warehouse built into a temp folder (the planted or plain demo data), with
 * a function that runs one question to its end and returns the checkpointed snapshot.
 */
export async function researchOver<T>(
  prefix: string,
  build: (file: string) => Promise<T>,
): Promise<{
  built: T;
  warehouse: Warehouse;
  layer: SemanticLayer;
  research: (question: string) => Promise<StateSnapshot>;
  close: () => Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'warehouse.duckdb');
  const built = await build(file);
  const warehouse = await openWarehouse(`duckdb:${file}`);
  const layer = await loadSemanticLayer(DEFAULT_MODEL_PATH, warehouse);
  const graph = buildResearchGraph(new MemorySaver());
  const agentGraph = buildAgentGraph(false);
  let thread = 0;
  return {
    built,
    warehouse,
    layer,
    async research(question) {
      const configurable = researchConfigurable(`${prefix}${++thread}`, { layer, warehouse, agentGraph });
      await graph.invoke({ question, dimensions: null, budget: DEFAULT_RESEARCH_BUDGET, startedAt: Date.now() } as never, { configurable });
      return graph.getState({ configurable });
    },
    async close() {
      await warehouse.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
