/**
 * Periods with rows: "how many months in 2021 had orders", "on how many days were there sales",
 * "number of weeks with returns". A count keyword right before a plural time unit (days, weeks,
 * months, quarters, years; also when a column of the model is named so) counts the distinct buckets of that unit of the metric's dating time
 * dimension in which the metric has rows in scope (`period_counts`): filters and the period apply.
 *
 * Only presence is read: between the unit and the one metric there may be nothing but a verb of
 * having or occurring ("had", "were there", "with", "saw"), the metric's values and periods. A
 * number or a comparison ("months with more than 10 orders": a condition on each month's total), a
 * duration ("how many days did orders take"), or a second metric leave the construction out, and
 * the unit and "how many" stay unread (refused).
 */
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

const UNITS: Record<string, 'day' | 'week' | 'month' | 'quarter' | 'year'> = Object.assign(Object.create(null), {
  days: 'day',
  weeks: 'week',
  months: 'month',
  quarters: 'quarter',
  years: 'year',
});

/** Words that say a period had rows of the metric (and nothing about how many or how long). */
const PRESENCE = new Set([
  'had',
  'have',
  'has',
  'having',
  'with',
  'were',
  'was',
  'there',
  'saw',
  'see',
  'seen',
  'recorded',
  'record',
  'any',
  'some',
  'contained',
  'contain',
  'containing',
  'occurred',
  'registered',
  'received',
  'got',
  'the',
  'at',
  'least',
  'one',
]);
/** Words of a duration or of a timing between two events: never periods that had rows. */
const DURATION = new Set([
  'take',
  'took',
  'taken',
  'takes',
  'taking',
  'last',
  'lasted',
  'lasting',
  'elapsed',
  'pass',
  'passed',
  'long',
  'longer',
  'spend',
  'spent',
  'apart',
  'wait',
  'waited',
  'delay',
  'delayed',
  'late',
  'early',
  'old',
  'age',
  'between',
  'until',
  'before',
  'after',
  'since',
  'remain',
  'remaining',
  'left',
  'each',
  'per',
  'average',
  'every',
]);

export const periodCount: Construction = {
  name: 'period count',
  recognise({ items, a, lex }) {
    // the unit: a time grain word, or the same word naming a dimension of the model (a "month"
    // column) that nothing counts: the calendar months are meant, not the column's values
    const isUnit = (it: Item): boolean =>
      !!UNITS[it.lower] &&
      !it.consumed &&
      ((it.kind === 'grain' && !it.used) ||
        (it.kind === 'lex' &&
          a.countUnknown.includes(it) &&
          (it.entries ?? []).every((e) => e.kind === 'dimension' || e.kind === 'time_dimension')));
    const k = items.findIndex((it, i) => isUnit(it) && precededByCount(items, i));
    if (k < 0) return null;
    const unitItem = items[k]!;
    const grain = UNITS[unitItem.lower]!;
    let c = k - 1;
    while (c >= 0 && items[c]!.kind === 'word' && ['the', 'of'].includes(items[c]!.lower)) c--;
    const countKw = items[c]!;
    // exactly one metric, after the unit, reached through presence words, values and periods only
    if (a.metrics.length !== 1) return null;
    const metric = a.metrics[0]!;
    const mk = items.indexOf(metric.item);
    if (mk <= k) return null;
    for (const it of items.slice(k + 1, mk)) {
      if (it.kind === 'time' || it.kind === 'punct') continue;
      if (it.kind === 'word' && PRESENCE.has(it.lower)) continue;
      if (it.kind === 'lex' && (it.entries ?? []).length > 0 && (it.entries ?? []).every((e) => e.kind === 'value')) continue;
      return null;
    }
    if (items.some((it) => it.kind === 'word' && DURATION.has(it.lower))) return null;
    if (items.some((it) => it.kind === 'num') || a.cmps.length) return null;
    if (lex.metrics.get(metric.name)?.agg === undefined) return null;
    const presence = items.slice(k + 1, mk).filter((it) => it.kind === 'word' && PRESENCE.has(it.lower));
    a.countUnknown = a.countUnknown.filter((it) => it !== unitItem);
    return {
      construction: 'period count',
      apply(query, notes) {
        if (query.metrics.length !== 1 || query.metrics[0] !== metric.name) return `I could not tell which figure's ${grain}s to count.`;
        if (
          query.metric_filters.length ||
          query.entity_conditions?.length ||
          query.comparison ||
          query.ratios?.length ||
          query.subset_metrics?.length
        )
          return `I can count the ${grain}s that had ${metric.item.text.toLowerCase()}, but not under a condition on their totals.`;
        consume(countKw, unitItem, ...presence);
        unitItem.used = true;
        notes.push(`Counting the ${grain}s in which there were ${metric.item.text.toLowerCase()}`);
        return {
          ...query,
          metrics: [],
          order: query.order.filter((o) => o.by !== metric.name),
          period_counts: [
            ...(query.period_counts ?? []),
            {
              name: `${metric.name}_${grain}s`,
              metric: metric.name,
              grain,
              label: `Number of ${grain}s with ${metric.item.text.toLowerCase()}`,
            },
          ],
        };
      },
    };
  },
};

/** "how many months", "number of the days", "count of weeks": a count keyword right before the unit. */
function precededByCount(items: Item[], k: number): boolean {
  let c = k - 1;
  while (c >= 0 && items[c]!.kind === 'word' && ['the', 'of'].includes(items[c]!.lower)) c--;
  const it = items[c];
  return !!it && it.kind === 'kw' && it.kw === 'count' && !it.consumed && entriesOf(it, 'metric').length === 0;
}
