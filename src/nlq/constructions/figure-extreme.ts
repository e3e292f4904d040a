/**
 * The highest or lowest value of a figure among rows: "what is the highest fee of appointments of premium
 * patients", "the maximum salary of doctors in Lisbon", "lowest price per supplier". The question opens on
 * the extreme word and its figure (nothing but "what is the", "show me" before them), so it asks for that
 * value, not for the thing holding it ("which doctor has the highest salary" is a ranking, and "the doctor
 * with the highest salary" a lookup). The figure must be one number column per row (a measure over a plain
 * column): the extreme of a computed figure ("the highest revenue": of a line, or of a month?) or of a
 * total said as such ("the highest total fee": of which groups?) is not this reading.
 */
import { rowAttribute } from '../single-table.js';
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

const MAX_WORDS = new Set(['highest', 'largest', 'biggest', 'greatest', 'maximum', 'max']);
const MIN_WORDS = new Set(['lowest', 'smallest', 'minimum', 'min']);
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
    const agg = MAX_WORDS.has(word.lower) ? 'max' : MIN_WORDS.has(word.lower) ? 'min' : undefined;
    if (!agg) return null;
    const superl = a.superlatives.find((s) => s.pos === k);
    if (superl && (superl.n !== undefined || superl.frequency)) return null;
    const mention = a.metrics.find((m) => m.pos === k + 1 && m.item.kind === 'lex' && !m.ambiguous);
    if (!mention) return null;
    const measure = ctx.model.measures.find((m) => m.name === mention.name);
    if (!measure || !rowAttribute(ctx.model, measure.name) || !/^\$\{TABLE\}\.\w+$/.test(measure.sql?.trim() ?? '')) return null;
    if (mention.item.lower.split(/\s+/).some((w) => AGGREGATE_SAID.has(w))) return null;
    a.superlatives = a.superlatives.filter((s) => s !== superl);
    a.unknown = a.unknown.filter((u) => u !== word);
    const label = `${agg === 'max' ? 'Highest' : 'Lowest'} ${(lex.metrics.get(measure.name)?.label ?? measure.name).replace(/^(total|average|sum of|avg)\s+/i, '').toLowerCase()}`;
    const taken: Item[] = [word];
    return {
      construction: 'extreme of a figure',
      apply(query, notes) {
        if (!query.metrics.includes(measure.name) || query.order.some((o) => o.by === measure.name)) return query;
        // ("the highest salary of doctors": the rows the figure is of, named by their thing)
        const rowsNamed = items.filter(
          (o) => o.kind === 'lex' && !entriesOf(o, 'value').length && entriesOf(o, 'entity').some((e) => e.target === measure.entity),
        );
        consume(...taken, ...rowsNamed);
        notes.push(`${label}: the ${agg === 'max' ? 'highest' : 'lowest'} value of one row among the rows that meet every condition`);
        return {
          ...query,
          metrics: query.metrics.filter((m) => m !== measure.name),
          column_aggregates: [...(query.column_aggregates ?? []), { name: `${measure.name}_${agg}`, of: measure.name, agg, label }],
        };
      },
    };
  },
};
