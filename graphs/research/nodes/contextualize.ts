import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { resolveRequestDimensions } from '../../../src/nlq/dimensions.js';
import { valueMap } from '../../agent/nodes/shared.js';
import { ensureResearchConfiguration } from '../configuration.js';
import { anomalyFocus, classifyQuestion, countsCompared, label, resolveFocus, screenQuestion, screenedText } from '../planner.js';
import { safe } from '../report.js';
import { normalise } from '../../../src/nlq/text.js';
import { OPEN_START, findTimeExpressions } from '../../../src/nlq/time.js';
import type { ResearchStateType, ResearchUpdate } from '../state.js';

/** Question, request dimensions and model → the focus: headline metric, periods, angles (or an honest refusal). */
export async function contextualize(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const { layer } = ensureResearchConfiguration(config);
  const requestFilters = state.dimensions ? resolveRequestDimensions(layer.model, valueMap(layer), state.dimensions) : [];
  const classified = classifyQuestion(state.question, layer);
  const text =
    'kind' in classified && (classified.kind === 'drivers' || classified.kind === 'anomalies' || classified.kind === 'profile')
      ? screenedText(state.question)
      : state.question;
  const refusal =
    'refused' in classified ? { kind: 'out_of_scope' as const, reason: classified.refused } : screenQuestion(text, layer, layer.asOf);
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
  const kind = 'refused' in classified ? undefined : classified;
  const found = resolveFocus(text, layer, layer.asOf, requestFilters);
  // "compare A and B customers": the word names whom; they are compared on the model's value metric (the count is among the side-by-side metrics)
  const value = layer.model.defaults.ranking_metric;
  const resolved =
    kind?.kind === 'compare' && kind.segments && value && countsCompared(layer.model, found.metric, kind.segments.dimension)
      ? { ...found, metric: value, metricLabel: label(layer.model, value) }
      : found;
  const kindFocus =
    kind && kind.kind !== 'change'
      ? {
          ...resolved,
          kind: kind.kind,
          ...(kind.segments
            ? { segments: kind.segments, filters: resolved.filters.filter((f) => f.dimension !== kind.segments!.dimension) }
            : {}),
        }
      : resolved;
  const named = findTimeExpressions(normalise(state.question).toLowerCase(), layer.asOf).some((h) => h.range.start !== OPEN_START);
  const focus = kind?.kind === 'anomalies' ? anomalyFocus(kindFocus, layer.asOf, named) : kindFocus;
  return {
    asOf: layer.asOf,
    requestFilters,
    focus,
    startedAt: state.startedAt ?? Date.now(),
    steps: `${focus.kind === 'compare' ? `Comparing ${focus.segments!.members.join(' and ')}: ` : focus.kind === 'drivers' ? 'Key drivers: ' : ''}Investigating ${focus.metricLabel.toLowerCase()}: ${focus.current.label} against ${focus.previous.label}; key dimensions ${focus.keyDimensions.join(', ') || 'none'}.`,
  };
}
