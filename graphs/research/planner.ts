/**
 * The rule-based research planner: from the question and the semantic layer, a sound strategy
 * without an LLM. Every sub-question is a SemanticQuery built from the model (never English to
 * re-parse): the headline metric over the period and the one before, its trend by the natural
 * grain, breakdowns by the model's key dimensions with period-over-period changes, shares, top and
 * bottom contributors; then (reflect) drill-downs into the biggest movers.
 */
import { interpret } from '../../src/nlq/interpret.js';
import { normalise } from '../../src/nlq/text.js';
import { OPEN_START, addDays, addMonths, findTimeExpressions } from '../../src/nlq/time.js';
import { joinGraph } from '../../src/semantic/graph.js';
import type { SemanticModel } from '../../src/semantic/model.js';
import type { DimensionFilter, SemanticQuery, TimeRange } from '../../src/semantic/query.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { decompositionMetrics, decompositionsOf, explainingSets, isAdditive, productBases, readSignificance } from './analysis.js';
import { MIX_MAX_MEMBERS, pairDimensions, reachableDimensions, scanDimensions, scanExplanation } from './scan.js';
import type { InvestigationKind, ResearchFocus, SubQuestion } from './state.js';

/** Words of a "why did it change" question that the one-question interpreter does not take. */
const CHANGE_WORDS =
  /\b(why|how come|explain|investigate|analy[sz]e|what drove|drivers? of|did|does|has|have|change[sd]?|drop(ped)?|fall|fell|declined?|decrease[sd]?|rise|rose|grow|grew|increase[sd]?|develop(ed)?|compared? (with|to)|versus|vs\.?)\b/g;

/** Most key dimensions broken down in the first round. */
export const MAX_KEY_DIMENSIONS = 3;
/** Rows shown for contributors. */
export const CONTRIBUTORS = 5;

export const label = (model: SemanticModel, name: string): string => {
  const m = [...model.measures, ...model.metrics, ...model.dimensions, ...model.time_dimensions].find((x) => x.name === name);
  return m?.label ?? name.replace(/_/g, ' ');
};

function metricExists(model: SemanticModel, name: string | undefined): name is string {
  return !!name && [...model.measures, ...model.metrics].some((m) => m.name === name);
}

function monthsBetween(start: string, end: string): number | null {
  if (!start.endsWith('-01') || !end.endsWith('-01')) return null;
  const [ys, ms] = start.split('-').map(Number);
  const [ye, me] = end.split('-').map(Number);
  return (ye - ys) * 12 + (me - ms);
}

/** The period of the same length just before `range`. */
export function previousPeriod(range: TimeRange): TimeRange {
  const months = monthsBetween(range.start, range.end);
  if (months && months > 0) {
    const start = addMonths(range.start, -months);
    return { start, end: range.start, label: periodLabel(start, range.start) };
  }
  const days = Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000);
  const start = addDays(range.start, -days);
  return { start, end: range.start, label: periodLabel(start, range.start) };
}

/** A short name of a period: 1997, Q3 1997, 1997-03, or start to end. */
export function periodLabel(start: string, end: string): string {
  const months = monthsBetween(start, end);
  const [y, m] = start.split('-').map(Number);
  if (months === 12 && m === 1) return String(y);
  if (months === 3 && (m - 1) % 3 === 0) return `Q${(m - 1) / 3 + 1} ${y}`;
  if (months === 1) return start.slice(0, 7);
  return `${start} to ${addDays(end, -1)}`;
}

function trendGrain(range: TimeRange): ResearchFocus['grain'] {
  const days = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000;
  if (days >= 80) return days >= 300 ? 'month' : 'month';
  if (days >= 25) return 'week';
  return 'day';
}

/** The periods a question names: the latest is the current one, the one before it the previous. */
function periodsOf(question: string, asOf: string): { current: TimeRange; previous: TimeRange } {
  const hits = findTimeExpressions(normalise(question).toLowerCase(), asOf)
    .filter((h) => h.range.start !== OPEN_START)
    .sort((a, b) => a.range.start.localeCompare(b.range.start));
  if (hits.length >= 2) {
    const cur = hits[hits.length - 1].range;
    const prev = hits[hits.length - 2].range;
    return {
      current: { start: cur.start, end: cur.end, label: periodLabel(cur.start, cur.end) },
      previous: { start: prev.start, end: prev.end, label: periodLabel(prev.start, prev.end) },
    };
  }
  if (hits.length === 1) {
    const cur = hits[0].range;
    const current = { start: cur.start, end: cur.end, label: periodLabel(cur.start, cur.end) };
    return { current, previous: previousPeriod(current) };
  }
  // No period named: the last full calendar year before "today", and the one before it.
  const y = Number(asOf.slice(0, 4)) - 1;
  const current = { start: `${y}-01-01`, end: `${y + 1}-01-01`, label: String(y) };
  return { current, previous: previousPeriod(current) };
}

/**
 * An honest refusal, or null: a question outside the data domain ends out_of_domain, one about
 * something the model does not hold out_of_scope. A question naming no metric but a period and a
 * change ("What changed in 1997?") is investigated with the model's ranking metric.
 */
export function screenQuestion(
  question: string,
  layer: SemanticLayer,
  asOf: string,
): { kind: 'out_of_domain' | 'out_of_scope'; reason: string } | null {
  const values = new Map(Object.entries(layer.values));
  const stripped = question.replace(CHANGE_WORDS, ' ');
  const results = [question, stripped].map((text) => interpret(text, { model: layer.model, values, asOf, sameRows: layer.sameRows }));
  if (results.some((r) => r.kind === 'query')) return null;
  const scope = results.find((r) => r.kind === 'out_of_scope');
  if (scope && scope.kind === 'out_of_scope') return { kind: 'out_of_scope', reason: scope.reason };
  const namesPeriod = findTimeExpressions(normalise(question).toLowerCase(), asOf).length > 0;
  if (namesPeriod && new RegExp(CHANGE_WORDS.source, 'i').test(question)) return null;
  const first = results[0];
  return { kind: 'out_of_domain', reason: first.kind === 'out_of_domain' ? first.reason : 'The question is not about the data.' };
}

