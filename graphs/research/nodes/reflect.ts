import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { ensureResearchConfiguration } from '../configuration.js';
import { followUps } from '../planner.js';
import type { ResearchStateType, ResearchUpdate } from '../state.js';

/** Follow-up questions from what was found (drill into the biggest mover), within the budget. */
export async function reflect(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const { layer } = ensureResearchConfiguration(config);
  const started = new Date();
  const used = state.subQuestions.length;
  const { rounds, queries, minutes } = state.budget;
  let detail: string;
  let update: ResearchUpdate = {};
  if (state.round >= rounds) detail = `No follow-up: the budget allows ${rounds} round${rounds === 1 ? '' : 's'}.`;
  else if (Date.now() - state.startedAt >= minutes * 60_000) detail = `No follow-up: the budget of ${minutes} minutes is used.`;
  else if (used >= queries) detail = `No follow-up: the budget of ${queries} queries is used.`;
  else {
    const next = state.round + 1;
    const { subs, reason } = followUps(state.focus!, layer, state.subQuestions, state.operations, state.requestFilters ?? [], next, queries - used);
    detail = subs.length ? `${reason} Follow-ups: ${subs.map((s) => `${s.id}: ${s.question}`).join('; ')}` : `No follow-up: ${reason}`;
    if (subs.length) update = { subQuestions: subs, round: next };
  }
  return {
    ...update,
    operations: {
      id: `reflect${state.round}`,
      kind: 'reflect',
      round: state.round,
      status: 'done',
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      elapsed_ms: Date.now() - started.getTime(),
      detail,
    },
    steps: detail,
  };
}
