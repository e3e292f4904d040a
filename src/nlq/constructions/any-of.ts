/**
 * "or" between two conditions: "doctors whose first name starts with 'J' or last name contains 'son'",
 * "orders with status F or priority URGENT". Two conditions joined by "or" are never read as both
 * (the filters of a query are AND-ed): an "or" the query does not honour is not understood.
 *
 * An "or" between values of one dimension ("in Leeds or York") is that dimension's in-list and stays
 * so; an "or" inside a text pattern ("starting with 'A' or 'B'") is the pattern's own. Any other "or"
 * in a query with two or more conditions (filters, comparisons, text patterns, value presence, entity
 * conditions, a period) is refused, naming it.
 */
import type { SemanticQuery } from '../../semantic/query.js';
import { entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

/** Words between an "or" and what it joins that carry nothing ("in Leeds or in York", "a F or a P"). */
const SKIPPED = new Set(['a', 'an', 'the', 'in', 'of', 'from', 'at', 'on', 'to', 'for', 'by', 'with']);

/** Every condition the query sets: each filter (an in-list is one), entity condition, metric condition, the period. */
function conditionCount(q: SemanticQuery): number {
  const sides = (q.ratios ?? []).flatMap((r) => [r.numerator, r.denominator]);
  return (
    q.filters.length +
    q.metric_filters.length +
    (q.time_range ? 1 : 0) +
    (q.entity_conditions ?? []).reduce((n, c) => n + 1 + (c.filters?.length ?? 0), 0) +
    (q.subset_metrics ?? []).reduce((n, s) => n + s.filters.length, 0) +
    sides.reduce((n, x) => n + (x.filters?.length ?? 0) + (x.conditions?.length ?? 0), 0)
  );
}

/** Every dimension filter of the query, wherever it stands (its own, a subset's, a condition's, a ratio side's). */
function everyFilter(q: SemanticQuery): SemanticQuery['filters'] {
  const sides = (q.ratios ?? []).flatMap((r) => [r.numerator, r.denominator]);
  return [
    ...q.filters,
    ...(q.subset_metrics ?? []).flatMap((s) => s.filters),
    ...(q.entity_conditions ?? []).flatMap((c) => c.filters ?? []),
    ...sides.flatMap((x) => [...(x.filters ?? []), ...(x.conditions ?? []).flatMap((c) => c.filters ?? [])]),
  ];
}

/** The item next to the "or" on one side, past function words and commas. */
function neighbour(items: Item[], k: number, step: 1 | -1): Item | undefined {
  for (let p = k + step; p >= 0 && p < items.length; p += step) {
    const it = items[p]!;
    if (it.kind === 'punct' || (it.kind === 'word' && SKIPPED.has(it.lower))) continue;
    return it;
  }
  return undefined;
}

/** "Leeds or York": both sides are values one in-list filter of the query holds. */
function inOneList(q: SemanticQuery, left: Item | undefined, right: Item | undefined): boolean {
  if (!left || !right) return false;
  const valuesOf = (it: Item) => entriesOf(it, 'value');
  const l = valuesOf(left);
  const r = valuesOf(right);
  if (!l.length || !r.length) return false;
  return everyFilter(q).some(
    (f) =>
      ['eq', 'in', 'ne', 'not_in', 'eq_ci'].includes(f.op) &&
      l.some((e) => (e.values ?? []).some((v) => f.values.includes(v))) &&
      r.some((e) => (e.values ?? []).some((v) => f.values.includes(v))),
  );
}

export const anyOf: Construction = {
  name: 'any of',
  recognise({ items }) {
    const ors = items.filter((it) => it.kind === 'word' && it.lower === 'or' && !it.used && !it.consumed);
    if (!ors.length) return null;
    return {
      construction: 'any of',
      apply(query, notes) {
        for (const or of ors) {
          if (or.consumed || or.used) continue;
          const k = items.indexOf(or);
          const left = neighbour(items, k, -1);
          const right = neighbour(items, k, 1);
          // "in Leeds or York": one dimension's in-list; "in 2019 or 2020": the period's own reading
          if (inOneList(query, left, right)) continue;
          if (left?.kind === 'time' && right?.kind === 'time') continue;
          if (conditionCount(query) < 2) continue;
          // two conditions joined by "or": never both
          or.dropped = true;
          notes.push(`"or" between two conditions is not supported here: the query would keep only the rows that meet both`);
        }
        return query;
      },
    };
  },
};
