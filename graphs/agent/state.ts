/**
 * State of the agent graph: one regular question, end to end. Plain, serialisable data only, so
 * every step is checkpointed per inquiry (thread_id = inquiry id).
 */
import { Annotation } from '@langchain/langgraph';
import type { CompiledColumn } from '../../src/semantic/compiler.js';
import type { DimensionFilter, SemanticQuery } from '../../src/semantic/query.js';
import type { Interpretation } from '../../src/nlq/types.js';
import type { Dimensions, TerminalState } from '../../src/schemas/inquiry.js';
import type { AnswerFields, ResultSummary } from '../../src/answer/types.js';
import { addUsage, type LlmUsage } from '../../src/nlq/llm/usage.js';

export interface HistoryEntry {
  question: string;
  status: string;
  resolved: unknown;
}

export interface ExecutedResult {
  rows: Record<string, unknown>[];
  rowCount: number;
  truncated: boolean;
  /** What cut the rows when truncated: the row cap or the byte cap. */
  truncatedBy?: 'rows' | 'bytes';
  /** When truncated: count, totals, highest and lowest of the whole result, from the warehouse. */
  summary?: ResultSummary;
  elapsedMs: number;
}

export interface AgentOutcome {
  status: Exclude<TerminalState, 'stopped'>;
  /** The answer fields of the status response. */
  result: AnswerFields;
  /** The resolved query, kept for follow-ups. */
  resolved?: SemanticQuery;
  error?: string;
}

/** Appends the steps a node reports (the `thinking` messages and the node order). */
export function appendSteps(left: string[], right: string[] | string): string[] {
  return left.concat(right);
}

export const AgentState = Annotation.Root({
  /** The question as submitted. */
  question: Annotation<string>,
  /** The request's `dimensions` object, or null. */
  dimensions: Annotation<Dimensions | null>,
  /** Earlier inquiries of the session, oldest first. */
  history: Annotation<HistoryEntry[]>,
  /** "Today" of the model, YYYY-MM-DD (contextualize). */
  asOf: Annotation<string>,
  /** The session's last resolved query, the base of follow-ups (contextualize). */
  previousQuery: Annotation<SemanticQuery | null>,
  /** Mandatory filters from the request's `dimensions` (contextualize). */
  requestFilters: Annotation<DimensionFilter[]>,
  /** A query resolved beforehand (research sub-questions): interpretation is skipped (preset). */
  presetQuery: Annotation<SemanticQuery | null>,
  /** What the interpreter understood, or its refusal (interpret). */
  interpretation: Annotation<Interpretation | null>,
  /** The query that runs: the interpretation plus the request filters (interpret). */
  query: Annotation<SemanticQuery | null>,
  /** SQL and column descriptions for the warehouse dialect (compile). */
  sql: Annotation<string>,
  /** Column descriptions of the compiled SQL (compile). */
  columns: Annotation<CompiledColumn[]>,
  /** Rows and timing of the executed SQL (execute). */
  executed: Annotation<ExecutedResult | null>,
  /** Terminal status and answer fields; once set, the graph ends. */
  outcome: Annotation<AgentOutcome | null>,
  /** Who produced the query: the interpreter, a verified query, or the LLM planner (SQL: raw SQL from the planner). */
  source: Annotation<'interpreter' | 'verified' | 'llm' | 'llm_sql' | null>({ reducer: (_l, r) => r, default: () => null }),
  /** Language-model use of this inquiry (calls, tokens, latency), summed over nodes. */
  llmUsage: Annotation<LlmUsage | null, LlmUsage | null>({ reducer: (l, r) => (r ? addUsage(l, r) : l), default: () => null }),
  /** Steps taken, in order, in words (the `thinking` messages). */
  steps: Annotation<string[], string[] | string>({ reducer: appendSteps, default: () => [] }),
});

export type AgentStateType = typeof AgentState.State;
export type AgentUpdate = typeof AgentState.Update;
