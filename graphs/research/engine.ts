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
import type { ServiceMetrics } from '../../src/metrics.js';
import { buildAgentGraph } from '../agent/graph.js';
import { DEFAULT_RESEARCH_CONCURRENCY, type ResearchConfiguration } from './configuration.js';
import { buildResearchGraph } from './graph.js';
import { renderReportHtml } from './report.js';
import { isConnectionLoss } from '../../src/store/connection-loss.js';
import { mergeOperations, type ResearchStateType, type SubQuestion } from './state.js';

export interface ResearchRunnerOptions {
  agent: AgentConfiguration;
  checkpointer?: BaseCheckpointSaver;
  /** Sub-questions running at once within one investigation (QUARRY_RESEARCH_CONCURRENCY). */
  concurrency?: number;
  /** Pause before each sub-question, ms (QUARRY_RESEARCH_PACE_MS). */
  paceMs?: number;
  log?: Logger;
  /** Resolves once the thread's checkpoint saves so far have landed (Checkpoints.settled): progress waits for it. */
  checkpointsSaved?: (threadId: string) => Promise<void>;
  /** The LLM research planner (QUARRY_LLM_*), if any. */
  researchPlanner?: ResearchPlanner;
  /** /metrics: the research steps' model use is added to the LLM counters. */
  metrics?: Pick<ServiceMetrics, 'llmCalls' | 'llmTokens' | 'llmRetries' | 'llmLatency'>;
}

/** Model use recorded on an operation (`llm`, by the plan, reflect and write steps). */
interface OperationUsage {
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  latency_ms: number;
  retries: number;
}
const usageOf = (o: ResearchOperation): OperationUsage | undefined => (o as { llm?: OperationUsage }).llm;

/** The investigation's model use: the sum over its operations (undefined when no call was made). */
export function researchUsage(operations: ResearchOperation[]): OperationUsage | undefined {
  const used = operations.map(usageOf).filter((u): u is OperationUsage => !!u);
  if (!used.length) return undefined;
  return used.reduce((a, b) => ({
    calls: a.calls + b.calls,
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    latency_ms: a.latency_ms + b.latency_ms,
    retries: a.retries + b.retries,
  }));
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
      account: job.accountId,
    };
    const config = { configurable, signal: ctx.signal };
    const existing = await graph.getState(config);
    const resumed = existing.values && (existing.values as Partial<ResearchStateType>).question !== undefined;
    let subQuestions: SubQuestion[] = resumed ? ((existing.values as ResearchStateType).subQuestions ?? []) : [];
    let operations: ResearchOperation[] = resumed ? ((existing.values as ResearchStateType).operations ?? []) : [];
    /** The report as the last step returned it: kept when only saving the checkpoints failed. */
    let written = null as Pick<ResearchStateType, 'finalAnswer' | 'charts' | 'outcome'> | null;
    // a checkpoint with no next step and no report: the process died after a step's checkpoint was
    // saved and before its pending writes (the fan-out) were; nothing is left to resume, so it starts
    // again from the question (finished sub-questions are merged by id)
    const stranded = resumed && existing.next.length === 0 && !(existing.values as Partial<ResearchStateType>).outcome;
    if (resumed && existing.next.length === 0 && !stranded) {
      options.log?.info({ inquiryId: job.id }, 'research already finished before the restart');
    } else {
      if (stranded) options.log?.warn({ inquiryId: job.id }, 'research checkpoint has no next step and no report: starting again');
      else if (resumed)
        options.log?.info(
          { inquiryId: job.id, finished: operations.filter((o) => o.kind === 'query').length },
          'resuming research from its last checkpoint',
        );
      const budget = resolveBudget((job.options?.budget ?? null) as ResearchBudgetInput | null);
      const input = resumed && !stranded ? null : { question: job.question, dimensions: job.dimensions, budget, startedAt: Date.now() };
      let shown = 0;
      const counted = new Set<string>();
      const stream = await graph.stream(input, { ...config, streamMode: 'updates' as const });
      try {
        for await (const update of stream) {
          let changed = false;
          for (const value of Object.values(update as Record<string, Partial<ResearchStateType> | undefined>)) {
            if (!value) continue;
            if (value.outcome)
              written = {
                finalAnswer: value.finalAnswer ?? written?.finalAnswer ?? '',
                charts: value.charts ?? written?.charts ?? [],
                outcome: value.outcome,
              };
            if (value.subQuestions)
              subQuestions = subQuestions.filter((s) => !value.subQuestions!.some((n) => n.id === s.id)).concat(value.subQuestions);
            if (value.operations) {
              operations = mergeOperations(operations, value.operations);
              // model use of the steps run by this process (a resumed run does not count earlier ones again)
              for (const o of Array.isArray(value.operations) ? value.operations : [value.operations]) {
                const u = usageOf(o);
                if (!u || counted.has(o.id) || !options.metrics) continue;
                counted.add(o.id);
                options.metrics.llmCalls.inc(u.calls);
                options.metrics.llmTokens.inc({ kind: 'prompt' }, u.prompt_tokens);
                options.metrics.llmTokens.inc({ kind: 'completion' }, u.completion_tokens);
                options.metrics.llmRetries.inc(u.retries);
                options.metrics.llmLatency.observe(u.latency_ms / 1000);
              }
              changed = true;
            }
          }
          if (!changed) continue;
          // follow-ups add planned work; progress never goes back
          shown = Math.max(shown, progressOf(subQuestions.length, operations, false));
          // what is shown done is durable first: a crash after this never runs it again
          await options.checkpointsSaved?.(job.id);
          await ctx.reportProgress({ final_answer: '', progress: shown, operations });
        }
      } catch (err) {
        // LangGraph saves a step's checkpoint writes while the next step runs and reports a failed
        // save only when the graph ends: with the report written, an outage that lost a save
        // loses nothing the user sees (the checkpoints are pruned once the inquiry ends).
        if (!(written && isConnectionLoss(err))) throw err;
        options.log?.warn(
          { err, inquiryId: job.id },
          'the research finished; saving its last checkpoints failed while the database was away',
        );
      }
    }
    const stored = written ? null : ((await graph.getState(config)).values as ResearchStateType);
    const final = stored ?? ({ ...existing.values, ...written, operations } as ResearchStateType);
    const outcome = final.outcome;
    const usage = researchUsage(final.operations ?? []);
    // accounting only: counts and timings, never rows, values or the key
    if (usage) options.log?.info({ inquiry: job.id, type: 'research', status: outcome?.status, llm: usage }, 'inquiry model use');
    const result = {
      final_answer: final.finalAnswer ?? '',
      final_answer_html: renderReportHtml(final.finalAnswer ?? ''),
      charts: final.charts ?? [],
      progress: 100,
      operations: final.operations ?? [],
    };
    if (!outcome) return { status: 'failed', result, error: 'The research ended without a report.' };
    return { status: outcome.status, result, ...(outcome.error ? { error: outcome.error } : {}) };
  }

  return { graph, run };
}
