/**
 * Runs research inquiries: one research-graph invocation per inquiry (thread_id = inquiry id),
 * resumed from its last checkpoint when an earlier run was interrupted. Progress and operations
 * are stored as each step finishes, so the status endpoint shows them while the research runs.
 */
import { MemorySaver, type BaseCheckpointSaver } from '@langchain/langgraph';
import { setMaxListeners } from 'node:events';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import type { InquiryJob, InquiryOutcome, RunContext } from '../../src/inquiries/engine.js';
import { resolveBudget, type ResearchBudgetInput, type ResearchOperation } from '../../src/schemas/research.js';
import type { AgentConfiguration } from '../agent/configuration.js';
import type { ResearchPlanner } from '../../src/nlq/llm/research.js';
import { buildAgentGraph } from '../agent/graph.js';
import { DEFAULT_RESEARCH_CONCURRENCY, type ResearchConfiguration } from './configuration.js';
import { buildResearchGraph } from './graph.js';
import { renderReportHtml } from './report.js';
import { mergeOperations, type ResearchStateType, type SubQuestion } from './state.js';

export interface ResearchRunnerOptions {
  agent: AgentConfiguration;
  checkpointer?: BaseCheckpointSaver;
  /** Sub-questions running at once within one investigation (QUARRY_RESEARCH_CONCURRENCY). */
  concurrency?: number;
  /** Pause before each sub-question, ms (QUARRY_RESEARCH_PACE_MS). */
  paceMs?: number;
  log?: Logger;
  /** The LLM research planner (QUARRY_LLM_*), if any. */
  researchPlanner?: ResearchPlanner;
}

/** 0-100 from finished vs planned work: the plan, each sub-question, the report. */
export function progressOf(subQuestions: number, operations: ResearchOperation[], finished: boolean): number {
  if (finished) return 100;
  const done = operations.filter((o) => o.kind === 'plan' || o.kind === 'query').length;
  const planned = 1 + subQuestions + 1;
  return Math.min(99, Math.floor((100 * done) / planned));
}

export function createResearchRunner(options: ResearchRunnerOptions) {
  // without a durable checkpointer an investigation still runs; it just cannot resume after a crash
  const graph = buildResearchGraph(options.checkpointer ?? new MemorySaver());
  const agentGraph = buildAgentGraph(false);
  const concurrency = options.concurrency ?? DEFAULT_RESEARCH_CONCURRENCY;

  async function run(job: InquiryJob, ctx: RunContext): Promise<InquiryOutcome> {
    setMaxListeners(1000, ctx.signal);
    const configurable: ResearchConfiguration & { thread_id: string } = {
      ...options.agent,
      thread_id: job.id,
      agentGraph,
      limit: pLimit(concurrency),
      paceMs: options.paceMs ?? 0,
      researchPlanner: options.researchPlanner,
    };
    const config = { configurable, signal: ctx.signal };
    const existing = await graph.getState(config);
    const resumed = existing.values && (existing.values as Partial<ResearchStateType>).question !== undefined;
    let subQuestions: SubQuestion[] = resumed ? ((existing.values as ResearchStateType).subQuestions ?? []) : [];
    let operations: ResearchOperation[] = resumed ? ((existing.values as ResearchStateType).operations ?? []) : [];
    if (resumed && existing.next.length === 0) {
      options.log?.info({ inquiryId: job.id }, 'research already finished before the restart');
    } else {
      if (resumed) options.log?.info({ inquiryId: job.id, finished: operations.filter((o) => o.kind === 'query').length }, 'resuming research from its last checkpoint');
      const budget = resolveBudget((job.options?.budget ?? null) as ResearchBudgetInput | null);
      const input = resumed ? null : { question: job.question, dimensions: job.dimensions, budget, startedAt: Date.now() };
      let shown = 0;
      const stream = await graph.stream(input, { ...config, streamMode: 'updates' as const });
      for await (const update of stream) {
        let changed = false;
        for (const value of Object.values(update as Record<string, Partial<ResearchStateType> | undefined>)) {
          if (!value) continue;
          if (value.subQuestions) subQuestions = subQuestions.filter((s) => !value.subQuestions!.some((n) => n.id === s.id)).concat(value.subQuestions);
          if (value.operations) {
            operations = mergeOperations(operations, value.operations);
            changed = true;
          }
        }
        if (!changed) continue;
        // follow-ups add planned work; progress never goes back
        shown = Math.max(shown, progressOf(subQuestions.length, operations, false));
        await ctx.reportProgress({ final_answer: '', progress: shown, operations });
      }
    }
    const final = (await graph.getState(config)).values as ResearchStateType;
    const outcome = final.outcome;
    const result = { final_answer: final.finalAnswer ?? '', final_answer_html: renderReportHtml(final.finalAnswer ?? ''), progress: 100, operations: final.operations ?? [] };
    if (!outcome) return { status: 'failed', result, error: 'The research ended without a report.' };
    return { status: outcome.status, result, ...(outcome.error ? { error: outcome.error } : {}) };
  }

  return { graph, run };
}
