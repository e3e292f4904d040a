/**
 * Averages per member of an entity: "line items per order", "average revenue per customer",
 * "how many orders per customer on average". The metric is aggregated per member and averaged
 * over the members in scope (`per_entity_averages`). "revenue per region" stays a breakdown: the
 * per-entity reading needs an entity with no breakdown of its own (orders, line items) or an
 * explicit "average"/"on average".
 */
import { dimensionOfEntity } from '../analyse.js';
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

const AVERAGE_WORDS = new Set(['average', 'avg', 'mean', 'typical']);

export const perEntityAverage: Construction = {
  name: 'per-entity average',
  recognise({ items, a, lex }) {
    const averageWords = items.filter(
      (it, k) => it.kind === 'word' && (AVERAGE_WORDS.has(it.lower) || (it.lower === 'average' && items[k - 1]?.lower === 'on')),
    );
    const entityOf = (it: Item): string | undefined => {
      const ent = entriesOf(it, 'entity')[0]?.target;
      if (ent) return ent;
      const m = entriesOf(it, 'metric')
        .map((e) => lex.metrics.get(e.target))
        .find((x) => x?.agg === 'count');
      if (m?.entity) return m.entity;
      const d = entriesOf(it, 'dimension')
        .map((e) => lex.dimensions.get(e.target))
        .find((x) => x && dimensionOfEntity(lex, x.entity) === x.name);
      return d?.entity;
    };
    // Only an amount adds up per member: an average, lowest or highest divided by a count means nothing.
    const addsUp = (m: string) => ['count', 'count_distinct', 'sum'].includes(lex.metrics.get(m)?.agg ?? '');
    let den: Item | undefined;
    let metric: string | undefined;
    let viaGroup = false;
    if (a.ratio) {
      den = a.ratio.den;
      metric = a.ratio.num;
    } else if (averageWords.length) {
      // "average revenue per customer": the group on an entity's own name becomes the averaging entity
      const g = a.groups.find((x) => {
        const per = x.kws?.some((kw) => kw.lower === 'per' || kw.lower === 'for each' || kw.lower === 'each');
        const d = lex.dimensions.get(x.dimension);
        return per && d && dimensionOfEntity(lex, d.entity) === d.name;
      });
      if (g) {
        den = items[g.pos];
        viaGroup = true;
        metric = a.metrics.find((m) => m.pos < g.pos)?.name;
        if (metric && addsUp(metric)) a.groups = a.groups.filter((x) => x !== g);
      }
    }
    if (!den || !metric || !addsUp(metric)) return null;
    const entity = entityOf(den);
    if (!entity) return null;
    const denItem = den;
    const perKw = items
      .slice(0, items.indexOf(denItem))
      .reverse()
      .find((it) => it.kind === 'kw' && it.kw === 'group');
    a.ratio = undefined;
    const m = metric;
    return {
      construction: 'per-entity average',
      apply(query, notes) {
        const info = lex.metrics.get(m);
        consume(
          denItem,
          perKw,
          ...averageWords,
          ...items.filter((it) => it.lower === 'on' && averageWords.includes(items[items.indexOf(it) + 1])),
        );
        notes.push(
          `Average ${info?.label.toLowerCase() ?? m} per ${denItem.text}${viaGroup ? '' : ''}: the total divided by the number of ${entity} in scope`,
        );
        const name = `${m}_per_${entity}`;
        return {
          ...query,
          metrics: query.metrics.filter((x) => x !== m),
          order: query.order.filter((o) => o.by !== m),
          per_entity_averages: [
            ...(query.per_entity_averages ?? []),
            { name, metric: m, entity, label: `${info?.label ?? m} per ${denItem.text}` },
          ],
        };
      },
    };
  },
};
