/**
 * The research graph: contextualize (the kind of investigation — why X changed, compare A and B,
 * what drives X, anything unusual, profile of the top customers — or an honest refusal) → plan → fan out (Send, one `investigate` per sub-question,
 * concurrency capped) → gather (partial results kept) → reflect (follow-ups within the budget,
 * fanned out again) → write `final_answer`. Checkpointed per inquiry (thread_id = inquiry id): a
 * restarted process resumes from the last checkpoint and does not re-run finished sub-questions.
 */
import { END, START, Send, StateGraph, type BaseCheckpointSaver, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { contextualize } from './nodes/contextualize.js';
import { gather } from './nodes/gather.js';
import { investigate } from './nodes/investigate.js';
import { plan } from './nodes/plan.js';
import { reflect } from './nodes/reflect.js';
import { write } from './nodes/write.js';
import { ResearchState, type InvestigateInput, type ResearchStateType, type ResearchUpdate } from './state.js';

/** One Send per sub-question of the current round that has no operation yet. */
export function pendingSends(state: ResearchStateType): Send[] {
  const done = new Set(state.operations.map((o) => o.id));
  return state.subQuestions
    .filter((s) => s.round === state.round && !done.has(s.id))
    .map(
      (sub) =>
        new Send('investigate', {
          sub,
          dimensions: state.dimensions,
          startedAt: state.startedAt,
          budget: state.budget,
        } satisfies InvestigateInput),
    );
}

export const routeAfterContextualize = (state: ResearchStateType): 'plan' | typeof END => (state.outcome ? END : 'plan');
export const routeAfterPlan = (state: ResearchStateType): Send[] | 'gather' => {
  const sends = pendingSends(state);
  return sends.length ? sends : 'gather';
};
export const routeAfterReflect = (state: ResearchStateType): Send[] | 'write' => {
  const sends = pendingSends(state);
  return sends.length ? sends : 'write';
};

export function buildResearchGraph(checkpointer?: BaseCheckpointSaver) {
  return new StateGraph(ResearchState)
    .addNode('contextualize', contextualize)
    .addNode('plan', plan)
    .addNode('investigate', investigate as unknown as (s: ResearchStateType, c: LangGraphRunnableConfig) => Promise<ResearchUpdate>)
    .addNode('gather', gather)
    .addNode('reflect', reflect)
    .addNode('write', write)
    .addEdge(START, 'contextualize')
    .addConditionalEdges('contextualize', routeAfterContextualize, ['plan', END])
    .addConditionalEdges('plan', routeAfterPlan, ['investigate', 'gather'])
    .addEdge('investigate', 'gather')
    .addEdge('gather', 'reflect')
    .addConditionalEdges('reflect', routeAfterReflect, ['investigate', 'write'])
    .addEdge('write', END)
    .compile({ checkpointer, name: 'research' });
}

export type ResearchGraph = ReturnType<typeof buildResearchGraph>;
