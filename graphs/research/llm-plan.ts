/**
 * The LLM version of the research plan step: one call (prompts/research-plan.txt) names the
 * breakdown dimensions that best explain the headline metric for this question; the rule-based
 * strategy then builds its sub-questions (and the report its sections) around them. Every name is
 * checked against the model by compiling the breakdown; when the model is unreachable or names
 * nothing usable, the rule-based choice stands.
 */
import { LlmUnavailableError } from '../../src/nlq/llm/client.js';
import type { ResearchPlanner } from '../../src/nlq/llm/research.js';
import { usageText, type LlmUsage } from '../../src/nlq/llm/usage.js';
import { CompileError, compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { SqlDialectName } from '../../src/warehouse/types.js';
import { MAX_KEY_DIMENSIONS } from './planner.js';
import type { ResearchFocus } from './state.js';

export interface LlmFocus {
  focus: ResearchFocus;
  notes: string[];
  usage: LlmUsage | null;
}

export async function llmFocus(
  planner: ResearchPlanner,
  question: string,
  focus: ResearchFocus,
  layer: SemanticLayer,
  dialect: SqlDialectName,
  signal?: AbortSignal,
): Promise<LlmFocus> {
  let reply: Awaited<ReturnType<ResearchPlanner['plan']>>;
  try {
    reply = await planner.plan(question, layer.asOf, signal);
  } catch (err) {
    if (!(err instanceof LlmUnavailableError)) throw err;
    return { focus, notes: [`${err.message} The rule-based plan is used.`], usage: err.usage };
  }
  const compiles = (dimension: string) => {
    try {
      compile(layer.model, { metrics: [focus.metric], group_by: [{ dimension }] }, dialectFor(dialect));
      return layer.model.dimensions.some((d) => d.name === dimension);
    } catch (err) {
      if (err instanceof CompileError) return false;
      throw err;
    }
  };
  const proposed = reply.plan?.breakdown_dimensions ?? [];
  const dims = [...new Set(proposed)].filter(compiles).slice(0, MAX_KEY_DIMENSIONS);
  const rejected = proposed.filter((d) => !dims.includes(d));
  const notes: string[] = [];
  if (dims.length) {
    notes.push(
      `The language model planned the breakdowns: ${dims.join(', ')}${rejected.length ? ` (not usable for ${focus.metric}: ${rejected.join(', ')})` : ''}.`,
    );
    if (reply.plan!.questions.length) notes.push(`Its questions: ${reply.plan!.questions.map((q) => q.question).join('; ')}.`);
  } else {
    notes.push(
      `The language model named no usable breakdown${reply.error ? ` (${reply.error})` : rejected.length ? ` (${rejected.join(', ')})` : ''}; the rule-based plan is used.`,
    );
  }
  notes.push(usageText(reply.usage));
  return { focus: dims.length ? { ...focus, keyDimensions: dims, plannedDimensions: true } : focus, notes, usage: reply.usage };
}

/** Model use of one research step, as recorded on its operation (`llm`): counts and timings only. */
export function usageRecord(
  usage: LlmUsage | null | undefined,
): { calls: number; prompt_tokens: number; completion_tokens: number; latency_ms: number; retries: number } | undefined {
  if (!usage || usage.calls === 0) return undefined;
  return {
    calls: usage.calls,
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    latency_ms: Math.round(usage.latencyMs),
    retries: usage.retries,
  };
}
