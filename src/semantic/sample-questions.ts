/**
 * Candidate sample questions made from a model, in the plain wording people use: a metric's total,
 * a metric by a dimension, by year and by month, the top 5 of an entity by the ranking metric, a
 * count of an entity, a metric for one indexed value, a metric in a year and last year. Pure: the
 * caller (`quarry init`) asks each through the interpreter and the warehouse and keeps those that
 * answer. Ordered so that taking the first answered ones gives a varied list (one of each kind
 * before a second of any).
 */
import type { Measure, SemanticModel, DerivedMetric } from './model.js';
import type { ValueIndex } from './catalogue.js';

export type SampleKind = 'total' | 'by_dimension' | 'by_time' | 'top' | 'count' | 'filtered' | 'period';

export interface SampleQuestion {
  question: string;
  kind: SampleKind;
}

const KIND_ORDER: SampleKind[] = ['total', 'by_dimension', 'top', 'by_time', 'count', 'filtered', 'period'];

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const labelOf = (x: { name: string; label?: string }) => lower(x.label ?? x.name.replace(/_/g, ' '));
const plural = (w: string) => (/[^aeiou]y$/.test(w) ? w.replace(/y$/, 'ies') : /(s|x|ch|sh)$/.test(w) ? `${w}es` : `${w}s`);
const pluralPhrase = (p: string) => p.replace(/(\S+)$/, (w) => plural(w));

/** The last full calendar year before `asOf` (YYYY-MM-DD): the year a sample question names. */
export function lastFullYear(asOf: string): number {
  const d = new Date(`${asOf}T00:00:00Z`);
  return d.getUTCMonth() === 11 && d.getUTCDate() === 31 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
}

export function sampleQuestionCandidates(model: SemanticModel, values: ValueIndex, asOf: string): SampleQuestion[] {
  const metrics: Array<Measure | DerivedMetric> = [...model.measures, ...model.metrics];
  const byName = new Map(metrics.map((m) => [m.name, m]));
  const ranking = byName.get(model.defaults.ranking_metric ?? '');
  const amounts = model.measures.filter((m) => m.agg === 'sum' && m.name !== ranking?.name);
  const main = ranking ?? amounts[0] ?? model.measures[0];
  if (!main) return [];
  // The ranking metric first, then other summed amounts: what people total and break down.
  const headline = [main, ...amounts.filter((m) => m !== main).slice(0, 3)];
  const counts = model.measures.filter((m) => m.agg === 'count');
  const year = lastFullYear(asOf);
  // Breakdowns read at a glance: indexed dimensions with 2 to 25 values.
  const breakdowns = model.dimensions.filter(
    (d) => d.index_values && (values[d.name]?.length ?? 0) >= 2 && (values[d.name]?.length ?? 0) <= 25,
  );
  // Things to rank: a dimension named after its entity (its name column), not indexed (many values).
  const named = model.dimensions.filter((d) => d.type === 'string' && !d.index_values && d.name === d.entity);
  const datable = (m: Measure | DerivedMetric) =>
    m.time_bound !== false && (m.time_dimension ?? model.defaults.time_dimension) !== undefined;

  const out: Record<SampleKind, string[]> = { total: [], by_dimension: [], by_time: [], top: [], count: [], filtered: [], period: [] };
  for (const m of headline) {
    const l = labelOf(m);
    out.total.push(/^(total|average|number|lowest|highest)\b/.test(l) ? upper(l) : `Total ${l}`);
    for (const d of breakdowns) out.by_dimension.push(`${upper(l)} by ${labelOf(d)}`);
    if (datable(m)) {
      out.by_time.push(`${upper(l)} by year`, `Monthly ${l} in ${year}`);
      out.period.push(`${upper(l)} in ${year}`, `${upper(l)} last year`);
    }
    for (const d of named) out.top.push(`Top 5 ${pluralPhrase(labelOf(d))} by ${l}`);
    for (const d of breakdowns) {
      const v = values[d.name]?.find((x) => /^[A-Za-z][A-Za-z0-9 .&'-]{1,40}$/.test(x));
      if (v) out.filtered.push(`${upper(l)} for ${v}`);
    }
  }
  for (const c of counts) {
    const l = labelOf(c);
    out.count.push(`How many ${l}`);
    for (const d of breakdowns.slice(0, 3)) out.by_dimension.push(`Number of ${l} by ${labelOf(d)}`);
  }
  // Interleave the kinds: the first of each kind, then the second of each, ...
  const seen = new Set<string>();
  const ordered: SampleQuestion[] = [];
  const longest = Math.max(...KIND_ORDER.map((k) => out[k].length));
  for (let i = 0; i < longest; i++) {
    for (const kind of KIND_ORDER) {
      const q = out[kind][i];
      if (q === undefined || seen.has(q.toLowerCase())) continue;
      seen.add(q.toLowerCase());
      ordered.push({ question: q, kind });
    }
  }
  return ordered;
}
