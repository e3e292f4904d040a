/**
 * What the agent graph runs against: the semantic layer, the warehouse and its limits. Passed in
 * `config.configurable` (not state: these are live objects, not checkpointed data).
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import type { QuestionPlanner } from '../../src/nlq/llm/index.js';

export interface AgentConfiguration {
  layer: SemanticLayer;
  warehouse: Warehouse;
  /** Statement time limit (ms). */
  queryTimeoutMs: number;
  /** Rows kept from a result; beyond are cut and flagged. */
  maxRows: number;
  /** The LLM planner, when a model is configured; absent = the interpreter alone. */
  planner?: QuestionPlanner;
  /** The account the inquiry belongs to: warehouse connections are shared fairly between accounts. */
  account?: string;
}

export function ensureConfiguration(config: LangGraphRunnableConfig): AgentConfiguration {
  const c = (config.configurable ?? {}) as Partial<AgentConfiguration>;
  if (!c.layer || !c.warehouse) throw new Error('agent graph: configurable.layer and configurable.warehouse are required');
  return {
    layer: c.layer,
    warehouse: c.warehouse,
    queryTimeoutMs: c.queryTimeoutMs ?? 30_000,
    maxRows: c.maxRows ?? 5000,
    planner: c.planner,
    account: c.account,
  };
}
