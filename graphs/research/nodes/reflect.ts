import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { ensureResearchConfiguration } from '../configuration.js';
import { llmFollowUps } from '../llm-reflect.js';
import { usageRecord } from '../llm-plan.js';
import { followUps, profileFollowUps } from '../planner.js';
import type { ResearchStateType, ResearchUpdate, SubQuestion } from '../state.js';

/**
 * Follow-up questions from what was found (drill into the biggest mover), within the budget. With
 * an LLM research planner the model chooses among the rule-based candidates (validated); the
 * rule-based choice stands when it is unreachable or chooses nothing usable.
 */
export async function reflect(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const { layer, warehouse, researchPlanner } = ensureResearchConfiguration(config);
  const started = new Date();
  const used = state.subQuestions.length;
  const { rounds, queries, minutes } = state.budget;
  let detail: string;
  let update: ResearchUpdate = {};
  let llm: Awaited<ReturnType<typeof llmFollowUps>> | undefined;
  const kind = state.focus?.kind ?? 'change';
  if (kind === 'profile' && state.round < rounds && used < queries && Date.now() - state.startedAt < minutes * 60_000) {
    const subs = profileFollowUps(
      state.focus!,
      layer.model,
      state.subQuestions,
      state.operations,
      state.requestFilters ?? [],
      state.round + 1,
      queries - used,
    );
    detail = subs.length
      ? `Profile the top customers: ${subs.map((s) => `${s.id}: ${s.question}`).join('; ')}`
      : 'No follow-up: the top customers were not found.';
    if (subs.length) update = { subQuestions: subs, round: state.round + 1 };
  } else if (kind !== 'change') detail = `No follow-up: a ${state.focus!.kind} investigation is answered by its plan.`;
  else if (state.round >= rounds) detail = `No follow-up: the budget allows ${rounds} round${rounds === 1 ? '' : 's'}.`;
  else if (Date.now() - state.startedAt >= minutes * 60_000) detail = `No follow-up: the budget of ${minutes} minutes is used.`;
  else if (used >= queries) detail = `No follow-up: the budget of ${queries} queries is used.`;
  else {
    const next = state.round + 1;
    const requestFilters = state.requestFilters ?? [];
    const rule = followUps(state.focus!, layer, state.subQuestions, state.operations, requestFilters, next, queries - used);
    let subs: SubQuestion[] = rule.subs;
    let reason = rule.reason;
    if (researchPlanner && rule.subs.length) {
      llm = await llmFollowUps(
        researchPlanner,
        {
          question: state.question,
          focus: state.focus!,
          layer,
          dialect: warehouse.dialect,
          plan: state.subQuestions,
          operations: state.operations,
          requestFilters,
          round: next,
          queriesLeft: queries - used,
        },
        config.signal,
      );
      if (llm.subs) {
        subs = llm.subs.map((s, i) => ({ ...s, id: `q${used + i + 1}`, round: next }));
        reason = llm.done
          ? 'No follow-up: the language model found the findings sufficient.'
          : 'Follow-ups chosen by the language model among the biggest movers.';
      }
    }
    const notes = llm?.notes.length ? `${llm.notes.join(' ')}\n` : '';
    detail = subs.length
      ? `${notes}${reason} Follow-ups: ${subs.map((s) => `${s.id}: ${s.question}`).join('; ')}`
      : llm?.done
        ? `${notes}${reason}`
        : `${notes}No follow-up: ${reason}`;
    if (subs.length) update = { subQuestions: subs, round: next };
  }
  const usage = usageRecord(llm?.usage);
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
      ...(usage ? { llm: usage } : {}),
    },
    steps: detail,
  };
}
