/** Ordinal ranks: "the second largest nation by revenue" = rank desc, skip 1, take 1. */
import { ORDINALS } from '../text.js';
import { consume } from '../spans.js';
import { senseSuperlative } from './superlative-lookup.js';
import type { Construction } from './types.js';

export const ordinalRank: Construction = {
  name: 'ordinal rank',
  recognise({ items }) {
    for (let k = 0; k + 1 < items.length; k++) {
      const it = items[k];
      const n = ORDINALS[it.lower];
      const next = items[k + 1];
      // ("the second longest river": an adjective of a sense ranks like a superlative keyword)
      const ranks =
        (next.kind === 'kw' && (next.kw === 'desc' || next.kw === 'asc')) || (next.kind === 'word' && senseSuperlative(next.lower));
      if (it.kind !== 'word' || !n || n < 2 || !ranks) continue;
      return {
        construction: 'ordinal rank',
        apply(query, notes) {
          if (!query.order.length || query.limit === undefined)
            return `"${it.text} ${next.text}" needs something to rank (e.g. "the ${it.text} ${next.text} nation by revenue").`;
          consume(it);
          notes.push(`Rank ${n}: skipping the first ${n - 1}`);
          return { ...query, offset: n - 1, limit: 1 };
        },
      };
    }
    return null;
  },
};
