/**
 * One figure over the rows that meet the question's conditions: "what is the highest fee of appointments of
 * premium patients", "the maximum salary of doctors in Lisbon", "the total credits of courses taught by X", the
 * same per group ("the highest fee per city"). The question opens on the aggregate word and its figure (nothing
 * but "what is the", "show me" before them), so it asks for that value, not for the thing holding it ("which
 * doctor has the highest salary" is a ranking, "the doctor with the highest salary" a lookup). The figure is one
 * number column per row: a measure over a plain column (its extreme only: its own total or average is the
 * general rules'), or a number column the model keeps as a dimension only (any aggregate). The extreme of a
 * computed figure ("the highest revenue": of a line, or of a month?) or of a total said as such ("the highest
 * total fee": of which groups?) is not this reading.
 */
import { AGG_LABELS, AGG_WORDS, rowAttribute } from '../single-table.js';
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

/** Words that may open a question asking for a value. */
const OPENING = new Set(
  `what what's whats is was are were the show give me us tell find return get display please i'd want to know see`.split(' '),
);
/** Words in the figure's phrase that say it is already an aggregate of rows. */
const AGGREGATE_SAID = new Set(['total', 'sum', 'average', 'avg', 'mean', 'overall', 'combined', 'number', 'count', 'cumulative']);

export const figureExtreme: Construction = {
  name: 'extreme of a figure',
  recognise({ items, a, lex, ctx }) {
    let k = 0;
    while (k < items.length && items[k]!.kind !== 'lex' && OPENING.has(items[k]!.lower)) k++;
    const word = items[k];
    if (!word || word.consumed || (word.kind !== 'word' && word.kind !== 'kw')) return null;
    const agg = AGG_WORDS.get(word.lower);
    if (!agg) return null;
    // ("the lowest daily revenue in each month": the extreme of a per-period figure is `period-metric-extreme.ts`'s)
    if (a.grainGroups.length) return null;
    const superl = a.superlatives.find((s) => s.pos === k);
    if (superl && (superl.n !== undefined || superl.frequency)) return null;
    // "the sum of (the) credits"
    let at = k + 1;
    const between: Item[] = [];
    if (items[at]?.lower === 'of' && !word.lower.endsWith('est')) {
      between.push(items[at]!);
      at++;
      if (['the', 'all'].includes(items[at]?.lower ?? '')) between.push(items[at++]!);
    }
    const target = items[at];
    if (target?.kind !== 'lex' || target.consumed) return null;
    let figure: { of: string; entity: string; label: string } | undefined;
    let measureName: string | undefined;
    // a measure over one plain column of its rows (its extreme only: its own total or average is the general rules')
    const mention = a.metrics.find((m) => m.item === target && !m.ambiguous);
    if (mention && (agg === 'max' || agg === 'min') && !between.length) {
      const measure = ctx.model.measures.find((m) => m.name === mention.name);
      if (!measure || !rowAttribute(ctx.model, measure.name) || !/^\$\{TABLE\}\.\w+$/.test(measure.sql?.trim() ?? '')) return null;
      if (target.lower.split(/\s+/).some((w) => AGGREGATE_SAID.has(w))) return null;
      measureName = measure.name;
      const label = (lex.metrics.get(measure.name)?.label ?? measure.name).replace(/^(total|average|sum of|avg)\s+/i, '');
      figure = { of: measure.name, entity: measure.entity, label };
    } else if (!mention && !entriesOf(target, 'metric').length && !entriesOf(target, 'value').length) {
      // a number column the model keeps as a dimension only ("credits", "rooms"): any of the four
      const numbers = [...new Set(entriesOf(target, 'dimension').map((e) => e.target))].filter(
        (d) => lex.dimensions.get(d)?.type === 'number',
      );
      if (numbers.length !== 1 || entriesOf(target, 'dimension').length !== numbers.length) return null;
      const dim = lex.dimensions.get(numbers[0]!)!;
      figure = { of: dim.name, entity: dim.entity, label: dim.label };
    }
    if (!figure) return null;
    const of = figure.of;
    a.superlatives = a.superlatives.filter((s) => s !== superl);
    a.unknown = a.unknown.filter((u) => u !== word && !between.includes(u));
    if (!measureName) {
      a.dimMentions = a.dimMentions.filter((d) => d.item !== target);
      a.groups = a.groups.filter((g) => items[g.pos] !== target);
      a.providesMetric = true;
    }
    const label = `${AGG_LABELS[agg]} ${figure.label.toLowerCase()}`;
    const entity = figure.entity;
    const rowCounts = a.metrics
      .filter((m) => m.ambiguous && lex.metrics.get(m.name)?.agg === 'count' && lex.metrics.get(m.name)?.entity === entity)
      .map((m) => m.name);
    return {
      construction: 'extreme of a figure',
      apply(query, notes) {
        // (the things named as the rows, "of courses", are no count of their own)
        const others = query.metrics.filter((m) => m !== measureName && !rowCounts.includes(m));
        const unread =
          others.length ||
          (measureName && (!query.metrics.includes(measureName) || query.order.some((o) => o.by === measureName))) ||
          query.group_by.some((g) => g.dimension === of);
        if (unread) return `"${word.text} ${target.text}" beside the rest of the question is not supported.`;
        // ("the highest salary of doctors": the rows the figure is of, named by their thing)
        const rowsNamed = items.filter(
          (o) => o.kind === 'lex' && !entriesOf(o, 'value').length && entriesOf(o, 'entity').some((e) => e.target === entity),
        );
        consume(word, ...between, target, ...rowsNamed);
        notes.push(`${label}: of one value per row, among the rows that meet every condition`);
        return {
          ...query,
          metrics: [],
          column_aggregates: [...(query.column_aggregates ?? []), { name: `${of}_${agg}`, of, agg, label }],
        };
      },
    };
  },
};
