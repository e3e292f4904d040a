/**
 * Both of two values: "which members have rentals in both Leeds and York", "authors with papers in
 * both the domain A and the domain B" keep the members that have rows with the first value and rows
 * with the second (two entity conditions, each with its own filter), never the rows with either
 * (the plain "A and B" filter is a list: IN).
 *
 * Read only on a breakdown by the members of one thing with one count of the rows that relate them
 * to the values' dimension ("have rentals"): the rows counted are the ones that must exist for each
 * value. A value of the members' own dimension (a member has one town) cannot be both: refused.
 */
import type { DimensionFilter, EntityCondition } from '../../semantic/query.js';
import { joinGraph } from '../../semantic/graph.js';
import { consume, entriesOf } from '../spans.js';
import type { Construction } from './types.js';

export const bothValues: Construction = {
  name: 'both values',
  recognise({ items, a, lex, ctx }) {
    const k = items.findIndex((it) => it.kind === 'word' && it.lower === 'both' && !it.consumed);
    if (k < 0) return null;
    // both [the dimension] A and [the dimension] B: two values of one dimension, neither negated
    const vals = a.values.filter((v) => v.pos > k && v.pos <= k + 7 && !v.negated).slice(0, 2);
    if (vals.length !== 2) return null;
    const [va, vb] = vals as [(typeof vals)[0], (typeof vals)[0]];
    const between = items.slice(k + 1, vb.pos).filter((o) => o !== va.item);
    const dimsOf = (v: typeof va) => new Set(v.entries.map((e) => e.target));
    const shared = [...dimsOf(va)].filter((d) => dimsOf(vb).has(d));
    if (shared.length !== 1 || !between.some((o) => o.lower === 'and')) return null;
    const dimension = shared[0]!;
    // the words between are "and", articles, and the dimension named before each value
    const ok = between.every(
      (o) =>
        ['and', 'the', 'a', 'an'].includes(o.lower) ||
        (o.kind === 'lex' &&
          entriesOf(o, 'dimension').some(
            (e) =>
              e.target === dimension ||
              lex.dimensions.get(e.target)?.label.toLowerCase() === lex.dimensions.get(dimension)?.label.toLowerCase(),
          )),
    );
    if (!ok) return null;
    const model = ctx.model;
    return {
      construction: 'both values',
      apply(query, notes) {
        const filter = query.filters.find((f) => f.dimension === dimension && (f.op === 'in' || f.op === 'eq') && f.values.length === 2);
        if (!filter) return query;
        const groups = query.group_by.filter((g) => !g.grain);
        const E = lex.dimensions.get(groups[0]?.dimension ?? '')?.entity;
        if (!E || groups.length !== query.group_by.length || groups.some((g) => lex.dimensions.get(g.dimension)?.entity !== E))
          return query;
        if (query.metrics.length !== 1) return query;
        const m = model.measures.find((x) => x.name === query.metrics[0]);
        const De = lex.dimensions.get(dimension)?.entity;
        // the rows counted relate the members to the values; a member's own value is one value
        if (!m || m.agg !== 'count' || m.entity === E || !De || De === E) return query;
        const graph = joinGraph(model);
        if (!graph.path(m.entity, E) || (De !== m.entity && !graph.path(m.entity, De))) return query;
        const condition = (value: string | number | boolean): EntityCondition => ({
          entity: E,
          metric: m.name,
          op: 'gte',
          value: 1,
          filters: [{ dimension, op: 'eq', values: [value] } satisfies DimensionFilter],
          ...(query.time_range ? { time_range: query.time_range } : {}),
        });
        consume(items[k]);
        const label = lex.dimensions.get(dimension)?.label ?? dimension;
        notes.push(
          `Kept: ${E.replace(/_/g, ' ')} with ${m.label?.toLowerCase() ?? m.name} in both ${label} ${filter.values.join(' and ')}`,
        );
        return {
          ...query,
          filters: query.filters.filter((f) => f !== filter),
          entity_conditions: [...(query.entity_conditions ?? []), condition(filter.values[0]!), condition(filter.values[1]!)],
        };
      },
    };
  },
};