/** Headline metric, periods, question filters and angles of an investigation. */
export function resolveFocus(question: string, layer: SemanticLayer, asOf: string, requestFilters: DimensionFilter[] = []): ResearchFocus {
  const model = layer.model;
  const values = new Map(Object.entries(layer.values));
  let metric: string | undefined;
  let filters: DimensionFilter[] = [];
  for (const text of [question, question.replace(CHANGE_WORDS, ' ')]) {
    const r = interpret(text, { model, values, asOf, sameRows: layer.sameRows });
    if (r.kind === 'query' && metricExists(model, r.query.metrics[0])) {
      metric = r.query.metrics[0];
      filters = r.query.filters;
      break;
    }
  }
  if (!metricExists(model, metric)) metric = model.defaults.ranking_metric ?? model.measures[0].name;
  const { current, previous } = periodsOf(question, asOf);
  // one rule of reachability (JoinGraph, as the compiler joins): dimensions the metric's fact reaches through to-one joins
  const within = new Set(reachableDimensions(model, metric));
  const filtered = new Set([...filters, ...requestFilters].map((f) => f.dimension));
  const keyDimensions = model.dimensions
    .filter((d) => d.index_values && !filtered.has(d.name))
    .filter((d) => (layer.values[d.name]?.length ?? 0) >= 3 && (layer.values[d.name]?.length ?? 0) <= 12)
    .filter((d) => !/only when/i.test(d.description))
    .filter((d) => within.has(d.name))
    .slice(0, MAX_KEY_DIMENSIONS)
    .map((d) => d.name);
  const contributor = model.dimensions.find(
    (d) => !d.index_values && d.type === 'string' && !/only when/i.test(d.description) && within.has(d.name) && !filtered.has(d.name),
  );
  const scanned = scanDimensions(layer, metric, filtered);
  const mixDimensions = scanned.filter(
    (d) =>
      model.dimensions.find((x) => x.name === d)?.index_values &&
      (layer.values[d]?.length ?? 0) >= 2 &&
      (layer.values[d]?.length ?? 0) <= MIX_MAX_MEMBERS,
  );
  return {
    metric,
    metricLabel: label(model, metric),
    current,
    previous,
    grain: trendGrain(current),
    filters,
    keyDimensions,
    scanDimensions: scanned,
    mixDimensions,
    contributorDimension: contributor?.name ?? null,
  };
}

export const q = (over: Partial<SemanticQuery>): SemanticQuery => ({
  metrics: [],
  group_by: [],
  filters: [],
  metric_filters: [],
  order: [],
  share_of_total: [],
  ...over,
});

/** The first round: a sub-question per angle, at most `maxQueries`. */
export function planStrategy(
  focus: ResearchFocus,
  model: SemanticModel,
  requestFilters: DimensionFilter[],
  maxQueries: number,
): SubQuestion[] {
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const filters = [...focus.filters, ...requestFilters];
  const cur = focus.current;
  const prev = focus.previous;
  const time = model.defaults.time_dimension ?? model.time_dimensions[0]?.name;
  const subs: Omit<SubQuestion, 'id' | 'round'>[] = [];
  subs.push({
    angle: 'headline',
    question: `How did ${ml} in ${cur.label} compare with ${prev.label}?`,
    purpose: 'The headline: the metric over the period and the one before, and the change.',
    query: q({ metrics: [m], filters, time_range: cur }),
    compare: q({ metrics: [m], filters, time_range: prev }),
  });
  if (time && cur.start > prev.start) {
    subs.push({
      angle: 'significance',
      question: `Is the change of ${ml} from ${prev.label} to ${cur.label} beyond its normal day-to-day variation?`,
      purpose:
        'Is it real: the difference of the daily means against the day-to-day spread (a two-sample t statistic; significant from two standard errors either way).',
      query: q({
        metrics: [m],
        group_by: [{ dimension: time, grain: 'day' }],
        filters,
        time_range: { start: prev.start, end: cur.end, label: `${prev.label} to ${cur.label}` },
      }),
      series: { bucket: `${time}_day`, currentStart: cur.start },
    });
  }
  // the headline's scope over both periods: each member's contribution to the total change
  const totals = isAdditive(model, m)
    ? { current: q({ metrics: [m], filters, time_range: cur }), previous: q({ metrics: [m], filters, time_range: prev }) }
    : undefined;
  if (time) {
    subs.push({
      angle: 'trend',
      question: `${focus.metricLabel} by ${focus.grain} from ${prev.label} to ${cur.label}`,
      purpose: `The trend by ${focus.grain}: when the change happened.`,
      query: q({
        metrics: [m],
        group_by: [{ dimension: time, grain: focus.grain }],
        filters,
        time_range: { start: prev.start, end: cur.end, label: `${prev.label} to ${cur.label}` },
        order: [{ by: `${time}_${focus.grain}`, direction: 'asc' }],
      }),
    });
  }
  const scanned = totals ? (focus.scanDimensions ?? []) : [];
  if (scanned.length) {
    subs.push({
      angle: 'scan',
      question: `How did ${ml} change from ${prev.label} to ${cur.label} by each of ${
        scanned.length === 1
          ? label(model, scanned[0]).toLowerCase()
          : `${scanned
              .slice(0, -1)
              .map((d) => label(model, d).toLowerCase())
              .join(', ')} and ${label(model, scanned.at(-1)!).toLowerCase()}`
      }?`,
      purpose:
        "Look everywhere: every dimension the metric can be broken down by, in one statement; each member's change, contribution and surprise (top members of each dimension, the rest as all others).",
      query: q({ metrics: [m], filters, time_range: cur }),
      compare: q({ metrics: [m], filters, time_range: prev }),
      totals: totals!,
      scan: { dimensions: scanned },
    });
  }
  // a breakdown per key dimension only where no scan covers them (a metric that does not add up over members) or a language model chose them
  for (const d of scanned.length && !focus.plannedDimensions ? [] : focus.keyDimensions) {
    subs.push({
      angle: 'breakdown',
      question: `How did ${ml} by ${label(model, d).toLowerCase()} change from ${prev.label} to ${cur.label}?`,
      purpose: `Which ${label(model, d).toLowerCase()} moved the most (period-over-period change per member).`,
      query: q({ metrics: [m], group_by: [{ dimension: d }], filters, time_range: cur }),
      compare: q({ metrics: [m], group_by: [{ dimension: d }], filters, time_range: prev }),
      dimension: d,
      ...(totals ? { totals } : {}),
    });
  }
  if (focus.keyDimensions[0]) {
    const d = focus.keyDimensions[0];
    subs.push({
      angle: 'share',
      question: `Share of ${ml} by ${label(model, d).toLowerCase()} in ${cur.label}`,
      purpose: "How concentrated the metric is: each member's share of the total.",
      query: q({
        metrics: [m],
        group_by: [{ dimension: d }],
        filters,
        time_range: cur,
        share_of_total: [m],
        order: [{ by: m, direction: 'desc' }],
      }),
      dimension: d,
    });
  }
  if (focus.contributorDimension) {
    const d = focus.contributorDimension;
    const dl = label(model, d).toLowerCase();
    for (const [angle, direction, purpose] of [
      ['top', 'desc', 'The largest contributors.'],
      ['bottom', 'asc', 'The smallest contributors (the long tail).'],
    ] as const) {
      subs.push({
        angle,
        question: `${angle === 'top' ? 'Top' : 'Bottom'} ${dl}s by ${ml} in ${cur.label}`,
        purpose,
        query: q({
          metrics: [m],
          group_by: [{ dimension: d }],
          filters,
          time_range: cur,
          order: [{ by: m, direction }],
          limit: CONTRIBUTORS,
        }),
        dimension: d,
      });
    }
  }
  subs.push(...decompositionQuestions(focus, model, filters));
  return subs.slice(0, Math.max(0, maxQueries)).map((s, i) => ({ ...s, id: `q${i + 1}`, round: 1 }));
}

