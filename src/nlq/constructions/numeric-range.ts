/**
 * A numeric range on a numeric dimension: "parts with size between 10 and 20", "size from 5 to
 * 15" -> a `between` filter (both ends inclusive). Comparisons (">= 45", "at least 45") are the
 * comparison rule's; this one needs two numbers and a numeric dimension named just before.
 */
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

export const numericRange: Construction = {
  name: 'numeric range',
  recognise({ items, lex, a }) {
    for (let k = 0; k + 3 < items.length; k++) {
      const open = items[k];
      if (open.kind !== 'word' || (open.lower !== 'between' && open.lower !== 'from')) continue;
      const lo = items[k + 1];
      const mid = items[k + 2];
      const hi = items[k + 3];
      if (lo.kind !== 'num' || hi.kind !== 'num' || lo.used || hi.used) continue;
      if (!((open.lower === 'between' && mid.lower === 'and') || (open.lower === 'from' && (mid.lower === 'to' || mid.lower === '-')))) continue;
      // the numeric dimension named right before ("size between", "with a size between")
      let dimItem: Item | undefined;
      let dimension: string | undefined;
      for (let p = k - 1; p >= 0 && p >= k - 4; p--) {
        const o = items[p];
        const d = o.kind === 'lex' ? entriesOf(o, 'dimension').find((e) => lex.dimensions.get(e.target)?.type === 'number') : undefined;
        if (d) {
          dimItem = o;
          dimension = d.target;
          break;
        }
      }
      if (!dimension || !dimItem) continue;
      lo.used = hi.used = true;
      const [x, y] = lo.num! <= hi.num! ? [lo.num!, hi.num!] : [hi.num!, lo.num!];
      const dim = dimension;
      const item = dimItem;
      a.dimMentions = a.dimMentions.filter((m) => m.item !== item);
      return {
        construction: 'numeric range',
        apply(query, notes) {
          consume(open, lo, mid, hi, item);
          notes.push(`Filter: ${lex.dimensions.get(dim)?.label ?? dim} between ${x} and ${y} (inclusive)`);
          return { ...query, filters: [...query.filters, { dimension: dim, op: 'between', values: [x, y] }] };
        },
      };
    }
    return null;
  },
};
