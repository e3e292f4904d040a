/**
 * A numeric range on a numeric dimension: "parts with size between 10 and 20", "size from 5 to
 * 15" -> a `between` filter (both ends inclusive); "not between 10 and 20", "outside sizes 10 to 20" ->
 * an any-of group (below the low end, or above the high end). Comparisons (">= 45", "at least 45") are the
 * comparison rule's; this one needs two numbers and a numeric dimension named just before.
 */
import { consume, entriesOf, type Item } from '../spans.js';
import { noteConditionWords } from '../analyse.js';
import type { Construction } from './types.js';

export const numericRange: Construction = {
  name: 'numeric range',
  recognise({ items, lex, a }) {
    for (let k = 0; k + 2 < items.length; k++) {
      const open = items[k];
      // "size between 10 and 20", "size from 5 to 15", or with no opener "sizes 1 thru 5"
      const opener = open.kind === 'word' && (open.lower === 'between' || open.lower === 'from');
      const o = opener ? k : k - 1;
      const lo = items[o + 1];
      const mid = items[o + 2];
      const hi = items[o + 3];
      if (!lo || !mid || !hi || lo.kind !== 'num' || hi.kind !== 'num' || lo.used || hi.used) continue;
      const TO = ['to', '-', 'thru', 'through', 'till', 'until'];
      if (
        opener
          ? !((open.lower === 'between' && mid.lower === 'and') || (open.lower === 'from' && TO.includes(mid.lower)))
          : !TO.includes(mid.lower)
      )
        continue;
      // the numeric dimension named right before ("size between", "with a size between", "sizes 1 thru 5")
      let dimItem: Item | undefined;
      let dimension: string | undefined;
      for (let p = o; p >= 0 && p >= o - 4; p--) {
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
      // "not between 1 and 10", "outside sizes 1 to 10": the rows on either side of the range
      const at = items.indexOf(item);
      const beforeRange = opener ? items[k - 1] : undefined;
      const beforeDim = items[at - 1];
      const negation = [beforeRange, beforeDim].find(
        (w) => w?.kind !== 'num' && !w?.used && !w?.consumed && (w?.lower === 'outside' || (w === beforeRange && w?.lower === 'not')),
      );
      a.dimMentions = a.dimMentions.filter((m) => m.item !== item);
      return {
        construction: 'numeric range',
        apply(query, notes) {
          const words = [opener ? open : undefined, lo, mid, hi, item, negation];
          consume(...words);
          noteConditionWords(a, { dimension: dim, values: [x, y] }, words);
          const label = lex.dimensions.get(dim)?.label ?? dim;
          if (negation) {
            notes.push(`Filter: ${label} below ${x} or above ${y} (outside ${x} to ${y})`);
            const outside = {
              label: `${label} outside ${x} to ${y}`,
              filters: [
                { dimension: dim, op: 'lt' as const, values: [x] },
                { dimension: dim, op: 'gt' as const, values: [y] },
              ],
            };
            return { ...query, any_of: [...(query.any_of ?? []), outside] };
          }
          notes.push(`Filter: ${label} between ${x} and ${y} (inclusive)`);
          return { ...query, filters: [...query.filters, { dimension: dim, op: 'between', values: [x, y] }] };
        },
      };
    }
    return null;
  },
};
