/**
 * The LLM version of the research reflect step: the rule-based reflect computes the candidates
 * (the biggest movers not drilled into yet × the breakdowns each could be drilled into: the finer
 * dimension, the other key dimensions, the contributor dimension); one call
 * (prompts/research-followups.txt) chooses among them. Every choice is validated (a known mover, a
 * breakdown offered for it that exists in the semantic model and compiles for the metric with the
 * mover as filter, no repeat); invalid ones are dropped with the reason. The budget's queries cap
 * the choices. When the model is unreachable or nothing it chose is usable, the rule-based
 * follow-ups stand. In privacy mode the movers go out as ids and dimension names only.
 */
import { LlmUnavailableError } from '../../src/nlq/llm/client.js';
import type { MoverCandidate, ResearchPlanner } from '../../src/nlq/llm/research.js';
import { usageText, type LlmUsage } from '../../src/nlq/llm/usage.js';
import { CompileError, compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import type { DimensionFilter } from '../../src/semantic/query.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import type { SqlDialectName } from '../../src/warehouse/types.js';
import { CONTRIBUTORS, finerDimension, label, q } from './planner.js';
import type { ResearchFocus, SubQuestion } from './state.js';

/** Movers offered to the model at most. */
export const MAX_MOVER_CANDIDATES = 3;

/** The biggest movers not drilled into yet (largest absolute change first), with their breakdowns. */
export function moverCandidates(
  focus: ResearchFocus,
  layer: SemanticLayer,
  plan: SubQuestion[],
  operations: ResearchOperation[],
  requestFilters: DimensionFilter[],
  round: number,
): MoverCandidate[] {
  const drilled = (dimension: string, member: string) =>
    plan.some((s) => s.angle === 'drilldown' && s.query.filters.some((f) => f.dimension === dimension && String(f.values[0]) === member));
  const fixed = new Set([...focus.filters, ...requestFilters].map((f) => f.dimension));
  const found = new Map<string, { dimension: string; member: string; change: number }>();
  for (const sub of plan) {
    if (sub.round >= round || !sub.compare || !sub.dimension || sub.angle === 'decomposition') continue;
    const op = operations.find((o) => o.id === sub.id);
    if (op?.status !== 'done') continue;
    for (const row of op.rows ?? []) {
      const change = Number(row.change);
      const member = row[sub.dimension];
      if (member === null || member === undefined || !Number.isFinite(change) || drilled(sub.dimension, String(member))) continue;
      const key = `${sub.dimension}\u0000${String(member)}`;
      const seen = found.get(key);
      if (!seen || Math.abs(change) > Math.abs(seen.change)) found.set(key, { dimension: sub.dimension, member: String(member), change });
    }
  }
  return [...found.values()]
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change))
    .slice(0, MAX_MOVER_CANDIDATES)
    .map((m, i) => {
      const by = [finerDimension(layer.model, layer, m.dimension, focus), ...focus.keyDimensions, focus.contributorDimension].filter(
        (d): d is string => !!d && d !== m.dimension && !fixed.has(d),
      );
      return { id: `m${i + 1}`, ...m, by: [...new Set(by)] };
    })
    .filter((m) => m.by.length > 0);
}

/** The sub-question of one drill-down: a period-over-period change by `by`, or (the contributor dimension) its top contributors. */
export function drillDown(
  focus: ResearchFocus,
  layer: SemanticLayer,
  mover: MoverCandidate,
  by: string,
  requestFilters: DimensionFilter[],
): Omit<SubQuestion, 'id' | 'round'> {
  const model = layer.model;
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const filters = [...focus.filters, ...requestFilters, { dimension: mover.dimension, op: 'eq' as const, values: [mover.member] }];
  const dimLabel = label(model, mover.dimension).toLowerCase();
  const byLabel = label(model, by).toLowerCase();
  if (by === focus.contributorDimension) {
    return {
      angle: 'drilldown',
      question: `Within ${dimLabel} ${mover.member}: top ${byLabel}s by ${ml} in ${focus.current.label}`,
      purpose: `The largest contributors inside a mover (${mover.member}), chosen by the language model.`,
      query: q({
        metrics: [m],
        group_by: [{ dimension: by }],
        filters,
        time_range: focus.current,
        order: [{ by: m, direction: 'desc' }],
        limit: CONTRIBUTORS,
      }),
      dimension: by,
    };
  }
  return {
    angle: 'drilldown',
    question: `Within ${dimLabel} ${mover.member}: how did ${ml} by ${byLabel} change from ${focus.previous.label} to ${focus.current.label}?`,
    purpose: `Explain a mover (${mover.member}), chosen by the language model: where inside it the change happened.`,
    query: q({ metrics: [m], group_by: [{ dimension: by }], filters, time_range: focus.current }),
    compare: q({ metrics: [m], group_by: [{ dimension: by }], filters, time_range: focus.previous }),
    dimension: by,
  };
}

