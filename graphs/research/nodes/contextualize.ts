import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { resolveRequestDimensions } from '../../../src/nlq/dimensions.js';
import { valueMap } from '../../agent/nodes/shared.js';
import { ensureResearchConfiguration } from '../configuration.js';
import { resolveFocus } from '../planner.js';
import type { ResearchStateType, ResearchUpdate } from '../state.js';

/** Question, request dimensions and model → the focus: headline metric, periods, angles. */
export async function contextualize(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const { layer } = ensureResearchConfiguration(config);
  const requestFilters = state.dimensions ? resolveRequestDimensions(layer.model, valueMap(layer), state.dimensions) : [];
  const focus = resolveFocus(state.question, layer, layer.asOf, requestFilters);
  return {
    asOf: layer.asOf,
    requestFilters,
    focus,
    startedAt: state.startedAt ?? Date.now(),
    steps: `Investigating ${focus.metricLabel.toLowerCase()}: ${focus.current.label} against ${focus.previous.label}; key dimensions ${focus.keyDimensions.join(', ') || 'none'}.`,
  };
}
