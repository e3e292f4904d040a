/**
 * The TPC-H evaluation warehouse and its semantic layer, as graph tests use them, and the
 * research graph's configuration with the test defaults (4 at once, no pacing).
 */
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

export function researchConfigurable(
  thread_id: string,
  deps: { layer: SemanticLayer; warehouse: Warehouse; agentGraph: AgentGraph },
  overrides: Partial<ResearchConfiguration> = {},
): ResearchConfiguration & { thread_id: string } {
  return { thread_id, ...deps, queryTimeoutMs: 30_000, maxRows: 5000, limit: pLimit(4), paceMs: 0, ...overrides };
}