/** The rate of a product decomposition in words: revenue per order, revenue per gross-sales dollar. */
export function rateLabel(model: SemanticModel, metric: string, base: string): string {
  const b = model.measures.find((x) => x.name === base);
  const unit = b?.agg === 'count' ? label(model, base).toLowerCase().replace(/s$/, '') : `${label(model, base).toLowerCase()} dollar`;
  return `${label(model, metric).toLowerCase()} per ${unit}`;
}

/**
 * The headline's decompositions from the semantic model (analysis.ts): a derived sum into its
 * terms, an additive measure into base × rate for each base, a ratio into rate and mix across the
 * first key dimension.
 */
export function decompositionQuestions(
  focus: ResearchFocus,
  model: SemanticModel,
  filters: DimensionFilter[],
): Omit<SubQuestion, 'id' | 'round'>[] {
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const cur = focus.current;
  const prev = focus.previous;
  const out: Omit<SubQuestion, 'id' | 'round'>[] = [];
  for (const d of decompositionsOf(model, m).slice(0, 2)) {
    const metrics = decompositionMetrics(m, d);
    if (d.kind === 'sum') {
      out.push({
        angle: 'decomposition',
        question: `How did the parts of ${ml} (${d.terms.map((x, i) => `${i ? (x.sign < 0 ? '− ' : '+ ') : ''}${label(model, x.name).toLowerCase()}`).join(' ')}) change from ${prev.label} to ${cur.label}?`,
        purpose: `Decompose ${ml} by its definition: each part's signed change and its share of the change, with the residual (closure).`,
        query: q({ metrics, filters, time_range: cur }),
        compare: q({ metrics, filters, time_range: prev }),
        decompose: d,
      });
    } else if (d.kind === 'product') {
      out.push({
        angle: 'decomposition',
        question: `How much of the change of ${ml} from ${prev.label} to ${cur.label} came from ${label(model, d.base).toLowerCase()} and how much from ${rateLabel(model, m, d.base)}?`,
        purpose: `Decompose ${ml} = ${label(model, d.base).toLowerCase()} × ${rateLabel(model, m, d.base)}: a base effect and a rate effect, with the residual (closure).`,
        query: q({ metrics, filters, time_range: cur }),
        compare: q({ metrics, filters, time_range: prev }),
        decompose: d,
      });
    } else if (focus.mixDimensions?.length) {
      const dims = focus.mixDimensions;
      out.push({
        angle: 'decomposition',
        question: `How much of the change of ${ml} from ${prev.label} to ${cur.label} is the rate within members and how much the mix across them, by each of ${dims.map((x) => label(model, x).toLowerCase()).join(', ')}?`,
        purpose: `Decompose ${ml} = ${label(model, d.numerator).toLowerCase()} / ${label(model, d.denominator).toLowerCase()} across every candidate dimension in one statement: a rate effect (each member's own ${ml} moved) and a mix effect (the members' weights moved), with the residual (closure).`,
        query: q({ metrics, filters, time_range: cur }),
        compare: q({ metrics, filters, time_range: prev }),
        totals: { current: q({ metrics: [m], filters, time_range: cur }), previous: q({ metrics: [m], filters, time_range: prev }) },
        decompose: d,
        scan: { dimensions: dims, mix: { numerator: d.numerator, denominator: d.denominator } },
      });
    } else if (focus.keyDimensions[0]) {
      const dim = focus.keyDimensions[0];
      const dl = label(model, dim).toLowerCase();
      out.push({
        angle: 'decomposition',
        question: `How much of the change of ${ml} from ${prev.label} to ${cur.label} is the rate within each ${dl} and how much the mix across ${dl}s?`,
        purpose: `Decompose ${ml} = ${label(model, d.numerator).toLowerCase()} / ${label(model, d.denominator).toLowerCase()} across ${dl}: a rate effect (each member's rate moved) and a mix effect (the members' weights moved), with the residual (closure).`,
        query: q({ metrics, group_by: [{ dimension: dim }], filters, time_range: cur }),
        compare: q({ metrics, group_by: [{ dimension: dim }], filters, time_range: prev }),
        dimension: dim,
        totals: { current: q({ metrics: [m], filters, time_range: cur }), previous: q({ metrics: [m], filters, time_range: prev }) },
        decompose: d,
      });
    }
  }
  return out;
}

