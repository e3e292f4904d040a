/**
 * Averages per member of an entity: "line items per order", "average revenue per customer",
 * "how many orders per customer on average". The metric is aggregated per member and averaged
 * over the members in scope (`per_entity_averages`). "revenue per region" stays a breakdown: the
 * per-entity reading needs an entity with no breakdown of its own (orders, line items) or an
 * explicit "average"/"on average".
 */
import { dimensionOfEntity } from '../analyse.js';
import type { SemanticModel } from '../../semantic/model.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { columnOf } from '../units.js';
import type { Construction } from './types.js';

const AVERAGE_WORDS = new Set(['average', 'avg', 'mean', 'typical']);

/**
 * "orders per active customer": a denominator that counts the distinct members of an entity among
 * the numerator's own rows (a count_distinct of a key that refers to that entity, on the same rows,
 * neither figure filtered) is that entity's per-member average, since the members it counts are
 * exactly those the average divides by. Any other pair of figures is a ratio the model does not
 * define (refused).
 */
function distinctMembersOf(model: SemanticModel, numerator: string, denominator: string): string | undefined {
  const num = model.measures.find((m) => m.name === numerator);
  const den = model.measures.find((m) => m.name === denominator);
  if (!num || !den || den.agg !== 'count_distinct' || num.entity !== den.entity || num.filter || den.filter) return undefined;
  const column = columnOf(den.sql);
  if (!column) return undefined;
  const own = model.entities.find((e) => e.name === den.entity);
  if (own && (Array.isArray(own.primary_key) ? own.primary_key : [own.primary_key]).join() === column) return den.entity;
  const refers = model.relationships.filter((r) => r.from === den.entity && r.on.length === 1 && r.on[0]![0] === column);
  return refers.length === 1 ? refers[0]!.to : undefined;
}

export const perEntityAverage: Construction = {
  name: 'per-entity average',
  recognise({ items, a, lex, ctx }) {
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
    const numerator = metric;
    const entity =
      entityOf(den) ??
      entriesOf(den, 'metric')
        .map((e) => distinctMembersOf(ctx.model, numerator, e.target))
        .find((x) => !!x);
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
