/** Merging a follow-up fragment into the previous question's query. */
import { type SemanticModel } from '../semantic/model.js';
import { type SemanticQuery, type TimeRange } from '../semantic/query.js';
import { type Lexicon } from './lexicon.js';
import { type InterpretContext } from './types.js';
import { ADD_CUES, REPLACE_CUES } from './words.js';
import { consume, type Item } from './spans.js';
import { type Analysis } from './analyse.js';
import { type Built, kwItems, metricTd, opText, unitGrain } from './build.js';
import { uniq } from './refusals.js';
import { constructedParts } from './constructions/index.js';
// ------------------------------------------------------------------------------------------

export function mergeFollowUp(
  prev: SemanticQuery,
  b: Built,
  a: Analysis,
  lex: Lexicon,
  ctx: InterpretContext,
  cue: string | undefined,
  items: Item[],
): { query: SemanticQuery; notes: string[] } | null {
  const q = b.query;
  const notes: string[] = ['Follow-up: changing the previous question'];
  const out: SemanticQuery = {
    metrics: [...prev.metrics],
    group_by: prev.group_by.map((g) => ({ ...g })),
    filters: prev.filters.map((f) => ({ ...f, values: [...f.values] })),
    metric_filters: prev.metric_filters.map((f) => ({ ...f })),
    ...(prev.time_range ? { time_range: { ...prev.time_range } } : {}),
    order: prev.order.map((o) => ({ ...o })),
    ...(prev.limit ? { limit: prev.limit } : {}),
    share_of_total: [...prev.share_of_total],
    // the constructed parts of the previous question carry over ("1997 vs 1996", then "by region")
    ...constructedParts(prev),
  };
  // a new period replaces the compared one: the comparison no longer holds
  if (q.time_range && out.comparison) {
    delete out.comparison;
    notes.push('The comparison with the previous period is dropped: a new period was asked for');
  }
  const words = new Set(items.map((it) => it.lower));
  const adding = [...ADD_CUES].some(
    (c) =>
      words.has(c) ||
      items
        .map((i) => i.lower)
        .join(' ')
        .includes(c),
  );
  const replacing = (cue && REPLACE_CUES.has(cue)) || words.has('instead') || words.has('rather') || words.has('now');
  let changed = false;

  // metrics
  if (b.hasOwnMetric) {
    const newMetrics = q.metrics;
    if (adding) {
      out.metrics = uniq([...out.metrics, ...newMetrics]);
      notes.push(`Added metric ${newMetrics.join(', ')}`);
    } else {
      const old = out.metrics[0];
      out.metrics = [...newMetrics];
      const rename = (m: string) => (m === old || !out.metrics.includes(m) ? newMetrics[0] : m);
      out.order = out.order.map((o) => (prev.metrics.includes(o.by) ? { ...o, by: rename(o.by) } : o));
      out.share_of_total = uniq(out.share_of_total.map(rename));
      out.metric_filters = out.metric_filters.filter((f) => out.metrics.includes(f.metric));
      notes.push(`Metric replaced by ${newMetrics.join(', ')}`);
    }
    changed = true;
  }

  // period
  if (q.time_range && a.compare && prev.time_range && a.times.length === 1) {
    // "compare with 1996": both periods, one row per period
    const start = q.time_range.start < prev.time_range.start ? q.time_range.start : prev.time_range.start;
    const end = q.time_range.end > prev.time_range.end ? q.time_range.end : prev.time_range.end;
    out.time_range = {
      ...prev.time_range,
      start,
      end,
      label: `${prev.time_range.label ?? prev.time_range.start} and ${q.time_range.label}`,
    };
    const g = unitGrain(a.times[0].unit);
    const td = prev.time_range.dimension ?? metricTd(lex, out.metrics) ?? ctx.model.defaults.time_dimension;
    if (td && !out.group_by.some((x) => x.grain)) {
      out.group_by.push({ dimension: td, grain: g });
      if (!out.order.length) out.order = [{ by: td, direction: 'asc' }];
    }
    notes.push(`Comparing ${out.time_range.label} by ${g}`);
    consume(...kwItems(items, 'compare'));
    changed = true;
  } else if (q.time_range) {
    out.time_range = {
      ...sameYearAs(q.time_range, a, prev.time_range),
      ...(q.time_range.dimension ? {} : prev.time_range?.dimension ? { dimension: prev.time_range.dimension } : {}),
    };
    notes.push(`Period replaced: ${q.time_range.label ?? `${q.time_range.start}..${q.time_range.end}`}`);
    changed = true;
  } else if (a.allTime && out.time_range) {
    delete out.time_range;
    notes.push('Period removed (all time)');
    changed = true;
  }
  if (a.dating && out.time_range && !q.time_range) {
    out.time_range.dimension = a.dating.dimension;
    changed = true;
  }

  // a new metric of another entity moves role dimensions (supplier_region <-> region)
  if (b.hasOwnMetric && !adding) {
    const ents = out.metrics.map((m) => lex.metrics.get(m)?.entity).filter((e): e is string => !!e);
    const move = (dim: string): string => {
      const d = lex.dimensions.get(dim);
      if (!d) return dim;
      if (d.roleOf) {
        const base = lex.dimensions.get(d.roleOf.base)!;
        if (ents.some((e) => base.owners.has(e)) && !ents.includes(d.roleOf.role)) return base.name;
        return dim;
      }
      for (const [role, rd] of d.roles) if (ents.length && ents.every((e) => e === role)) return rd;
      return dim;
    };
    out.group_by = out.group_by.map((g) => (g.grain ? g : { ...g, dimension: move(g.dimension) }));
    out.filters = out.filters.map((f) => ({ ...f, dimension: move(f.dimension) }));
  }

  // filters
  const isOneOf = (op: string) => op === 'eq' || op === 'in';
  const isNoneOf = (op: string) => op === 'ne' || op === 'not_in';
  for (const f of q.filters) {
    // "and Asia too" adds to the values the previous question named on that dimension: to those it
    // kept ("for Europe" → Europe and Asia) or to those it left out ("leave out Europe" → both out)
    const kept = out.filters.filter((x) => x.dimension === f.dimension);
    const extended = kept.length === 1 ? kept[0] : undefined;
    // (an add cue outweighs the cue that opened the follow-up, "and"/"what about", but not "instead")
    if (
      adding &&
      !['instead', 'rather', 'now'].some((w) => words.has(w)) &&
      extended &&
      ((isOneOf(extended.op) && isOneOf(f.op)) || (isNoneOf(extended.op) && (isOneOf(f.op) || isNoneOf(f.op))))
    ) {
      extended.values = uniq([...extended.values, ...f.values]);
      const many = extended.values.length > 1;
      extended.op = isNoneOf(extended.op) ? (many ? 'not_in' : 'ne') : many ? 'in' : 'eq';
      notes.push(`Filter ${f.dimension} ${opText(extended.op)} ${extended.values.join(', ')}`);
      changed = true;
      continue;
    }
    const related = (d: string) => d === f.dimension || (replacing && sameHierarchy(lex, ctx.model, d, f.dimension));
    if (f.op === 'ne' || f.op === 'not_in') {
      out.filters = out.filters.filter((x) => !(x.dimension === f.dimension && (x.op === 'ne' || x.op === 'not_in')));
    } else {
      out.filters = out.filters.filter((x) => !related(x.dimension));
    }
    out.filters.push(f);
    notes.push(`Filter ${f.dimension} ${opText(f.op)} ${f.values.join(', ')}`);
    changed = true;
  }
  for (const mf of q.metric_filters) {
    out.metric_filters = out.metric_filters.filter((x) => x.metric !== mf.metric);
    out.metric_filters.push(mf);
    if (!out.metrics.includes(mf.metric)) out.metrics.push(mf.metric);
    changed = true;
  }

  // breakdowns: add (drill down) unless told to replace; a new time grain replaces the old one
  const newTime = q.group_by.filter((g) => g.grain);
  const newDims = q.group_by.filter((g) => !g.grain);
  const regroup = (words.has('now') || words.has('instead') || words.has('rather')) && !words.has('also') && q.group_by.length > 0;
  if (regroup) out.group_by = [];
  if (newTime.length) {
    out.group_by = out.group_by.filter((g) => !g.grain);
    out.group_by.push(...newTime);
    notes.push(`Time breakdown: by ${newTime[0].grain}`);
    changed = true;
  }
  if (newDims.length) {
    for (const g of newDims) if (!out.group_by.some((x) => x.dimension === g.dimension)) out.group_by.push(g);
    notes.push(`Breakdown by ${newDims.map((g) => g.dimension).join(', ')}`);
    changed = true;
  }

  // ranking
  if (q.limit || q.order.some((o) => !o.by.endsWith('_date') && lex.metrics.has(o.by))) {
    const by = q.order.find((o) => lex.metrics.has(o.by));
    const metric = b.hasOwnMetric ? (by?.by ?? out.metrics[0]) : out.metrics[0];
    out.order = [{ by: metric, direction: by?.direction ?? 'desc' }];
    if (q.limit) out.limit = q.limit;
    notes.push(`Ranking: ${by?.direction === 'asc' ? 'bottom' : 'top'} ${q.limit ?? ''} by ${metric}`.replace('  ', ' '));
    changed = true;
  } else if (newTime.length && !out.order.length) {
    out.order = [{ by: newTime[0].dimension, direction: 'asc' }];
  }
  if (q.share_of_total.length || a.share) {
    out.share_of_total = [out.metrics[0]];
    changed = true;
  }
  // order entries must refer to metrics or group-bys of the result
  out.order = out.order.filter((o) => out.metrics.includes(o.by) || out.group_by.some((g) => g.dimension === o.by));
  if (!changed) return null;
  return { query: out, notes: [...notes, ...b.notes.filter((n) => !n.startsWith('No metric named'))] };
}

