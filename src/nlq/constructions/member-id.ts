/**
 * One member named by its id: "the business with id abc123", "customer ID 42", "the order with
 * the identifier 7", "store_id = 12" -> an `eq` filter on the entity's key dimension (the one whose
 * SQL is its primary key column). The id must look like one: a whole number for a numeric key, a
 * code with a digit in it for a text key ("b12", "AB-7"); a word with no digit is never read as an
 * id ("the business with id Joe" stays unread). An id that names no member ends `no_data`, honestly.
 */
import { consume, entriesOf, type Item } from '../spans.js';
import { keyDimension } from './listing.js';
import type { Construction } from './types.js';

const ID_WORDS = new Set(['id', 'identifier']);
/** Between the thing and "id": "the business with the id …". */
const BEFORE_ID = new Set(['with', 'having', 'whose', 'the', 'an', 'a', 'its', 'is', 'equal', 'equals', '=', ':']);
/** Between "id" and the value: "id of 7", "ID = 1". */
const BEFORE_VALUE = new Set(['of', '=', ':', 'is', 'equal', 'equals', 'to']);

/** The id an item spells, typed for the key: a whole number, or a code with a digit (`taken`: a comparison read it first). */
function idValue(it: Item | undefined, numeric: boolean, taken: boolean): number | string | undefined {
  if (!it || (it.used && !taken) || it.consumed) return undefined;
  if (it.kind === 'num' && it.num !== undefined && Number.isInteger(it.num) && /^\d+$/.test(it.text) && !it.percent)
    return numeric ? it.num : it.text;
  if (numeric || (it.kind !== 'word' && it.kind !== 'num')) return undefined;
  return /\d/.test(it.text) && /^[A-Za-z0-9][A-Za-z0-9_\-.#/]*$/.test(it.text) ? it.text : undefined;
}

export const memberId: Construction = {
  name: 'member id',
  recognise({ items, a, lex, ctx }) {
    for (let k = 0; k < items.length; k++) {
      const it = items[k]!;
      if (it.kind !== 'lex') continue;
      // "customer ID 42" / "store_id = 12": a key dimension named, then the id
      const keyOf = (entity: string) => keyDimension(ctx.model, entity);
      let key = entriesOf(it, 'dimension')
        .map((e) => e.target)
        .find((d) => keyOf(lex.dimensions.get(d)?.entity ?? '') === d);
      const words: Item[] = [it];
      let p = k + 1;
      if (!key) {
        // "the business with (the) id abc123": the entity, then an id word
        const entity = entriesOf(it, 'entity')[0]?.target;
        if (!entity) continue;
        const entityKey = keyOf(entity);
        if (!entityKey) continue;
        while (items[p] && items[p]!.kind !== 'num' && BEFORE_ID.has(items[p]!.lower)) words.push(items[p++]!);
        const idWord = items[p];
        const named =
          idWord &&
          (ID_WORDS.has(idWord.lower) || (idWord.kind === 'lex' && entriesOf(idWord, 'dimension').some((e) => e.target === entityKey)));
        if (!named) continue;
        words.push(idWord!);
        p++;
        key = entityKey;
      }
      while (items[p] && BEFORE_VALUE.has(items[p]!.lower)) words.push(items[p++]!);
      const numeric = lex.dimensions.get(key)?.type === 'number';
      // "id = 1": the comparison rule took "= 1" as a condition on a figure; it is the id
      const cmp = a.cmps.find((c) => c.op === 'eq' && c.words.includes(items[p - 1]) && c.value === items[p]?.num);
      const value = idValue(items[p], numeric, !!cmp);
      if (value === undefined) continue;
      const valueItem = items[p]!;
      // "made by courier ID 3": the "by" before one member names the agent, never a breakdown
      const before = items[k - 1]?.lower === 'the' ? k - 2 : k - 1;
      if (items[before]?.lower === 'by') words.push(items[before]!, ...(before < k - 1 ? [items[k - 1]!] : []));
      valueItem.used = true;
      const dimension = key;
      // the words are the filter's, never a count, a breakdown or a figure
      a.groups = a.groups.filter((g) => !words.some((w) => items.indexOf(w) === g.pos));
      a.dimMentions = a.dimMentions.filter((m) => !words.includes(m.item));
      a.metrics = a.metrics.filter((m) => !words.includes(m.item));
      a.rowsOf = a.rowsOf?.filter((r) => !words.includes(r.item));
      a.cmps = a.cmps.filter((c) => c !== cmp);
      for (const c of cmp?.words ?? []) if (c && c !== valueItem && !words.includes(c)) words.push(c);
      return {
        construction: 'member id',
        apply(query, notes) {
          consume(...words, valueItem);
          notes.push(`Filter: ${lex.dimensions.get(dimension)?.label ?? dimension} = ${value}`);
          return { ...query, filters: [...query.filters, { dimension, op: 'eq', values: [value] }] };
        },
      };
    }
    return null;
  },
};
