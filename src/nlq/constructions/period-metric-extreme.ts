/**
 * The extreme of a metric named by its period, within each coarser period: "the lowest daily
 * revenue in each month" when the model's measure is itself called "Daily revenue" (a Cortex
 * fact, a hand-written "Weekly signups"). The period word is then part of the metric's phrase, so
 * the general rules see no finer unit and would rank the months themselves (the single lowest
 * month: a wrong answer). Here the metric phrase's leading period adjective is also the finer
 * breakdown, and the ranking runs within each coarser unit (`rank_within`, as for "which day had
 * the lowest revenue in each month"). A later restatement of the same ranking ("... and on what
 * date did that lowest revenue occur") says the ranked value again, with words of the metric's
 * name: it is consumed only when the ranking applied.
 */
import { consume, type Grain, type Item } from '../spans.js';
import type { Construction } from './types.js';

const PERIOD_ADJECTIVES: Record<string, Grain> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
  annual: 'year',
};
const FINE_TO_COARSE: Grain[] = ['day', 'week', 'month', 'quarter', 'year'];
/** Words that point back at the value just ranked ("that lowest revenue"). */
const BACK_REFERENCES = new Set(['that', 'this', 'the', 'its', 'said']);

export const periodMetricExtreme: Construction = {
  name: 'extreme of a per-period metric',
  recognise({ items, a, lex }) {
    const superl = a.superlatives[0];
    if (!superl || superl.frequency) return null;
    // the superlative right before the metric's own phrase ("lowest" "daily revenue")
    const metric = a.metrics.find((m) => m.pos === superl.pos + 1 && m.item.kind === 'lex');
    if (!metric) return null;
    const grain = PERIOD_ADJECTIVES[metric.item.lower.split(/\s+/)[0] ?? ''];
    if (!grain) return null;
    // a finer unit already said ("which day had the lowest daily revenue") is the general rules' case
    if (a.grainGroups.some((g) => g.grain === grain)) return null;
    // each of a coarser unit ("in each month", "for every quarter")
    const each = a.grainGroups.filter((g) => {
      const before = items[g.pos - 1];
      return (
        before?.kind === 'kw' && /\b(each|every)\b/.test(before.lower) && FINE_TO_COARSE.indexOf(g.grain) > FINE_TO_COARSE.indexOf(grain)
      );
    });
    if (each.length !== 1) return null;
    // the metric phrase also names the finer breakdown (checked against the dating time dimension when built)
    a.grainGroups.push({ grain, pos: metric.pos });

    // "that lowest revenue": a second superlative the same way, its words all of the metric's name
    const nameWords = new Set(
      [lex.metrics.get(metric.name)?.label ?? '', metric.item.lower].flatMap((p) => p.toLowerCase().split(/[\s_]+/)).filter(Boolean),
    );
    const restated: Item[] = [];
    for (const s of a.superlatives.slice(1)) {
      if (s.dir !== superl.dir || s.n !== undefined || s.pos <= metric.pos) continue;
      if (!BACK_REFERENCES.has(items[s.pos - 1]?.lower ?? '')) continue;
      const words: Item[] = [];
      for (let p = s.pos + 1; items[p]?.kind === 'word' && nameWords.has(items[p]!.lower); p++) words.push(items[p]!);
      if (!words.length) continue;
      restated.push(items[s.pos]!, ...words);
      a.superlatives = a.superlatives.filter((x) => x !== s);
      a.unknown = a.unknown.filter((u) => !words.includes(u));
    }
    return {
      construction: 'extreme of a per-period metric',
      apply(query) {
        const ranked =
          query.order[0]?.by === metric.name &&
          query.order[0]?.direction === superl.dir &&
          !!query.rank_within?.length &&
          query.group_by.some((g) => g.grain === grain);
        // not read as a ranking within each coarser unit: the restatement's words stay unread (refused)
        if (ranked) consume(...restated);
        return query;
      },
    };
  },
};
