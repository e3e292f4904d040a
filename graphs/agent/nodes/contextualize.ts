import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { resolveRequestDimensions } from '../../../src/nlq/dimensions.js';
import { SemanticQuerySchema, type SemanticQuery } from '../../../src/semantic/query.js';
import { ensureConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate, HistoryEntry } from '../state.js';
import { valueMap } from './shared.js';

/** The session's last resolved query (the base of a follow-up), if any. */
export function lastResolvedQuery(history: HistoryEntry[]): SemanticQuery | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const parsed = SemanticQuerySchema.safeParse(history[i].resolved);
    if (history[i].resolved && parsed.success) return parsed.data;
  }
  return null;
}

/** Session history, request dimensions, model and as-of date → the context of interpretation. */
export async function contextualize(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const { layer } = ensureConfiguration(config);
  const previousQuery = lastResolvedQuery(state.history ?? []);
  const requestFilters = state.dimensions ? resolveRequestDimensions(layer.model, valueMap(layer), state.dimensions) : [];
  const steps = [`Read the question against the ${layer.model.name} model; today is ${layer.asOf}.`];
  if (previousQuery) steps.push('The session has an earlier question; a follow-up builds on it.');
  if (requestFilters.length)
    steps.push(
      `The request scopes every query to ${requestFilters.map((f) => `${f.dimension} ${f.op} ${f.values.join(', ')}`).join('; ')}.`,
    );
  return { asOf: layer.asOf, previousQuery, requestFilters, steps };
}
