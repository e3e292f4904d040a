/**
 * Period-over-period comparison as a regular answer: "revenue 1997 vs 1996 by region", "how did
 * profit change from 1996 to 1997", "revenue growth in 1997" (against the year before), "orders
 * in Q1 1997 compared to Q1 1996". The later period is the current one (`time_range`), the earlier
 * one `comparison.previous`; the answer carries both, the change and the change %.
 */
import type { TimeRange } from '../../semantic/query.js';
import type { TimeHit } from '../time.js';
import { consume, type Item } from '../spans.js';
import { CHANGE_WORDS } from '../words.js';
import type { Construction } from './types.js';

const YOY_WORDS = new Set(['yoy', 'year-over-year', 'year-on-year']);
/** Change words that name a fall: ranking "the biggest drop" puts the most negative change first. */
const FALLING = new Set(['drop', 'dropped', 'decline', 'declined', 'declining', 'decrease', 'decreased', 'decreasing']);

function shiftYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y + years, m - 1, d));
  return date.toISOString().slice(0, 10);
}

function wholeYears(h: TimeHit): number[] | null {
  const { start, end } = h.range;
  if (!start.endsWith('-01-01') || !end.endsWith('-01-01')) return null;
  const a = Number(start.slice(0, 4));
  const b = Number(end.slice(0, 4));
  return b - a >= 2 ? [a, b - 1] : null;
}

export const periodComparison: Construction = {
  name: 'period comparison',
  recognise({ items, a, lex }) {
    const compareKws = items.filter((it) => it.kind === 'kw' && it.kw === 'compare');
    const changeWords = items.filter((it) => it.kind === 'word' && CHANGE_WORDS.has(it.lower));
    const yoy = items.filter((it) => YOY_WORDS.has(it.lower) || (it.kind === 'grain' && YOY_WORDS.has(it.lower)));
    if (!compareKws.length && !changeWords.length && !yoy.length) return null;
    if (a.times.length > 2 || a.grainGroups.some((g) => !yoy.some((y) => items[g.pos] === y))) return null;
    let current: TimeRange | undefined;
    let previous: TimeRange | undefined;
    if (a.times.length === 2) {
      const [x, y] = a.times;
      if (x.unit !== y.unit) return null;
      [previous, current] = x.range.start < y.range.start ? [x.range, y.range] : [y.range, x.range];
    } else if (a.times.length === 1) {
      const h = a.times[0];
      const years = wholeYears(h);
      if (years && (changeWords.length || compareKws.length)) {
        // "growth from 1996 to 1997": the first and the last year
        previous = { start: `${years[0]}-01-01`, end: `${years[0] + 1}-01-01`, label: String(years[0]) };
        current = { start: `${years[1]}-01-01`, end: `${years[1] + 1}-01-01`, label: String(years[1]) };
      } else if (h.unit !== 'span' && (changeWords.length || yoy.length)) {
        // "growth in 1997", "year-over-year change in Q3 1997": against the same period a year before
        current = h.range;
        previous = {
          start: shiftYears(h.range.start, -1),
          end: shiftYears(h.range.end, -1),
          label: `the same period a year before (${shiftYears(h.range.start, -1).slice(0, 4)})`,
        };
      } else return null;
    } else return null;
    const cur = current!;
    const prev = previous!;
    const words: Item[] = [...compareKws, ...changeWords, ...yoy];
    a.times = [];
    a.compare = false;
    for (const w of changeWords) a.unknown = a.unknown.filter((u) => u !== w);
    a.grainGroups = a.grainGroups.filter((g) => !yoy.includes(items[g.pos]));
    return {
      construction: 'period comparison',
      apply(query, notes) {
        if (!query.metrics.length) return 'A comparison of periods needs a metric to compare.';
        const undated = query.metrics.filter((m) => lex.metrics.get(m)?.timeBound === false);
        if (undated.length)
          return `${undated.map((m) => lex.metrics.get(m)?.label ?? m).join(', ')} ${undated.length > 1 ? 'are' : 'is'} not dated, so ${undated.length > 1 ? 'they' : 'it'} cannot be compared between periods.`;
        consume(...words);
        for (const w of yoy) w.used = true;
        notes.push(`Comparing ${cur.label ?? cur.start} with ${prev.label ?? prev.start}: both values, the change and the change %`);
        const dim = query.time_range?.dimension;
        // "which region grew the most": a ranking of a comparison ranks by the change; "the biggest
        // drop" ranks the most negative change first
        let order = query.order.filter((o) => !query.group_by.some((g) => g.grain && g.dimension === o.by));
        const ranked = order.find((o) => query.metrics.includes(o.by));
        if (ranked && query.limit !== undefined) {
          const falling = changeWords.some((w) => FALLING.has(w.lower));
          const direction = falling ? (ranked.direction === 'desc' ? 'asc' : 'desc') : ranked.direction;
          order = [{ by: `${ranked.by}_change`, direction }];
          notes.push(`Ranked by the change in ${ranked.by.replace(/_/g, ' ')}${falling ? ' (the largest fall first)' : ''}`);
        }
        return {
          ...query,
          time_range: { ...cur, ...(dim ? { dimension: dim } : {}) },
          comparison: { previous: { ...prev, ...(dim ? { dimension: dim } : {}) } },
          group_by: query.group_by.filter((g) => !g.grain),
          order,
        };
      },
    };
  },
};
