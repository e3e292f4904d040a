/**
 * The LLM planner: one structured-output call turns a question into a SemanticQuery (checked
 * against the model by compiling it), or, only when the semantic layer cannot express it, one
 * read-only SELECT (checked by the guard and a zero-row probe), or a refusal (out_of_domain /
 * out_of_scope: classified in the same call). A compile or SQL error goes back to the model with
 * the error text (`maxRepairs` times); then the plan fails with the reason.
 */
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { z } from 'zod';
import { CompileError, compile } from '../../semantic/compiler.js';
import type { Catalogue } from '../../semantic/catalogue.js';
import { dialectFor } from '../../semantic/dialects/index.js';
import { PlannerQuerySchema, type SemanticQuery } from '../../semantic/query.js';
import { SqlRefusedError, guardSql } from '../../warehouse/guard.js';
import type { SqlDialectName } from '../../warehouse/types.js';
import type { Interpretation } from '../types.js';
import { LlmUnavailableError, type ChatMessage, type LlmClient } from './client.js';
import { renderPrompt } from './prompts.js';
import { redactQueryValues, restoreQueryValues, retrieveContext } from './retrieval.js';
import { countRequestTokens } from './tokens.js';
import { addUsage, emptyUsage, type LlmUsage } from './usage.js';
import type { VerifiedEntry } from './verified.js';

export const PlanSchema = z.object({
  kind: z.enum(['query', 'sql', 'out_of_domain', 'out_of_scope']),
  query: PlannerQuerySchema.optional(),
  sql: z.string().optional(),
  /** Why it refused, or why SQL was needed. */
  reason: z.string().optional(),
});
export type Plan = z.infer<typeof PlanSchema>;

export interface PlanRequest {
  question: string;
  asOf: string;
  previous?: SemanticQuery | null;
  /** What the rule-based interpreter made of the question. */
  interpretation: Interpretation;
  signal?: AbortSignal;
}

export type PlanResult = { notes: string[]; usage: LlmUsage; promptTokens: number } & (
  | { kind: 'query'; query: SemanticQuery }
  | { kind: 'sql'; sql: string }
  | { kind: 'out_of_domain' | 'out_of_scope'; reason: string }
  | { kind: 'failed'; reason: string }
);

export interface PlannerDeps {
  client: LlmClient;
  catalogue: Catalogue;
  dialect: SqlDialectName;
  /** Runs a guarded SELECT wrapped to return no rows: surfaces binder errors without the cost. */
  probe?: (sql: string, signal?: AbortSignal) => Promise<void>;
  verified?: VerifiedEntry[];
  sendValues: boolean;
  maxRepairs: number;
  promptBudget: number;
  maxRows?: number;
}

/** A plan the graph may use: names known to the model, compiles, or SQL that passes the guard. */
type Check = { ok: true; result: PlanResult } | { ok: false; error: string; final?: boolean };

let schemaJson: unknown;
/** The plan tool's parameters exactly as the request carries them (LangChain's conversion), so the budget counts what is sent. */
function planToolSchema(): unknown {
  schemaJson ??= toJsonSchema(PlanSchema as never);
  return schemaJson;
}

export class LlmPlanner {
  constructor(readonly deps: PlannerDeps) {}

