/**
 * A unit after a figure ("the total length of the rivers in metres", "average height in cm by
 * insurance type"): understood only when it is the unit the figure's own column is kept in (see
 * `units.ts`: of the unit's kind, and neither the model's unit nor the column's name says another).
 * The figure is the metric or numeric attribute of the query named right before the unit. Any other
 * unit (a conversion the query does not make) stays not understood, and the question is refused.
 */
import type { SemanticModel } from '../../semantic/model.js';
import type { SemanticQuery } from '../../semantic/query.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { columnOf, unitAt, unitFits } from '../units.js';
import type { Construction } from './types.js';

/** The column a metric or dimension of the query reads, with its entity. */
function figureColumn(model: SemanticModel, query: SemanticQuery, it: Item): { entity: string; column: string } | undefined {
  for (const e of entriesOf(it, 'metric')) {
    const m = model.measures.find((x) => x.name === e.target && !x.filter);
    const col = columnOf(m?.sql);
    if (m && col && (query.metrics.includes(m.name) || (query.subset_metrics ?? []).some((s) => s.metric === m.name))) return { entity: m.entity, column: col };
  }
  for (const e of entriesOf(it, 'dimension')) {
    const d = model.dimensions.find((x) => x.name === e.target && x.type === 'number');
    const col = columnOf(d?.sql);
    if (d && col && [...query.group_by.map((g) => g.dimension), ...query.filters.map((f) => f.dimension)].includes(d.name)) return { entity: d.entity, column: col };
  }
  return undefined;
}

const DETERMINERS = new Set(['the', 'their', 'its', 'each', 'every', 'all']);
/** Between "of" and the thing whose figure it is: determiners, a superlative, a number ("of the 3 largest"). */
const between = (it: Item) => DETERMINERS.has(it.lower) || it.kind === 'num' || (it.kind === 'kw' && (it.kw === 'desc' || it.kw === 'asc'));

export const measureUnit: Construction = {
  name: 'measure unit',
  recognise({ items, ctx }) {
    const units = items.map((_, k) => unitAt(items, k)).filter((u) => !!u);
    if (!units.length) return null;
    return {
      construction: 'measure unit',
      apply(query) {
        for (const u of units) {
          if (u.items.every((it) => it.consumed)) continue;
          // the figure named right before the unit ("length in metres", "the height of patients in cm")
          const k = items.indexOf(u.items[0]!);
          let figure: { entity: string; column: string } | undefined;
          for (let p = k - 1; p >= 0 && p >= k - 5 && !figure; p--) {
            const it = items[p]!;
            if (it.kind === 'lex') {
              figure = figureColumn(ctx.model, query, it);
              // "the length of rivers in metres": the thing whose figure it is may stand between
              let q = p - 1;
              while (q >= 0 && between(items[q]!)) q--;
              if (!figure && !(entriesOf(it, 'entity').length && /^of\b/.test(items[q]?.lower ?? ''))) break;
            } else if (!between(it) && !/^of\b/.test(it.lower) && !['average', 'total'].includes(it.lower)) break;
          }
          if (figure && unitFits(ctx.model, figure.entity, figure.column, u.unit)) consume(...u.items);
        }
        return query;
      },
    };
  },
};