/** The biggest mover over the breakdowns found so far: dimension, member and change. */
export function biggestMover(
  plan: SubQuestion[],
  operations: ResearchOperation[],
  skip: (dimension: string, member: string) => boolean = () => false,
): { dimension: string; member: string; change: number; from: string } | null {
  let best: { dimension: string; member: string; change: number; from: string } | null = null;
  for (const sub of plan) {
    if (!sub.compare || !sub.dimension || sub.angle === 'decomposition') continue;
    const op = operations.find((o) => o.id === sub.id);
    if (op?.status !== 'done') continue;
    for (const row of op.rows ?? []) {
      const change = Number(row.change);
      const member = row[sub.dimension];
      if (member === null || member === undefined || !Number.isFinite(change) || skip(sub.dimension, String(member))) continue;
      if (!best || Math.abs(change) > Math.abs(best.change))
        best = { dimension: sub.dimension, member: String(member), change, from: sub.id };
    }
  }
  return best;
}

/**
 * The drill-down chosen by explanatory power (Adtributor): the first member not drilled into yet of
 * the explaining sets, best dimension first; null when no breakdown has an explaining set.
 */
export function explanatoryMover(
  plan: SubQuestion[],
  operations: ResearchOperation[],
  skip: (dimension: string, member: string) => boolean = () => false,
): { dimension: string; member: string; change: number; from: string } | null {
  for (const set of explainingSets(plan, operations, ['breakdown', 'drilldown'])) {
    for (const d of set.members) {
      if (skip(d.dimension, d.member)) continue;
      const row = operations.find((o) => o.id === d.from)?.rows?.find((r) => String(r[d.dimension]) === d.member);
      return { dimension: d.dimension, member: d.member, change: Number(row?.change), from: d.from };
    }
  }
  return null;
}

/** A finer dimension under `dimension` (nation under region), else the next key dimension. */
export function finerDimension(model: SemanticModel, layer: SemanticLayer, dimension: string, focus: ResearchFocus): string | null {
  const d = model.dimensions.find((x) => x.name === dimension);
  if (d) {
    const child = model.dimensions.find(
      (c) =>
        c.index_values &&
        c.name !== d.name &&
        joinGraph(model).path(c.entity, d.entity)?.length === 1 &&
        !/only when/i.test(c.description) &&
        (layer.values[c.name]?.length ?? 0) <= 50,
    );
    if (child) return child.name;
  }
  return focus.keyDimensions.find((k) => k !== dimension) ?? null;
}

/** Follow-ups from what was found: drill into the biggest mover, within the queries left. */
export function followUps(
  focus: ResearchFocus,
  layer: SemanticLayer,
  plan: SubQuestion[],
  operations: ResearchOperation[],
  requestFilters: DimensionFilter[],
  round: number,
  queriesLeft: number,
): { subs: SubQuestion[]; reason: string } {
  const model = layer.model;
  if (plan.some((s) => s.scan && !s.scan.mix && !s.scan.pairs))
    return scanFollowUps(focus, model, plan, operations, requestFilters, round, queriesLeft);
  // the biggest mover not drilled into yet (a later round takes the next one)
  const drilled = (dimension: string, member: string) =>
    plan.some((s) => s.angle === 'drilldown' && s.query.filters.some((f) => f.dimension === dimension && String(f.values[0]) === member));
  const earlier = plan.filter((s) => s.round < round);
  const explained = explanatoryMover(earlier, operations, drilled);
  const mover = explained ?? biggestMover(earlier, operations, drilled);
  if (!mover) return { subs: [], reason: 'No breakdown returned a mover that was not drilled into already.' };
  const totals = isAdditive(model, focus.metric)
    ? {
        current: q({ metrics: [focus.metric], filters: [...focus.filters, ...requestFilters], time_range: focus.current }),
        previous: q({ metrics: [focus.metric], filters: [...focus.filters, ...requestFilters], time_range: focus.previous }),
      }
    : undefined;
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const filters = [...focus.filters, ...requestFilters, { dimension: mover.dimension, op: 'eq' as const, values: [mover.member] }];
  const dimLabel = label(model, mover.dimension).toLowerCase();
  const out: Omit<SubQuestion, 'id' | 'round'>[] = [];
  const base = productBases(model, m)[0];
  if (base && totals && !plan.some((s) => s.angle === 'decomposition' && s.dimension === mover.dimension)) {
    const metrics = [m, base];
    const all = [...focus.filters, ...requestFilters];
    out.push({
      angle: 'decomposition',
      question: `By ${dimLabel}: how much of each member's change of ${ml} came from ${label(model, base).toLowerCase()} and how much from ${rateLabel(model, m, base)}?`,
      purpose: `How the movers of ${dimLabel} (${mover.member} first) changed: a base effect and a rate effect per member, each as a share of the total change.`,
      query: q({ metrics, group_by: [{ dimension: mover.dimension }], filters: all, time_range: focus.current }),
      compare: q({ metrics, group_by: [{ dimension: mover.dimension }], filters: all, time_range: focus.previous }),
      dimension: mover.dimension,
      totals,
      decompose: { kind: 'product', base },
    });
  }
  const finer = finerDimension(model, layer, mover.dimension, focus);
  if (finer) {
    out.push({
      angle: 'drilldown',
      question: `Within ${dimLabel} ${mover.member}: how did ${ml} by ${label(model, finer).toLowerCase()} change from ${focus.previous.label} to ${focus.current.label}?`,
      purpose: `Explain the biggest mover (${mover.member}, from ${mover.from}): where inside it the change happened.`,
      query: q({ metrics: [m], group_by: [{ dimension: finer }], filters, time_range: focus.current }),
      compare: q({ metrics: [m], group_by: [{ dimension: finer }], filters, time_range: focus.previous }),
      dimension: finer,
      ...(totals ? { totals } : {}),
    });
  }
  if (focus.contributorDimension) {
    const d = focus.contributorDimension;
    out.push({
      angle: 'drilldown',
      question: `Within ${dimLabel} ${mover.member}: top ${label(model, d).toLowerCase()}s by ${ml} in ${focus.current.label}`,
      purpose: `The largest contributors inside the biggest mover (${mover.member}).`,
      query: q({
        metrics: [m],
        group_by: [{ dimension: d }],
        filters,
        time_range: focus.current,
        order: [{ by: m, direction: 'desc' }],
        limit: CONTRIBUTORS,
      }),
      dimension: d,
    });
  }
  const start = plan.length;
  const subs = out.slice(0, Math.max(0, queriesLeft)).map((s, i) => ({ ...s, id: `q${start + i + 1}`, round }));
  const why = explained
    ? `the member of the dimension that explains the change best (highest surprise among the members that together explain most of it)`
    : 'the biggest mover';
  return { subs, reason: `Drill into ${why}: ${dimLabel} ${mover.member} (change ${mover.change}).` };
}