  async plan(req: PlanRequest): Promise<PlanResult> {
    const { client, catalogue } = this.deps;
    const model = catalogue.model;
    let usage = emptyUsage();
    const notes: string[] = [];
    const prev = req.previous
      ? this.deps.sendValues
        ? { query: req.previous, values: new Map() }
        : redactQueryValues(req.previous)
      : undefined;
    const system = renderPrompt('plan-system', {
      model_name: model.name,
      model_description: model.description.trim().split('\n')[0].slice(0, 200) || 'business data',
      dialect: this.deps.dialect,
      quoting: dialectFor(this.deps.dialect).quoting,
      as_of: req.asOf,
    });
    const interp = req.interpretation;
    const interpreterNote =
      interp.kind === 'query'
        ? `${JSON.stringify(this.deps.sendValues ? interp.query : redactQueryValues(interp.query).query)} (confidence ${interp.confidence}; check it)`
        : `refused as ${interp.kind}: ${interp.reason.split('. ')[0]}.${
            interp.kind === 'out_of_scope' && interp.unconsumed?.length
              ? ` Words it could not attach to the query: ${interp.unconsumed.map((w) => JSON.stringify(w)).join(', ')} — read each of them into the query, or refuse; never drop one.`
              : ''
          }`;
    const fixed = (context: string): ChatMessage[] => [
      { role: 'system', content: system },
      {
        role: 'user',
        content: renderPrompt('plan-user', {
          question: req.question,
          context,
          previous: prev ? JSON.stringify(prev.query) : 'none',
          interpreter_note: interpreterNote,
        }),
      },
    ];
    const overhead = countRequestTokens(fixed(''), planToolSchema());
    const retrieved = retrieveContext(catalogue, req.question, {
      sendValues: this.deps.sendValues,
      budget: Math.max(200, this.deps.promptBudget - overhead),
      verified: this.deps.verified,
      alwaysInclude: [
        ...(req.previous ? [...req.previous.metrics, ...req.previous.group_by.map((g) => g.dimension)] : []),
        // what the interpreter did understand (a reading, or the part of a refused question it could attach)
        ...namesOf(interp.kind === 'query' ? interp.query : interp.kind === 'out_of_scope' ? interp.partial : undefined),
      ],
    });
    const messages = fixed(retrieved.text);
    const promptTokens = countRequestTokens(messages, planToolSchema());
    notes.push(
      `Asked the language model to plan the question with ${retrieved.names.size} relevant model items (${promptTokens} prompt tokens).`,
    );
    const allowed = new Set([
      ...retrieved.names,
      ...(req.previous
        ? [...req.previous.metrics, ...req.previous.group_by.map((g) => g.dimension), ...req.previous.filters.map((f) => f.dimension)]
        : []),
    ]);

    for (let attempt = 0; attempt <= this.deps.maxRepairs; attempt++) {
      let reply: Awaited<ReturnType<LlmClient['structured']>>;
      try {
        reply = await client.structured(messages, PlanSchema, 'plan', { signal: req.signal });
      } catch (err) {
        if (!(err instanceof LlmUnavailableError)) throw err;
        return { kind: 'failed', reason: err.message, notes: [...notes, err.message], usage: addUsage(usage, err.usage), promptTokens };
      }
      usage = addUsage(usage, reply.usage);
      const check: Check = reply.value
        ? await this.check(reply.value as Plan, req, allowed, prev?.values ?? new Map(), notes, usage, promptTokens)
        : { ok: false, error: reply.error ?? 'no answer' };
      if (check.ok) return { ...check.result, usage, notes: [...notes, ...check.result.notes] } as PlanResult;
      if (check.final || attempt === this.deps.maxRepairs) {
        const reason = check.final
          ? check.error
          : `The language model's plan could not be used after ${attempt + 1} attempt${attempt ? 's' : ''}: ${check.error}`;
        return { kind: 'failed', reason, notes: [...notes, reason], usage, promptTokens };
      }
      notes.push(`The plan did not check out (${check.error}); asked the model to repair it.`);
      messages.push(
        { role: 'assistant', content: JSON.stringify(reply.value ?? {}) },
        { role: 'user', content: renderPrompt('repair', { error: check.error }) },
      );
    }
    /* c8 ignore next */
    throw new Error('unreachable');
  }

