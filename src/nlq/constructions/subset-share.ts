/**
 * The share of a subset as one number: "what share of orders are urgent", "percentage of revenue
 * from EUROPE", "% of line items that were returned", "share of line items that were late" (a class of rows). The values named become the subset of a
 * `subset_metrics` entry (`as: 'share'`: subset / whole), per group when there is a breakdown
 * ("share of urgent orders by region"). A share with no subset ("share of revenue by region") is
 * the share-of-total rule's.
 */
import { rowClasses } from '../../semantic/compiler.js';
import { consume } from '../spans.js';
import type { Construction } from './types.js';

export const subsetShare: Construction = {
  name: 'share of a subset',
  recognise({ items, a, lex, ctx }) {
    // (a class of rows read by the row-class rule, "line items that were late", is a subset too)
    const classes = rowClasses(ctx.model);
    if (!a.share || (!a.values.length && !a.rowClassWords?.length)) return null;
    const shareKws = items.filter((it) => it.kind === 'kw' && it.kw === 'share');
    // the share's own rule must not turn the subset into a breakdown
    a.share = false;
    return {
      construction: 'share of a subset',
      apply(query, notes) {
        const metric = query.metrics[0];
        if (!metric || query.metrics.length > 1)
          return 'A share needs exactly one metric to divide (e.g. "share of orders that are urgent").';
        // a share of an average (or a lowest, highest) is no part of a whole
        if (['avg', 'min', 'max', 'median'].includes(lex.metrics.get(metric)?.agg ?? ''))
          return `A share is a part of a total: ${lex.metrics.get(metric)?.label ?? metric} is no total to take a part of.`;
        const valuesOf = (f: (typeof query.filters)[number]) =>
          a.values.filter((v) =>
            v.entries.some((e) => e.target === f.dimension || lex.dimensions.get(f.dimension)?.roleOf?.base === e.target),
          );
        const ofClass = (f: (typeof query.filters)[number]) => classes.has(f.dimension) && !lex.dimensions.has(f.dimension);
        let subset = query.filters.filter((f) => valuesOf(f).length || ofClass(f));
        if (!subset.length) return query; // nothing to divide by: the share words stay unconsumed
        // "what share of restaurants in Boston are Italian": the values after "are" are the part, those before it the whole
        const copula = items.findIndex(
          (it, k) => k > items.indexOf(shareKws[0]!) && it.kind === 'word' && ['are', 'is', 'were', 'was'].includes(it.lower),
        );
        if (subset.length > 1) {
          if (copula < 0)
            return 'A share of values of two dimensions does not say which is the whole and which the part (e.g. "what share of orders from Europe are urgent").';
          const after = subset.filter((f) => valuesOf(f).every((v) => v.pos > copula));
          const before = subset.filter((f) => valuesOf(f).every((v) => v.pos < copula));
          if (!after.length || after.length + before.length !== subset.length)
            return 'A share of values of two dimensions does not say which is the whole and which the part.';
          subset = after;
        }
        const rest = query.filters.filter((f) => !subset.includes(f));
        const negated = (f: (typeof query.filters)[number]) => ['ne', 'not_in', 'ne_ci', 'not_set'].includes(f.op);
        const words = (f: (typeof query.filters)[number]) => (ofClass(f) ? [classes.get(f.dimension)?.label ?? f.dimension] : f.values);
        const label = subset.map((f) => `${negated(f) ? 'not ' : ''}${words(f).join('/')}`).join(', ');
        const name = `${metric}_share_${subset.map((f) => `${negated(f) ? 'not_' : ''}${words(f).join('_')}`).join('_')}`
          .toLowerCase()
          .replace(/[^a-z0-9_]+/g, '_');
        consume(...shareKws);
        notes.push(
          `Share: ${lex.metrics.get(metric)?.label ?? metric} where ${label}, as a fraction of all ${lex.metrics.get(metric)?.label.toLowerCase() ?? metric}`,
        );
        return {
          ...query,
          metrics: [],
          filters: rest,
          share_of_total: [],
          order: query.order.filter((o) => o.by !== metric),
          subset_metrics: [...(query.subset_metrics ?? []), { name, metric, filters: subset, as: 'share', label }],
        };
      },
    };
  },
};
