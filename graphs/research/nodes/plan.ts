import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { ensureResearchConfiguration } from '../configuration.js';
import { planAnomalies, planCompare, planDrivers, planProfile, planStrategy } from '../planner.js';
import { llmFocus, usageRecord } from '../llm-plan.js';
import type { ResearchStateType, ResearchUpdate } from '../state.js';

/** The data-collection strategy: sub-questions with a purpose each, recorded as the `plan` operation. */
export async function plan(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const { layer, warehouse, researchPlanner } = ensureResearchConfiguration(config);
  const started = new Date();
  const kind = state.focus!.kind ?? 'change';
  const llm =
    researchPlanner && kind === 'change'
      ? await llmFocus(researchPlanner, state.question, state.focus!, layer, warehouse.dialect, config.signal)
      : undefined;
  const planner =
    kind === 'compare'
      ? planCompare
      : kind === 'drivers'
        ? planDrivers
        : kind === 'anomalies'
          ? planAnomalies
          : kind === 'profile'
            ? planProfile
            : planStrategy;
  // with a language model the key dimensions are broken down beside the scan: the model chooses drill-downs among their movers
  const focus =
    researchPlanner && kind === 'change' ? { ...(llm?.focus ?? state.focus!), plannedDimensions: true } : (llm?.focus ?? state.focus!);
  const subs = planner(focus, layer.model, state.requestFilters ?? [], state.budget.queries);
  const detail = subs.map((s) => `${s.id} (${s.angle}): ${s.question} — ${s.purpose}`).join('\n');
  return {
    ...(llm ? { focus: llm.focus } : {}),
    subQuestions: subs,
    round: 1,
    operations: {
      id: 'plan',
      kind: 'plan',
      round: 1,
      status: 'done',
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      elapsed_ms: Date.now() - started.getTime(),
      detail: llm ? `${llm.notes.join(' ')}\n${detail}` : detail,
      ...(usageRecord(llm?.usage) ? { llm: usageRecord(llm?.usage) } : {}),
    },
    steps: [...(llm?.notes ?? []), `Planned ${subs.length} sub-questions.`],
  };
}
