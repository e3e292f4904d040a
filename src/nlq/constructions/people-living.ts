/**
 * People living somewhere: "how many people live in Ohio", "the number of inhabitants residing on
 * Skye". People counted in a place are its population (the draft names a population column's total
 * "people", "inhabitants", "residents", "citizens"); the verb of living after them says where they are
 * counted, which the value after it already filters. The verb is consumed only when the query computes
 * that population figure, so a verb of living after anything else (a count of customers) stays unread.
 */
import { consume, entriesOf, type Item } from '../spans.js';
import { LIVING } from '../words.js';
import type { Construction } from './types.js';

/** Nouns for the people a population counts (its one column: single-table.ts reads "how many people live in X" too). */
export const PEOPLE = new Set(['people', 'persons', 'residents', 'inhabitants', 'citizens']);

export const peopleLiving: Construction = {
  name: 'people living',
  recognise({ items }) {
    const found: { verb: Item; metrics: string[] }[] = [];
    items.forEach((it, k) => {
      if (it.kind !== 'word' || !LIVING.has(it.lower) || it.consumed) return;
      const people = items[k - 1];
      if (people?.kind !== 'lex' || !PEOPLE.has(people.lower.split(' ').pop() ?? '')) return;
      const metrics = entriesOf(people, 'metric').map((e) => e.target);
      if (metrics.length) found.push({ verb: it, metrics });
    });
    if (!found.length) return null;
    return {
      construction: 'people living',
      apply(query, notes) {
        for (const f of found) {
          if (!query.metrics.some((m) => f.metrics.includes(m))) continue;
          consume(f.verb);
          notes.push(`"${f.verb.text}": the people counted are the population of the place named`);
        }
        return query;
      },
    };
  },
};
