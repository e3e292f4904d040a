/**
 * The reading of an answer (its structured query) as chips: metric, each filter, each grouping,
 * period, ranking. Each chip may remove itself or change (a time grouping's grain), giving the
 * edited query that is asked again. Labels come from the answer's own explanation (the model's).
 */
import type { AnswerExplanation, InquiryStatusResponse } from './api.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

export type Query = SemanticQuery;

export interface Chip {
  key: string;
  kind: 'metric' | 'filter' | 'group' | 'period' | 'ranking';
  text: string;
  /** The query without this chip; absent when it cannot go (the only metric). */
  remove?: Query;
  /** A time grouping's grain, changeable. */
  grain?: { value: string; change: (grain: string) => Query };
}

export const GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;

const words = (name: string) => {
  const s = name.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};

export function labeller(explanation: unknown): (name: string) => string {
  const e = (explanation ?? {}) as AnswerExplanation;
  const known = new Map<string, string>();
  for (const m of e.metrics ?? []) known.set(m.name, m.label);
  for (const d of e.dimensions ?? []) known.set(d.name, d.label);
  for (const f of e.filters ?? []) known.set(f.dimension, f.label);
  return (name) => known.get(name) ?? words(name);
}

const OP_WORDS: Record<string, string> = {
  eq: ':',
  in: ':',
  ne: ' not',
  not_in: ' not',
  gt: ' >',
  gte: ' ≥',
  lt: ' <',
  lte: ' ≤',
  between: ' between',
  eq_ci: ':',
  starts_with: ' starts with',
  ends_with: ' ends with',
  contains: ' contains',
  not_starts_with: ' does not start with',
  not_ends_with: ' does not end with',
  not_contains: ' does not contain',
  is_set: ' present',
  not_set: ' missing',
};

export function readingChips(query: Query, label: (name: string) => string): Chip[] {
  const chips: Chip[] = [];
  query.metrics.forEach((m, i) => {
    const rest = query.metrics.filter((_, j) => j !== i);
    chips.push({
      key: `metric-${m}`,
      kind: 'metric',
      text: label(m),
      remove: rest.length
        ? {
            ...query,
            metrics: rest,
            order: query.order.filter((o) => o.by !== m),
            share_of_total: query.share_of_total.filter((x) => x !== m),
          }
        : undefined,
    });
  });
  query.filters.forEach((f, i) => {
    const values = f.op === 'between' ? f.values.join(' and ') : f.values.join(', ');
    chips.push({
      key: `filter-${i}`,
      kind: 'filter',
      text: `${label(f.dimension)}${OP_WORDS[f.op] ?? ` ${f.op}`}${values ? ` ${values}` : ''}`,
      remove: { ...query, filters: query.filters.filter((_, j) => j !== i) },
    });
  });
  query.group_by.forEach((g, i) => {
    const without = {
      ...query,
      group_by: query.group_by.filter((_, j) => j !== i),
      order: query.order.filter((o) => o.by !== g.dimension),
    };
    chips.push({
      key: `group-${g.dimension}`,
      kind: 'group',
      text: `By ${label(g.dimension).toLowerCase()}`,
      remove: without,
      grain: g.grain
        ? {
            value: g.grain,
            change: (grain) => ({
              ...query,
              group_by: query.group_by.map((x, j) => (j === i ? { ...x, grain: grain as typeof g.grain } : x)),
            }),
          }
        : undefined,
    });
  });
  if (query.time_range) {
    const r = query.time_range;
    const { time_range: _t, comparison: _c, ...rest } = query;
    void _t;
    void _c;
    chips.push({
      key: 'period',
      kind: 'period',
      text: `${r.label ?? `${r.start} to ${r.end}`}${query.comparison ? ` vs ${query.comparison.previous.label ?? query.comparison.previous.start}` : ''}`,
      remove: rest as Query,
    });
  }
  if (query.limit !== undefined && query.order.length) {
    const o = query.order[0];
    const { limit: _l, with_ties: _w, offset: _o, ...rest } = query;
    void _l;
    void _w;
    void _o;
    chips.push({
      key: 'ranking',
      kind: 'ranking',
      text: `${o.direction === 'asc' ? 'Bottom' : 'Top'} ${query.limit} by ${label(o.by).toLowerCase()}`,
      remove: { ...(rest as Query), order: [] },
    });
  }
  return chips;
}

export const KIND_NAMES: Record<Chip['kind'], string> = {
  metric: 'Metric',
  filter: 'Filter',
  group: 'Grouping',
  period: 'Period',
  ranking: 'Ranking',
};

/** The reading of an answer (null for raw SQL and unfinished answers). */
export function readingOf(inquiry: InquiryStatusResponse): Query | null {
  return (inquiry.semantic_query as Query | null | undefined) ?? null;
}

/** A refusal's closest reading, offered to confirm. */
export function closestReading(inquiry: InquiryStatusResponse): { question: string; semantic_query: Query } | null {
  const c = (inquiry.answer_explanation as { closest_reading?: { question?: string; semantic_query?: Query } } | undefined)
    ?.closest_reading;
  return c?.semantic_query ? { question: c.question ?? '', semantic_query: c.semantic_query } : null;
}
