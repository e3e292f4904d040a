import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { ensureResearchConfiguration } from '../configuration.js';
import { planStrategy } from '../planner.js';
import type { ResearchStateType, ResearchUpdate } from '../state.js';

/** The data-collection strategy: sub-questions with a purpose each, recorded as the `plan` operation. */
export async function plan(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const { layer } = ensureResearchConfiguration(config);
  const started = new Date();
  const subs = planStrategy(state.focus!, layer.model, state.requestFilters ?? [], state.budget.queries);
  const detail = subs.map((s) => `${s.id} (${s.angle}): ${s.question} — ${s.purpose}`).join('\n');
  return {
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
      detail,
    },
    steps: `Planned ${subs.length} sub-questions.`,
  };
}
