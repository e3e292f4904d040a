import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { buildTerminalAnswer } from '../../../src/answer/index.js';
import { interpret as interpretQuestion } from '../../../src/nlq/interpret.js';
import { usageText } from '../../../src/nlq/llm/usage.js';
import { matchVerified, verifiedEntries, type VerifiedEntry } from '../../../src/nlq/llm/verified.js';
import type { Interpretation } from '../../../src/nlq/types.js';
import type { SemanticModel } from '../../../src/semantic/model.js';
import type { DimensionFilter, SemanticQuery } from '../../../src/semantic/query.js';
import { ensureConfiguration } from '../configuration.js';
import type { AgentStateType, AgentUpdate } from '../state.js';
import { valueMap } from './shared.js';

/** Adds the request's mandatory filters, once each. */
export function withRequestFilters(query: SemanticQuery, filters: DimensionFilter[]): SemanticQuery {
  const seen = new Set(query.filters.map((f) => JSON.stringify(f)));
  return { ...query, filters: [...query.filters, ...filters.filter((f) => !seen.has(JSON.stringify(f)))] };
}

const verifiedCache = new WeakMap<SemanticModel, VerifiedEntry[]>();
function verifiedOf(model: SemanticModel): VerifiedEntry[] {
  let v = verifiedCache.get(model);
  if (!v) verifiedCache.set(model, (v = verifiedEntries(model).entries));
  return v;
}

function refusal(
  state: AgentStateType,
  kind: 'out_of_domain' | 'out_of_scope' | 'failed',
  reason: string,
  steps: string[],
): AgentUpdate['outcome'] {
  return {
    status: kind,
    error: reason,
    result: buildTerminalAnswer(kind, { question: state.question, reason, thinking: [...state.steps, ...steps] }),
  };
}

/**
 * Question → SemanticQuery: a verified query of the model when one matches closely (no model
 * call), else the rule-based interpreter; with an LLM configured, the planner when the
 * interpreter is unsure or refused as out_of_scope (never for out_of_domain). An honest refusal
 * otherwise.
 */
export async function interpret(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const { layer, planner } = ensureConfiguration(config);
  const requestFilters = state.requestFilters ?? [];

  const verified = verifiedOf(layer.model);
  if (verified.length) {
    const hit = matchVerified(state.question, verified);
    // Verified SQL cannot take the request's dimension filters: then it is not used.
    if (hit && (hit.entry.query || requestFilters.length === 0)) {
      const note = `Answered from the verified query "${hit.entry.question}" of the model (match ${Math.round(hit.score * 100)}%).`;
      if (hit.entry.query) {
        const interpretation: Interpretation = { kind: 'query', query: hit.entry.query, confidence: 1, notes: [note], followUp: false };
        return { interpretation, query: withRequestFilters(hit.entry.query, requestFilters), source: 'verified', steps: [note] };
      }
      return { interpretation: null, query: null, sql: hit.entry.sql!, columns: [], source: 'verified', steps: [note] };
    }
  }

  const interpretation = interpretQuestion(state.question, {
    model: layer.model,
    values: valueMap(layer),
    asOf: state.asOf,
    previous: state.previousQuery ?? undefined,
    sameRows: layer.sameRows,
  });

  if (planner && planner.route(interpretation) === 'planner') {
    const pre =
      interpretation.kind === 'query'
        ? [`The rule-based interpreter was unsure (confidence ${interpretation.confidence}); consulting the language model.`]
        : [`The rule-based interpreter refused (${interpretation.kind}); consulting the language model.`];
    const plan = await planner.plan({
      question: state.question,
      asOf: state.asOf,
      previous: state.previousQuery,
      interpretation,
      signal: config.signal,
    });
    const steps = [...pre, ...plan.notes];
    const usage = { llmUsage: plan.usage };
    switch (plan.kind) {
      case 'query': {
        const planned: Interpretation = { kind: 'query', query: plan.query, confidence: 1, notes: steps, followUp: !!state.previousQuery };
        return { ...usage, interpretation: planned, query: withRequestFilters(plan.query, requestFilters), source: 'llm', steps };
      }
      case 'sql':
        if (requestFilters.length) {
          const reason =
            'The question needs SQL beyond the semantic model, and the request scopes it by dimensions, which such SQL cannot guarantee to honour.';
          return {
            ...usage,
            interpretation,
            steps: [...steps, reason],
            outcome: refusal(state, 'out_of_scope', reason, [...steps, reason, usageText(plan.usage)]),
          };
        }
        return { ...usage, interpretation: null, query: null, sql: plan.sql, columns: [], source: 'llm_sql', steps };
      default: {
        // A refusal of the interpreter keeps its own reason unless the model gave one.
        const kind = plan.kind;
        const reason = plan.reason;
        return {
          ...usage,
          interpretation,
          steps: [...steps, `Ended: ${reason}`],
          outcome: refusal(state, kind, reason, [...steps, usageText(plan.usage)]),
        };
      }
    }
  }

  if (interpretation.kind !== 'query') {
    const steps = [`Refused: ${interpretation.reason}`];
    return {
      interpretation,
      steps,
      outcome: {
        status: interpretation.kind,
        error: interpretation.reason,
        result: buildTerminalAnswer(interpretation.kind, {
          question: state.question,
          reason: interpretation.reason,
          catalogue: interpretation.catalogue,
          ...(interpretation.kind === 'out_of_scope' && interpretation.closest
            ? { closestReading: { question: interpretation.closest.question, semantic_query: interpretation.closest.query } }
            : {}),
          thinking: [...state.steps, ...steps],
        }),
      },
    };
  }
  const query = withRequestFilters(interpretation.query, requestFilters);
  return { interpretation, query, source: 'interpreter', steps: interpretation.notes };
}
