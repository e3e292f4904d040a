/**
 * Both sides of a flag: "how many courses have a final exam and how many do not" is one row for
 * each value of the flag (`has_final_exam`), not a count of the courses that have one. Read only
 * when the second "how many" is followed by nothing but "do not" (or "are not", ...) and the
 * question filters on exactly one flag as true; anything after "not" leaves the words unread.
 */
import { consume } from '../spans.js';
import type { Construction } from './types.js';

const AUXILIARY = /^(do|does|did|are|is|were|was|have|has)$/;

export const flagBothSides: Construction = {
  name: 'both sides of a flag',
  recognise({ items, lex }) {
    const isCount = (k: number) => items[k]?.kind === 'kw' && items[k]!.kw === 'count';
    const second = items.findIndex(
      (_, k) => k > 0 && isCount(k) && items[k - 1]!.lower === 'and' && items.slice(0, k - 1).some((_, p) => isCount(p)),
    );
    if (second < 0) return null;
    const tail = items.slice(second + 1).filter((o) => o.kind !== 'punct');
    const [aux, not] = tail;
    if (tail.length !== 2 || !AUXILIARY.test(aux!.lower) || not!.kind !== 'kw' || not!.kw !== 'neg' || not!.lower !== 'not') return null;
    return {
      construction: 'both sides of a flag',
      apply(query, notes) {
        const flags = query.filters.filter(
          (f) => f.op === 'eq' && f.values.length === 1 && f.values[0] === 'true' && lex.dimensions.get(f.dimension)?.type === 'boolean',
        );
        // the first "how many" must have counted something; with no single flag the words stay unread
        if (
          flags.length !== 1 ||
          items[second]!.consumed ||
          !items.slice(0, second).some((o) => o.kind === 'kw' && o.kw === 'count' && o.consumed)
        )
          return query;
        const flag = flags[0]!.dimension;
        const label = lex.dimensions.get(flag)?.label ?? flag;
        const filterNote = notes.findIndex((n) => n.startsWith(`Filter: ${label} = true`));
        if (filterNote >= 0) notes.splice(filterNote, 1);
        notes.push(`Grouped by ${label}: those that do and those that do not`);
        consume(items[second], not);
        return { ...query, filters: query.filters.filter((f) => f !== flags[0]), group_by: [...query.group_by, { dimension: flag }] };
      },
    };
  },
};