/**
 * "and in April?" after a question about March 1997: a month or quarter named without a year is
 * the one of the previous question's year, not the latest one.
 */
function sameYearAs(range: TimeRange, a: Analysis, previous: TimeRange | undefined): TimeRange {
  const hit = a.times.length === 1 ? a.times[0] : undefined;
  if (!previous || !hit || (hit.unit !== 'month' && hit.unit !== 'quarter') || /\d{4}/.test(range.label ?? '') || hit.relative)
    return range;
  const year = previous.start.slice(0, 4);
  const months = hit.unit === 'month' ? 1 : 3;
  const start = `${year}${range.start.slice(4)}`;
  const [y, m] = start.split('-').map(Number);
  const endMonth = m - 1 + months;
  const end = `${y + Math.floor(endMonth / 12)}-${String((endMonth % 12) + 1).padStart(2, '0')}-01`;
  return { ...range, start, end, label: `${range.label ?? ''} ${year}`.trim() };
}

/** Dimensions on the same path of many_to_one relationships (nation -> region). */
export function sameHierarchy(lex: Lexicon, model: SemanticModel, a: string, b: string): boolean {
  const da = lex.dimensions.get(a);
  const db = lex.dimensions.get(b);
  if (!da || !db) return false;
  if (da.entity === db.entity) return false;
  const chain = (from: string, to: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const x = stack.pop()!;
      if (x === to) return true;
      if (seen.has(x)) continue;
      seen.add(x);
      for (const r of model.relationships) if (r.from === x && r.cardinality !== 'one_to_many') stack.push(r.to);
    }
    return false;
  };
  // only a short geographic-style chain: the two entities are directly related
  const direct = model.relationships.some(
    (r) => (r.from === da.entity && r.to === db.entity) || (r.from === db.entity && r.to === da.entity),
  );
  return direct && (chain(da.entity, db.entity) || chain(db.entity, da.entity));
}
