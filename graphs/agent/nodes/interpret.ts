import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { buildTerminalAnswer } from '../../../src/answer/index.js';
import { interpret as interpretQuestion } from '../../../src/nlq/interpret.js';
import type { DimensionFilter, SemanticQuery } from '../../../src/semantic/query.js';
import { ensureConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate } from '../state.js';
import { valueMap } from './shared.js';

/** Adds the request's mandatory filters, once each. */
export function withRequestFilters(query: SemanticQuery, filters: DimensionFilter[]): SemanticQuery {
  const seen = new Set(query.filters.map((f) => JSON.stringify(f)));
  return { ...query, filters: [...query.filters, ...filters.filter((f) => !seen.has(JSON.stringify(f)))] };
}

/** Question → SemanticQuery with the rule-based interpreter, or an honest refusal. */
export async function interpret(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const { layer } = ensureConfiguration(config);
  const interpretation = interpretQuestion(state.question, {
    model: layer.model,
    values: valueMap(layer),
    asOf: state.asOf,
    previous: state.previousQuery ?? undefined,
  });
  if (interpretation.kind !== 'query') {
    const steps = [`Refused: ${interpretation.reason}`];
    return {
      interpretation,
      steps,
      outcome: {
        status: interpretation.kind,
        error: interpretation.reason,
        result: buildTerminalAnswer(interpretation.kind, { question: state.question, reason: interpretation.reason, thinking: [...state.steps, ...steps] }),
      },
    };
  }
  const query = withRequestFilters(interpretation.query, state.requestFilters ?? []);
  return { interpretation, query, steps: interpretation.notes };
}
