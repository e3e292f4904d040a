/**
 * What the research graph runs against: the agent graph's configuration (semantic layer,
 * warehouse, limits), the agent graph that answers each sub-question, and the concurrency limit of
 * the fan-out. Passed in `config.configurable` (live objects, not checkpointed data).
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import pLimit, { type LimitFunction } from 'p-limit';
import type { AgentConfiguration } from '../agent/configuration.js';
import type { AgentGraph } from '../agent/graph.js';
import type { ResearchPlanner } from '../../src/nlq/llm/research.js';

export interface ResearchConfiguration extends AgentConfiguration {
  /** The agent graph (built without a checkpointer) that answers each sub-question. */
  agentGraph: AgentGraph;
  /** Caps sub-questions running at once within one investigation. */
  limit: LimitFunction;
  /** Pause before each sub-question (ms): paces the load on a shared warehouse. */
  paceMs: number;
  /** The LLM research planner, when a model is configured (plan step); absent = rule-based. */
  researchPlanner?: ResearchPlanner;
}

export const DEFAULT_RESEARCH_CONCURRENCY = 4;

const fallbackLimits = new WeakMap<object, LimitFunction>();

export function ensureResearchConfiguration(config: LangGraphRunnableConfig): ResearchConfiguration {
  const c = (config.configurable ?? {}) as Partial<ResearchConfiguration> & { concurrency?: number };
  if (!c.layer || !c.warehouse || !c.agentGraph)
    throw new Error('research graph: configurable.layer, .warehouse and .agentGraph are required');
  let limit = c.limit;
  if (!limit) {
    limit = fallbackLimits.get(c.warehouse);
    if (!limit) fallbackLimits.set(c.warehouse, (limit = pLimit(c.concurrency ?? DEFAULT_RESEARCH_CONCURRENCY)));
  }
  return {
    layer: c.layer,
    warehouse: c.warehouse,
    queryTimeoutMs: c.queryTimeoutMs ?? 30_000,
    maxRows: c.maxRows ?? 5000,
    agentGraph: c.agentGraph,
    limit,
    paceMs: c.paceMs ?? 0,
    researchPlanner: c.researchPlanner,
    account: c.account,
  };
}