export interface LlmFollowUps {
  /** The follow-ups the model chose (validated); null = the rule-based choice stands. */
  subs: Omit<SubQuestion, 'id' | 'round'>[] | null;
  /** The model said the findings suffice (and chose nothing). */
  done: boolean;
  notes: string[];
  usage: LlmUsage | null;
}

export async function llmFollowUps(
  planner: ResearchPlanner,
  input: {
    question: string;
    focus: ResearchFocus;
    layer: SemanticLayer;
    dialect: SqlDialectName;
    plan: SubQuestion[];
    operations: ResearchOperation[];
    requestFilters: DimensionFilter[];
    round: number;
    queriesLeft: number;
  },
  signal?: AbortSignal,
): Promise<LlmFollowUps> {
  const { focus, layer, plan, requestFilters } = input;
  const movers = moverCandidates(focus, layer, plan, input.operations, requestFilters, input.round);
  if (!movers.length || input.queriesLeft <= 0) return { subs: null, done: false, notes: [], usage: null };
  const already = plan
    .filter((s) => s.angle === 'drilldown' && s.dimension)
    .map((s) => {
      const f = s.query.filters.at(-1)!;
      return { dimension: f.dimension, member: String(f.values[0]), by: s.dimension! };
    });
  let reply: Awaited<ReturnType<ResearchPlanner['chooseFollowUps']>>;
  try {
    reply = await planner.chooseFollowUps(
      {
        question: input.question,
        metric: focus.metric,
        current: focus.current.label ?? focus.current.start,
        previous: focus.previous.label ?? focus.previous.start,
        movers,
        already,
        maxChoices: input.queriesLeft,
      },
      signal,
    );
  } catch (err) {
    if (!(err instanceof LlmUnavailableError)) throw err;
    return {
      subs: null,
      done: false,
      notes: [`${err.message} The rule-based follow-ups are used.`, usageText(err.usage)],
      usage: err.usage,
    };
  }
  const notes: string[] = [];
  if (!reply.choice) {
    notes.push(
      `The language model chose no usable follow-up${reply.error ? ` (${reply.error})` : ''}; the rule-based follow-ups are used.`,
      usageText(reply.usage),
    );
    return { subs: null, done: false, notes, usage: reply.usage };
  }
  const compiles = (mover: MoverCandidate, by: string) => {
    if (!layer.model.dimensions.some((d) => d.name === by)) return false;
    try {
      compile(
        layer.model,
        q({
          metrics: [focus.metric],
          group_by: [{ dimension: by }],
          filters: [...focus.filters, ...requestFilters, { dimension: mover.dimension, op: 'eq', values: [mover.member] }],
        }),
        dialectFor(input.dialect),
      );
      return true;
    } catch (err) {
      if (err instanceof CompileError) return false;
      throw err;
    }
  };
  const kept: Omit<SubQuestion, 'id' | 'round'>[] = [];
  const rejected: string[] = [];
  const taken = new Set<string>();
  for (const c of reply.choice.follow_ups) {
    const mover = movers.find((m) => m.id === c.mover);
    const what = `${c.mover} by ${c.by}`;
    if (!mover) rejected.push(`${what}: no such mover`);
    else if (!mover.by.includes(c.by)) rejected.push(`${what}: not a breakdown offered for it`);
    else if (!compiles(mover, c.by)) rejected.push(`${what}: does not compile for ${focus.metric}`);
    else if (taken.has(what)) rejected.push(`${what}: chosen twice`);
    else if (kept.length >= input.queriesLeft) rejected.push(`${what}: over the budget of queries`);
    else {
      taken.add(what);
      kept.push(drillDown(focus, layer, mover, c.by, requestFilters));
    }
  }
  const dropped = rejected.length ? ` Dropped: ${rejected.join('; ')}.` : '';
  if (kept.length) {
    notes.push(`The language model chose the follow-ups: ${[...taken].join(', ')}.${dropped}`);
  } else if (reply.choice.done && rejected.length === 0) {
    notes.push(`The language model found the findings sufficient${reply.choice.reason ? ` (${reply.choice.reason})` : ''}; no follow-up.`);
    notes.push(usageText(reply.usage));
    return { subs: [], done: true, notes, usage: reply.usage };
  } else {
    notes.push(`The language model chose no usable follow-up.${dropped} The rule-based follow-ups are used.`);
  }
  notes.push(usageText(reply.usage));
  return { subs: kept.length ? kept : null, done: false, notes, usage: reply.usage };
}
