import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { resolveRequestDimensions } from '../../../src/nlq/dimensions.js';
import { valueMap } from '../../agent/nodes/shared.js';
import { ensureResearchConfiguration } from '../configuration.js';
import { resolveFocus, screenQuestion } from '../planner.js';
import { safe } from '../report.js';
import type { ResearchStateType, ResearchUpdate } from '../state.js';

/** Question, request dimensions and model → the focus: headline metric, periods, angles (or an honest refusal). */
export async function contextualize(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const { layer } = ensureResearchConfiguration(config);
  const requestFilters = state.dimensions ? resolveRequestDimensions(layer.model, valueMap(layer), state.dimensions) : [];
  const refusal = screenQuestion(state.question, layer, layer.asOf);
  if (refusal) {
    return {
      asOf: layer.asOf,
      requestFilters,
      focus: null,
      startedAt: state.startedAt ?? Date.now(),
      outcome: { status: refusal.kind, error: refusal.reason },
      finalAnswer: `# No investigation\n\n${safe(refusal.reason)}\n`,
      steps: `Refused: ${refusal.reason}`,
    };
  }
  const focus = resolveFocus(state.question, layer, layer.asOf, requestFilters);
  return {
    asOf: layer.asOf,
    requestFilters,
    focus,
    startedAt: state.startedAt ?? Date.now(),
    steps: `Investigating ${focus.metricLabel.toLowerCase()}: ${focus.current.label} against ${focus.previous.label}; key dimensions ${focus.keyDimensions.join(', ') || 'none'}.`,
  };
}
