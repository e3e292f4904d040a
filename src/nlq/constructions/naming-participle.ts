/**
 * A thing "called" or "titled" by its name: "users called Ada Pym", "a film titled Heat", "suppliers
 * named Acme" where the model gives the name no such word. Between the thing and a value of one of its
 * own naming columns the participle only says that the value is its name; it is consumed when the query
 * filters that column by the value. Before anything else ("a customer called last week") it stays unread.
 */
import { entityNamedBy, nameCandidates } from '../members.js';
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

const NAMING = new Set(['called', 'titled', 'named', 'entitled']);

export const namingParticiple: Construction = {
  name: 'naming participle',
  recognise({ items, lex, ctx }) {
    const found: { word: Item; dims: string[] }[] = [];
    for (let k = 1; k < items.length - 1; k++) {
      const it = items[k]!;
      if (it.kind !== 'word' || it.consumed || !NAMING.has(it.lower)) continue;
      const thing = entityNamedBy(lex, items[k - 1]);
      const value = items[k + 1]!;
      if (!thing || value.kind !== 'lex') continue;
      const names = new Set(nameCandidates(ctx.model, lex, thing));
      const dims = entriesOf(value, 'value')
        .map((e) => e.target)
        .filter((d) => names.has(d));
      if (dims.length) found.push({ word: it, dims });
    }
    if (!found.length) return null;
    return {
      construction: 'naming participle',
      apply(query, notes) {
        for (const f of found) {
          if (!query.filters.some((x) => f.dims.includes(x.dimension))) continue;
          consume(f.word);
          notes.push(`"${f.word.text}" names the value as the thing's name`);
        }
        return query;
      },
    };
  },
};
