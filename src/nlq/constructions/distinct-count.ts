/**
 * Distinct counts of an entity's members: "how many different parts were sold in 1997", "number
 * of unique customers who ordered in 1996", and "how many parts have size 15" when the model has
 * no count metric of the entity. The members are counted among the rows in scope
 * (`distinct_counts`), so filters and the period restrict them.
 */
import { dimensionOfEntity } from '../analyse.js';
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

export const DISTINCT_WORDS = new Set(['different', 'distinct', 'unique', 'individual', 'separate']);

export const distinctCount: Construction = {
  name: 'distinct count',
  recognise({ items, a, lex, ctx }) {
    const entityOf = (it: Item): string | undefined =>
      entriesOf(it, 'entity')[0]?.target ??
      entriesOf(it, 'metric')
        .map((e) => lex.metrics.get(e.target))
        .find((m) => m?.agg === 'count' || m?.agg === 'count_distinct')?.entity ??
      // only the dimension naming the entity's members ("customers"), never another of its attributes ("brands")
      entriesOf(it, 'dimension')
        .map((e) => lex.dimensions.get(e.target))
        .find((d) => !!d && dimensionOfEntity(lex, d.entity) === d.name)?.entity;
    // an attribute named alone (one dimension, not a thing's own name), stored as text or a number
    const attributeOf = (it: Item): string | undefined => {
      if (it.kind !== 'lex' || it.entries!.some((e) => e.kind !== 'dimension')) return undefined;
      const dims = [...new Set(entriesOf(it, 'dimension').map((e) => e.target))];
      return dims.length === 1 ? dims[0] : undefined;
    };
    // 1. "how many parts": a count of an entity the model has no count metric for
    // (a bare "how many towns" stays refused: the towns' own count or the things in them? only "different" says)
    const uncounted = a.countUnknown.find((it) => it.kind === 'lex' && entityOf(it));
    // 2. "how many different customers": an explicit distinct count
    const distinctWord = items.find((it, k) => it.kind === 'word' && DISTINCT_WORDS.has(it.lower) && items[k + 1]?.kind === 'lex');
    const target = uncounted ?? (distinctWord ? items[items.indexOf(distinctWord) + 1] : undefined);
    if (!target) return null;
    // 3. "how many different cities", "number of distinct colours": the distinct values of an attribute
    const attribute = entityOf(target) || target === uncounted ? undefined : attributeOf(target);
    const entity = entityOf(target) ?? (attribute ? lex.dimensions.get(attribute)?.entity : undefined);
    if (!entity) return null;
    const countKw = items
      .slice(0, items.indexOf(target))
      .reverse()
      .find((it) => it.kind === 'kw' && it.kw === 'count');
    if (!countKw) return null;
    a.countUnknown = a.countUnknown.filter((it) => it !== target && it !== distinctWord);
    a.unknown = a.unknown.filter((it) => it !== distinctWord);
    a.metrics = a.metrics.filter((m) => m.item !== target);
    // "how many different towns do the guests come from": the things named after the attribute are whose values
    // are counted (one figure), never a count of their own beside it, unless a count word of theirs says so
    const at = items.indexOf(target);
    const whose = attribute
      ? a.metrics.filter((m) => {
          const counted = lex.metrics.get(m.name);
          const between = items.slice(at + 1, items.indexOf(m.item));
          return (
            m.pos > at &&
            counted?.agg === 'count' &&
            counted.entity === entity &&
            !between.some((it) => it.kind === 'kw' && it.kw === 'count')
          );
        })
      : [];
    a.metrics = a.metrics.filter((m) => !whose.includes(m));
    a.providesMetric = true;
    return {
      construction: 'distinct count',
      apply(query, notes) {
        consume(target, countKw, distinctWord, ...whose.map((m) => m.item));
        target.used = true;
        notes.push(
          attribute
            ? `Counting the distinct values of ${lex.dimensions.get(attribute)?.label ?? attribute} among the rows in scope`
            : `Counting distinct ${entity} among the rows in scope`,
        );
        const counted = attribute
          ? { name: `${attribute}_count`, entity, dimension: attribute, label: `Number of different ${target.text.toLowerCase()}` }
          : { name: `${entity}_count`, entity, label: `Number of ${target.text.toLowerCase()}` };
        const withCount = { ...query, distinct_counts: [...(query.distinct_counts ?? []), counted] };
        // "the top 3 types by number of distinct customers": the ranking's figure, in place of the default one no word named;
        // "how many distinct customers made each type, for the top 3 types by number of customers": the same count
        const by = items[items.indexOf(countKw) - 1];
        const ranked = query.order.length === 1 && query.limit !== undefined ? query.order[0] : undefined;
        const rankedBy = ranked ? lex.metrics.get(ranked.by) : undefined;
        const rankedCount = ctx.model.measures.find((m) => m.name === ranked?.by && m.agg === 'count' && !m.filter);
        const defaulted =
          by?.kind === 'kw' &&
          by.kw === 'group' &&
          by.lower === 'by' &&
          !by.consumed &&
          !a.metrics.length &&
          query.metrics.length === 1 &&
          ranked?.by === query.metrics[0];
        const same = !attribute && !!rankedCount && rankedBy?.entity === entity && query.metrics.length === 1;
        if (ranked && (defaulted || same)) {
          if (defaulted) consume(by);
          const defaultLabel = lex.metrics.get(ranked.by)?.label ?? ranked.by;
          const stale = notes.findIndex((n) => n.endsWith(` by ${defaultLabel}`));
          if (stale >= 0) notes.splice(stale, 1, notes[stale]!.replace(` by ${defaultLabel}`, ` by ${counted.label.toLowerCase()}`));
          return { ...withCount, metrics: [], order: [{ by: counted.name, direction: ranked.direction }] };
        }
        return withCount;
      },
    };
  },
};