/**
 * Follow-ups of a change scan: how the first driver's dimension changed through the metric's
 * parts (a product decomposition by it), and pairwise combinations of the strongest dimensions
 * (one statement) when single members do not explain the change or the drivers lie in several
 * dimensions (their overlap). None when the change is not significant.
 */
export function scanFollowUps(
  focus: ResearchFocus,
  model: SemanticModel,
  plan: SubQuestion[],
  operations: ResearchOperation[],
  requestFilters: DimensionFilter[],
  round: number,
  queriesLeft: number,
): { subs: SubQuestion[]; reason: string } {
  const sig = readSignificance(plan, operations);
  if (sig && !sig.significant) return { subs: [], reason: 'the change is not significant; there is nothing to explain further.' };
  const expl = scanExplanation(model, plan, operations);
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const all = [...focus.filters, ...requestFilters];
  const totals = {
    current: q({ metrics: [m], filters: all, time_range: focus.current }),
    previous: q({ metrics: [m], filters: all, time_range: focus.previous }),
  };
  const out: Omit<SubQuestion, 'id' | 'round'>[] = [];
  const first = expl?.drivers.find((d) => !d.and);
  const base = productBases(model, m)[0];
  if (first && base && isAdditive(model, m) && !plan.some((s) => s.angle === 'decomposition' && s.dimension === first.dimension)) {
    const dimLabel = label(model, first.dimension).toLowerCase();
    out.push({
      angle: 'decomposition',
      question: `By ${dimLabel}: how much of each member's change of ${ml} came from ${label(model, base).toLowerCase()} and how much from ${rateLabel(model, m, base)}?`,
      purpose: `How the first driver (${dimLabel} ${first.member}) changed: a base effect and a rate effect per member, each as a share of the total change.`,
      query: q({ metrics: [m, base], group_by: [{ dimension: first.dimension }], filters: all, time_range: focus.current }),
      compare: q({ metrics: [m, base], group_by: [{ dimension: first.dimension }], filters: all, time_range: focus.previous }),
      dimension: first.dimension,
      totals,
      decompose: { kind: 'product', base },
    });
  }
  const driverDims = new Set(expl?.drivers.map((d) => d.dimension) ?? []);
  const needPairs = !expl?.explained || driverDims.size > 1;
  if (needPairs && !plan.some((s) => s.scan?.pairs)) {
    const dims = expl?.explained ? [...driverDims].slice(0, 3) : pairDimensions(model, plan, operations);
    const pairs: [string, string][] = [];
    for (let i = 0; i < dims.length; i++) for (let j = i + 1; j < dims.length; j++) pairs.push([dims[i], dims[j]]);
    if (pairs.length) {
      out.push({
        angle: 'scan',
        question: `How did ${ml} change from ${focus.previous.label} to ${focus.current.label} by ${pairs.map(([a, b]) => `${label(model, a).toLowerCase()} and ${label(model, b).toLowerCase()}`).join('; ')} combined?`,
        purpose: expl?.explained
          ? 'Where the drivers of different dimensions overlap: the change of their combinations (one statement).'
          : "No single member set explains the change: combinations of the strongest dimensions' members (HotSpot / iDice), in one statement.",
        query: q({ metrics: [m], filters: all, time_range: focus.current }),
        compare: q({ metrics: [m], filters: all, time_range: focus.previous }),
        totals,
        // explained: only the drivers' own intersections (their overlaps); else every combination, top ones kept
        scan: {
          dimensions: dims,
          pairs,
          ...(expl?.explained
            ? {
                members: Object.fromEntries(
                  dims.map((d) => [d, expl.drivers.filter((x) => x.dimension === d && !x.and).map((x) => x.member)]),
                ),
              }
            : {}),
        },
      });
    }
  }
  const start = plan.length;
  const subs = out.slice(0, Math.max(0, queriesLeft)).map((s, i) => ({ ...s, id: `q${start + i + 1}`, round }));
  if (!subs.length)
    return {
      subs,
      reason: expl?.explained
        ? 'the drivers explain the change and their mechanism is known.'
        : 'no follow-up applies to what the scan found.',
    };
  return {
    subs,
    reason: `From the scan: ${expl?.drivers.length ? `the drivers ${expl.drivers.map((d) => `${label(model, d.dimension).toLowerCase()} ${d.member}`).join(', ')}${expl.explained ? '' : ' (not explaining all of the change)'}` : 'no small set of members explains the change'}.`,
  };
}

/** Kinds of investigation asked for but not offered: refused with the reason (never run as something else). */
const UNSUPPORTED: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /\b(forecast|predict(ion|ed)?|projections?|what if|simulat(e|ion)|scenarios?)\b/i,
    reason:
      'Research explains data the warehouse holds (why a metric changed, what drives it, two segments or periods compared); it does not forecast or simulate.',
  },
];