  private async check(
    plan: Plan,
    req: PlanRequest,
    allowed: Set<string>,
    values: Map<string, string | number | boolean>,
    _notes: string[],
    usage: LlmUsage,
    promptTokens: number,
  ): Promise<Check> {
    const model = this.deps.catalogue.model;
    const refusedBefore = req.interpretation.kind !== 'query';
    const base = { notes: [] as string[], usage, promptTokens };
    if (plan.kind === 'out_of_domain' || plan.kind === 'out_of_scope') {
      const reason =
        plan.reason?.trim() ||
        (req.interpretation.kind !== 'query' ? req.interpretation.reason : `The data model cannot answer "${req.question}".`);
      return {
        ok: true,
        result: { ...base, kind: plan.kind, reason, notes: [`The language model classified the question as ${plan.kind}.`] },
      };
    }
    if (plan.kind === 'query') {
      if (!plan.query) return { ok: false, error: 'kind is "query" but no query was given' };
      const query = restoreQueryValues(plan.query, values);
      if (!query.metrics.length && !query.group_by.length) return { ok: false, error: 'the query names no metric and no dimension' };
      // An LLM never turns a refusal into a guess: what it uses must be what the question matched.
      if (refusedBefore) {
        const unsupported = [...query.metrics, ...query.group_by.map((g) => g.dimension)].filter((n) => !allowed.has(n));
        if (unsupported.length)
          return {
            ok: false,
            error: `${unsupported.join(', ')} ${unsupported.length > 1 ? 'were' : 'was'} not among the model items relevant to the question; use only those, or refuse`,
          };
      }
      try {
        compile(model, query, dialectFor(this.deps.dialect), { maxRows: this.deps.maxRows });
      } catch (err) {
        if (!(err instanceof CompileError)) throw err;
        return { ok: false, error: err.message };
      }
      return { ok: true, result: { ...base, kind: 'query', query, notes: [`The language model planned: ${describeQuery(query)}.`] } };
    }
    // kind: sql
    if (!plan.sql?.trim()) return { ok: false, error: 'kind is "sql" but no SQL was given' };
    let sql: string;
    try {
      sql = guardSql(plan.sql, this.deps.dialect);
    } catch (err) {
      if (!(err instanceof SqlRefusedError)) throw err;
      // A write is never repaired into something else: the plan is refused.
      return { ok: false, final: true, error: `The SQL written by the language model was refused by the read-only guard: ${err.message}` };
    }
    if (this.deps.probe) {
      try {
        await this.deps.probe(sql, req.signal);
      } catch (err) {
        if (req.signal?.aborted) throw err;
        return { ok: false, error: `the SQL failed: ${(err as Error).message.split('\n')[0]}` };
      }
    }
    return {
      ok: true,
      result: {
        ...base,
        kind: 'sql',
        sql,
        notes: [
          `The semantic model cannot express this question${plan.reason ? ` (${plan.reason})` : ''}; the language model wrote SQL, which passed the read-only guard.`,
        ],
      },
    };
  }
}

/** The metrics and dimensions a query names. */
function namesOf(q: SemanticQuery | undefined): string[] {
  if (!q) return [];
  const sides = (q.ratios ?? []).flatMap((r) => [r.numerator, r.denominator]);
  return [
    ...q.metrics,
    ...q.group_by.map((g) => g.dimension),
    ...q.filters.map((f) => f.dimension),
    ...(q.any_of ?? []).flatMap((g) => g.filters.map((f) => f.dimension)),
    ...sides.flatMap((x) => [x.metric, ...(x.filters ?? []).map((f) => f.dimension), ...(x.conditions ?? []).map((c) => c.metric)]),
  ];
}

function describeQuery(q: SemanticQuery): string {
  const subset = (x: { filters?: unknown[]; conditions?: unknown[] }) => (x.filters?.length || x.conditions?.length ? ' (subset)' : '');
  const ratios = (q.ratios ?? []).map(
    (r) => `${r.numerator.metric}${subset(r.numerator)} / ${r.denominator.metric}${subset(r.denominator)}`,
  );
  const durations = (q.durations ?? []).map((d) => `${d.agg ?? 'avg'} ${d.unit ?? 'day'}s from ${d.from} to ${d.to}`);
  const parts = [[...q.metrics, ...ratios, ...durations].join(', ') || 'members'];
  if (q.group_by.length) parts.push(`by ${q.group_by.map((g) => (g.grain ? `${g.dimension} (${g.grain})` : g.dimension)).join(', ')}`);
  const where = [
    ...q.filters.map((f) => `${f.dimension} ${f.op} ${f.values.join('|')}`),
    ...(q.any_of ?? []).map((g) => `(${g.filters.map((f) => `${f.dimension} ${f.op} ${f.values.join('|')}`).join(' or ')})`),
  ];
  if (where.length) parts.push(`where ${where.join(' and ')}`);
  if (q.time_range) parts.push(`from ${q.time_range.start} to ${q.time_range.end}`);
  if (q.limit) parts.push(`limit ${q.limit}`);
  return parts.join(' ');
}