const PROFILE_WORDS = /\b(profile|who are (our|the) (top|best|biggest))\b/i;
const ANOMALY_WORDS = /\b(unusual|anomal(y|ies|ous)|outliers?|odd|out of the ordinary)\b/i;
const COMPARE_WORDS = /\b(compare|comparing|comparison|versus|vs\.?|against|side by side)\b/i;
const DRIVER_WORDS = /\b(what (drives|determines|influences|explains)|key drivers|drivers? of)\b/i;
const CHANGE_ONLY = /\b(why|chang(e|ed|es)|drop(ped)?|fell|fall|declined?|rose|rise|grew|grow|increased?|decreased?)\b/i;

/** The question as the one-question interpreter should read it: the words of "what drives" taken out. */
export function screenedText(question: string): string {
  if (PROFILE_WORDS.test(question))
    return question
      .replace(/\b(a |the )?(profile( of)?|who are)\b/gi, ' show ')
      .replace(/\s+/g, ' ')
      .trim();
  if (ANOMALY_WORDS.test(question))
    return question
      .replace(
        /\b(is |was |were )?(there )?(anything|something)?\s*(unusual|anomal(y|ies|ous)|outliers?|odd|out of the ordinary)\b/gi,
        ' what changed ',
      )
      .replace(/\s+/g, ' ')
      .trim();
  return question
    .replace(/\b(what (drives|determines|influences|explains)|key drivers( of)?|drivers? of)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Members of one index dimension the question names (whole words, in the order named). */
function namedMembers(question: string, layer: SemanticLayer): { dimension: string; members: string[] } | null {
  const text = ` ${normalise(question).toLowerCase()} `;
  for (const d of layer.model.dimensions.filter((x) => x.index_values)) {
    const hits = (layer.values[d.name] ?? [])
      .map((v) => ({ v, at: text.search(new RegExp(`[^a-z0-9]${v.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^a-z0-9]`)) }))
      .filter((h) => h.at >= 0)
      .sort((a, b) => a.at - b.at);
    if (hits.length >= 2) return { dimension: d.name, members: hits.map((h) => h.v) };
  }
  return null;
}

/**
 * The kind of investigation a question asks for, or an honest refusal of a kind not offered.
 * "Compare A and B" needs two members of one dimension (two periods are a `change`); "what drives
 * X" without words of change is `drivers`; everything else is `change` (why did X change).
 */
export function classifyQuestion(
  question: string,
  layer: SemanticLayer,
): { kind: InvestigationKind; segments?: { dimension: string; members: [string, string] } } | { refused: string } {
  for (const u of UNSUPPORTED) if (u.pattern.test(question)) return { refused: u.reason };
  if (COMPARE_WORDS.test(question) || /\b(and|or)\b/i.test(question)) {
    const named = namedMembers(question, layer);
    if (named && COMPARE_WORDS.test(question)) {
      if (named.members.length > 2)
        return {
          refused: `Research compares two members side by side; the question names ${named.members.length} of ${label(layer.model, named.dimension).toLowerCase()} (${named.members.join(', ')}).`,
        };
      return { kind: 'compare', segments: { dimension: named.dimension, members: [named.members[0], named.members[1]] } };
    }
  }
  if (PROFILE_WORDS.test(question))
    return /\bcustomers?\b/i.test(question)
      ? { kind: 'profile' }
      : { refused: 'A profile is offered for the top customers only (who they are, what they buy).' };
  if (ANOMALY_WORDS.test(question)) return { kind: 'anomalies' };
  if (DRIVER_WORDS.test(question) && !CHANGE_ONLY.test(question)) return { kind: 'drivers' };
  return { kind: 'change' };
}

/**
 * "Compare A and B": the metric for A against B in the period (A − B and its percent), the gap by
 * each key dimension (each member's share of the gap for an additive metric, with the closure
 * residual), and the top contributors of each side. Runs as period-style comparisons with A as
 * "current" and B as "previous".
 */
export function planCompare(
  focus: ResearchFocus,
  model: SemanticModel,
  requestFilters: DimensionFilter[],
  maxQueries: number,
): SubQuestion[] {
  const { dimension, members } = focus.segments!;
  const [a, b] = members;
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const cur = focus.current;
  const base = [...focus.filters.filter((f) => f.dimension !== dimension), ...requestFilters];
  const side = (v: string) => [...base, { dimension, op: 'eq' as const, values: [v] }];
  const dl = label(model, dimension).toLowerCase();
  const totals = isAdditive(model, m)
    ? { current: q({ metrics: [m], filters: side(a), time_range: cur }), previous: q({ metrics: [m], filters: side(b), time_range: cur }) }
    : undefined;
  const subs: Omit<SubQuestion, 'id' | 'round'>[] = [
    {
      angle: 'headline',
      question: `${focus.metricLabel} of ${dl} ${a} against ${b} in ${cur.label}`,
      purpose: `The headline: ${ml} of each side and the gap (${a} − ${b}).`,
      query: q({ metrics: [m], filters: side(a), time_range: cur }),
      compare: q({ metrics: [m], filters: side(b), time_range: cur }),
    },
  ];
  const who = groupSizeMeasure(model, dimension);
  const headline = [...new Set([...headlineMetrics(model, m), ...(who ? [who] : [])])];
  subs.push({
    angle: 'metrics',
    question: `${headline.map((x) => label(model, x).toLowerCase()).join(', ')} and their shares of the total by ${dl} in ${cur.label}`,
    purpose: `${a} and ${b} side by side on the model's headline metrics: value, count, average, and each side's share of the total.`,
    query: q({
      metrics: headline,
      group_by: [{ dimension }],
      filters: base,
      time_range: cur,
      share_of_total: headline.filter((x) => isAdditive(model, x)),
      order: [{ by: m, direction: 'desc' }],
    }),
    dimension,
  });
  for (const d of focus.keyDimensions.filter((x) => x !== dimension)) {
    subs.push({
      angle: 'breakdown',
      question: `${focus.metricLabel} of ${a} against ${b} by ${label(model, d).toLowerCase()} in ${cur.label}`,
      purpose: `Where the gap lies: each ${label(model, d).toLowerCase()}'s difference${totals ? ' and its share of the gap' : ''}.`,
      query: q({ metrics: [m], group_by: [{ dimension: d }], filters: side(a), time_range: cur }),
      compare: q({ metrics: [m], group_by: [{ dimension: d }], filters: side(b), time_range: cur }),
      dimension: d,
      ...(totals ? { totals } : {}),
    });
  }
  if (focus.contributorDimension) {
    const d = focus.contributorDimension;
    for (const v of members) {
      subs.push({
        angle: 'top',
        question: `Top ${label(model, d).toLowerCase()}s of ${v} by ${ml} in ${cur.label}`,
        purpose: `The largest contributors of ${v}.`,
        query: q({
          metrics: [m],
          group_by: [{ dimension: d }],
          filters: side(v),
          time_range: cur,
          order: [{ by: m, direction: 'desc' }],
          limit: CONTRIBUTORS,
        }),
        dimension: d,
      });
    }
  }
  return subs.slice(0, Math.max(0, maxQueries)).map((s, i) => ({ ...s, id: `q${i + 1}`, round: 1 }));
}

/**
 * The model's headline metrics around `metric`: the metric (value), the count of the coarser
 * entity it is a product of (orders), and the averages over that entity (average order value).
 */
export function headlineMetrics(model: SemanticModel, metric: string): string[] {
  const count = productBases(model, metric)
    .map((b) => model.measures.find((x) => x.name === b)!)
    .find((x) => x.agg === 'count');
  const averages = count
    ? model.measures
        .filter((x) => x.agg === 'avg' && x.entity === count.entity && x.time_dimension === count.time_dimension)
        .map((x) => x.name)
    : [];
  return [...new Set([metric, ...(count ? [count.name] : []), ...averages])];
}

/**
 * "What drives X": the headline (X over the period and the one before), X by each key dimension
 * with the members' spread (the dimension whose members differ most drives X most), and X's
 * decompositions from the model.
 */
export function planDrivers(
  focus: ResearchFocus,
  model: SemanticModel,
  requestFilters: DimensionFilter[],
  maxQueries: number,
): SubQuestion[] {
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const filters = [...focus.filters, ...requestFilters];
  const cur = focus.current;
  const subs: Omit<SubQuestion, 'id' | 'round'>[] = [
    {
      angle: 'headline',
      question: `How did ${ml} in ${cur.label} compare with ${focus.previous.label}?`,
      purpose: 'The headline: the metric over the period and the one before.',
      query: q({ metrics: [m], filters, time_range: cur }),
      compare: q({ metrics: [m], filters, time_range: focus.previous }),
    },
  ];
  for (const d of focus.keyDimensions) {
    const dl = label(model, d).toLowerCase();
    subs.push({
      angle: 'spread',
      question: `How much does ${ml} differ by ${dl} in ${cur.label}?`,
      purpose: `Whether ${dl} drives ${ml}: each member's value and share, and how much the members differ (coefficient of variation).`,
      query: q({ metrics: [m], group_by: [{ dimension: d }], filters, time_range: cur, order: [{ by: m, direction: 'desc' }] }),
      dimension: d,
      spread: true,
    });
  }
  subs.push(...decompositionQuestions(focus, model, filters));
  return subs.slice(0, Math.max(0, maxQueries)).map((s, i) => ({ ...s, id: `q${i + 1}`, round: 1 }));
}

/** Months of history an anomaly scan compares the current period with. */
export const ANOMALY_HISTORY_MONTHS = 12;

/**
 * The period an anomaly scan covers: the whole period the question names, month by month (cut
 * at the last full month when the data ends inside it, the period asked kept in `asked` so the
 * report says so); with no period named, the last full month before "today".
 */
export function anomalyFocus(focus: ResearchFocus, asOf: string, named = true): ResearchFocus {
  const lastFull = `${asOf.slice(0, 7)}-01`;
  if (named && focus.current.start < lastFull) {
    const whole = (monthsBetween(focus.current.start, focus.current.end) ?? 0) >= 1;
    if (whole) {
      if (focus.current.end <= lastFull) return { ...focus, grain: 'month' };
      const current = { start: focus.current.start, end: lastFull, label: periodLabel(focus.current.start, lastFull) };
      return { ...focus, current, previous: previousPeriod(current), grain: 'month', asked: focus.current };
    }
  }
  const start = addMonths(lastFull, -1);
  const end = addMonths(start, 1);
  const current = { start, end, label: periodLabel(start, end) };
  return {
    ...focus,
    current,
    previous: previousPeriod(current),
    grain: 'month',
    ...(named && focus.current.start !== start ? { asked: focus.current } : {}),
  };
}

/**
 * "Anything unusual": the metric by month over the current month and the 12 before it, for the
 * total and by each key dimension; each member's current value against its own monthly history
 * (z score, unusual from ANOMALY_Z standard deviations).
 */
export function planAnomalies(
  focus: ResearchFocus,
  model: SemanticModel,
  requestFilters: DimensionFilter[],
  maxQueries: number,
): SubQuestion[] {
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const filters = [...focus.filters, ...requestFilters];
  const time = model.defaults.time_dimension ?? model.time_dimensions[0]?.name;
  if (!time) return [];
  const cur = focus.current;
  const start = addMonths(cur.start, -ANOMALY_HISTORY_MONTHS);
  const range = { start, end: cur.end, label: `${periodLabel(start, cur.start)} and ${cur.label}` };
  const subs: Omit<SubQuestion, 'id' | 'round'>[] = [null, ...focus.keyDimensions].map((d) => ({
    angle: 'anomaly' as const,
    question: d
      ? `Was ${ml} of any ${label(model, d).toLowerCase()} unusual in ${cur.label} against its previous ${ANOMALY_HISTORY_MONTHS} months?`
      : `Was ${ml} unusual in ${cur.label} against the previous ${ANOMALY_HISTORY_MONTHS} months?`,
    purpose: `Anything unusual: the current month against the monthly history (z score; unusual from 3 standard deviations)${d ? ` per ${label(model, d).toLowerCase()}` : ''}.`,
    query: q({
      metrics: [m],
      group_by: [...(d ? [{ dimension: d }] : []), { dimension: time, grain: 'month' as const }],
      filters,
      time_range: range,
    }),
    ...(d ? { dimension: d } : {}),
    anomaly: { bucket: `${time}_month`, currentStart: cur.start },
  }));
  return subs.slice(0, Math.max(0, maxQueries)).map((s, i) => ({ ...s, id: `q${i + 1}`, round: 1 }));
}

/** Customers in a profile. */
export const PROFILE_CUSTOMERS = 10;
/** What a profile describes the top customers by: who they are, then what they buy. */
export const PROFILE_DIMENSIONS = ['market_segment', 'nation', 'brand', 'part_type'];

/** "Profile of the top customers", round 1: the top customers by the metric, and the metric in total. */
export function planProfile(
  focus: ResearchFocus,
  model: SemanticModel,
  requestFilters: DimensionFilter[],
  maxQueries: number,
): SubQuestion[] {
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const filters = [...focus.filters, ...requestFilters];
  const cur = focus.current;
  const d = focus.contributorDimension;
  if (!d) return [];
  const subs: Omit<SubQuestion, 'id' | 'round'>[] = [
    {
      angle: 'top',
      question: `Top ${PROFILE_CUSTOMERS} ${label(model, d).toLowerCase()}s by ${ml} in ${cur.label}`,
      purpose: 'Who the top customers are.',
      query: q({
        metrics: [m],
        group_by: [{ dimension: d }],
        filters,
        time_range: cur,
        order: [{ by: m, direction: 'desc' }],
        limit: PROFILE_CUSTOMERS,
      }),
      dimension: d,
    },
    {
      angle: 'headline',
      question: `${focus.metricLabel} in ${cur.label}`,
      purpose: 'The total, for scale.',
      query: q({ metrics: [m], filters, time_range: cur }),
    },
  ];
  return subs.slice(0, Math.max(0, maxQueries)).map((s, i) => ({ ...s, id: `q${i + 1}`, round: 1 }));
}

/** A measure that counts the members of a group dimension's entity in a period (active customers), if the model has one. */
export function groupSizeMeasure(model: SemanticModel, dimension: string): string | null {
  const entity = model.dimensions.find((x) => x.name === dimension)?.entity;
  if (!entity) return null;
  const direct = model.measures.find((x) => x.agg === 'count_distinct' && x.time_dimension && x.name.includes(entity));
  if (direct) return direct.name;
  return null;
}

/** A count of the compared members' own entity ("compare A and B customers" counts customers): the word names whom, not what. */
export function countsCompared(model: SemanticModel, metric: string, dimension: string): boolean {
  const ms = model.measures.find((x) => x.name === metric);
  return !!ms && (ms.agg === 'count' || ms.agg === 'count_distinct') && groupSizeMeasure(model, dimension) === metric;
}

/** "Profile", round 2: the top customers' metric by segment and nation (who they are) and by brand and part type (what they buy), each with its share. */
export function profileFollowUps(
  focus: ResearchFocus,
  model: SemanticModel,
  plan: SubQuestion[],
  operations: ResearchOperation[],
  requestFilters: DimensionFilter[],
  round: number,
  queriesLeft: number,
): SubQuestion[] {
  const top = plan.find((s) => s.angle === 'top');
  const rows = top ? (operations.find((o) => o.id === top.id && o.status === 'done')?.rows ?? []) : [];
  const d = focus.contributorDimension;
  if (!top || !d || !rows.length) return [];
  const names = rows.map((r) => String(r[d]));
  const m = focus.metric;
  const ml = focus.metricLabel.toLowerCase();
  const filters = [...focus.filters, ...requestFilters, { dimension: d, op: 'in' as const, values: names }];
  const dims = PROFILE_DIMENSIONS.filter((x) => model.dimensions.some((y) => y.name === x));
  const everyone = [...focus.filters, ...requestFilters];
  const size = groupSizeMeasure(model, d);
  const dl = label(model, d).toLowerCase();
  const subs: Omit<SubQuestion, 'id' | 'round'>[] = [
    {
      angle: 'profile' as const,
      question: `The top ${names.length} ${dl}s against all ${dl}s: their share of ${ml}${size ? ` and of ${label(model, size).toLowerCase()}` : ''} in ${focus.current.label}`,
      purpose: `The group's size and weight: its ${ml} against everyone's (from ${top.id}).`,
      query: q({ metrics: [m, ...(size ? [size] : [])], filters, time_range: focus.current }),
      compare: q({ metrics: [m, ...(size ? [size] : [])], filters: everyone, time_range: focus.current }),
      profileOf: { group: d, ...(size ? { size } : {}) },
    },
    ...dims.map((x) => ({
      angle: 'profile' as const,
      question: `The top ${names.length} ${dl}s' ${ml} by ${label(model, x).toLowerCase()} against everyone's in ${focus.current.label}`,
      purpose: `${['market_segment', 'nation'].includes(x) ? 'Who they are' : 'What they buy'}: their ${ml} by ${label(model, x).toLowerCase()}, each member's share of theirs against its share of everyone's (over- or under-represented; from ${top.id}).`,
      query: q({ metrics: [m], group_by: [{ dimension: x }], filters, time_range: focus.current }),
      compare: q({ metrics: [m], group_by: [{ dimension: x }], filters: everyone, time_range: focus.current }),
      dimension: x,
      profileOf: { group: d },
    })),
  ];
  return subs.slice(0, Math.max(0, queriesLeft)).map((s, i) => ({ ...s, id: `q${plan.length + i + 1}`, round }));
}
