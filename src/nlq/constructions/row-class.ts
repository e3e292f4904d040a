/**
 * The rows a filtered count of the model counts, used as a condition under another metric: "the
 * average discount of returned items", "revenue from late shipments", "gross sales of non-returned
 * items" -> a row-class filter (`{dimension: <the count measure>, op: is_set | not_set}`). The
 * count's phrase must follow a preposition after another metric whose rows are those rows or reach
 * them; otherwise the general rules read it (two metrics, or refused).
 * The word that sets the count's rows apart from all rows of its thing ("late" of "late line items")
 * does the same beside that thing: "how many line items were delivered late", "line items that were
 * late by ship mode".
 */
import { rowClasses } from '../../semantic/compiler.js';
import { joinGraph } from '../../semantic/graph.js';
import type { Measure, SemanticModel } from '../../semantic/model.js';
import { consume, entriesOf, PREPOSITIONS, type Item } from '../spans.js';
import type { Construction } from './types.js';

const NEGATIONS = new Set(['non', 'not']);
const ARTICLES = new Set(['the', 'a', 'an', 'all', 'our', 'its', 'their']);

/** Words between the thing and its class word: "line items that were late", "line items delivered late". */
const LINKS = new Set(['that', 'which', 'who', 'were', 'was', 'are', 'is', 'been', 'being', 'got', 'get']);

/**
 * The one word that sets a class's rows apart, per class: its label or a synonym is that word and a
 * name of its thing ("late line items" -> "late"; "returned line items" -> "returned").
 */
function classWords(model: SemanticModel, classes: Map<string, Measure>): Map<string, Measure[]> {
  const out = new Map<string, Measure[]>();
  for (const m of classes.values()) {
    const entity = model.entities.find((e) => e.name === m.entity);
    const nouns = [m.entity, ...(entity?.synonyms ?? [])].map((x) => x.toLowerCase().replace(/_/g, ' '));
    for (const phrase of [m.label ?? '', ...m.synonyms].map((x) => x.toLowerCase())) {
      const noun = nouns.find((n) => phrase.endsWith(` ${n}`));
      const word = noun ? phrase.slice(0, -noun.length - 1).trim() : '';
      if (!/^[a-z]+$/.test(word)) continue;
      const list = out.get(word) ?? [];
      if (!list.includes(m)) list.push(m);
      out.set(word, list);
    }
  }
  return out;
}

export const rowClass: Construction = {
  name: 'row class',
  recognise({ items, a, lex, ctx }) {
    const classes = rowClasses(ctx.model);
    const graph = joinGraph(ctx.model);
    for (const m of a.metrics) {
      const cls = classes.get(m.name);
      if (!cls) continue;
      const others = a.metrics.filter((o) => o !== m && !classes.has(o.name) && o.pos < m.pos);
      if (!others.length) continue;
      const reaches = others.every((o) => {
        const e = lex.metrics.get(o.name)?.entity;
        return !!e && (e === cls.entity || !!graph.path(e, cls.entity));
      });
      if (!reaches) continue;
      let k = items.indexOf(m.item);
      let negation: Item | undefined;
      if (items[k - 1] && NEGATIONS.has(items[k - 1]!.lower) && !items[k - 1]!.consumed) negation = items[--k];
      while (items[k - 1]?.kind === 'word' && ARTICLES.has(items[k - 1]!.lower)) k--;
      const prep = items[k - 1];
      if (!prep || !PREPOSITIONS.has(prep.lower)) continue;
      a.metrics = a.metrics.filter((x) => x !== m);
      (a.rowClassWords ??= []).push(m.item);
      return {
        construction: 'row class',
        apply(query, notes) {
          consume(m.item, negation);
          notes.push(
            `Filter: the rows counted as ${(cls.label ?? cls.name).toLowerCase()}${negation ? ' left out' : ''} (from "${m.item.text}")`,
          );
          return { ...query, filters: [...query.filters, { dimension: cls.name, op: negation ? 'not_set' : 'is_set', values: [] }] };
        },
      };
    }
    // the class word beside its thing, the thing counted or named: "line items that were late"
    const words = classWords(ctx.model, classes);
    for (let k = 0; k < items.length; k++) {
      const w = items[k]!;
      const found = w.kind === 'word' && !w.used && !w.consumed ? words.get(w.lower) : undefined;
      if (found?.length !== 1) continue;
      const cls = found[0]!;
      // the thing within a few words before, only links and event words between
      let p = k - 1;
      while (p >= 0 && p >= k - 4 && items[p]!.kind !== 'lex' && LINKS.has(items[p]!.lower)) p--;
      if (items[p]?.kind === 'lex' && entriesOf(items[p]!, 'time_dimension').length) p--;
      while (p >= 0 && p >= k - 5 && items[p]!.kind !== 'lex' && LINKS.has(items[p]!.lower)) p--;
      const thing = items[p];
      const ofThing =
        thing?.kind === 'lex' &&
        (entriesOf(thing, 'entity').some((e) => e.target === cls.entity) ||
          entriesOf(thing, 'metric').some((e) => lex.metrics.get(e.target)?.entity === cls.entity && !classes.has(e.target)));
      if (!ofThing) continue;
      const between = items.slice(p + 1, k).filter((x) => x.kind !== 'lex');
      (a.rowClassWords ??= []).push(w);
      return {
        construction: 'row class',
        apply(query, notes) {
          consume(w, ...between);
          notes.push(`Filter: the rows counted as ${(cls.label ?? cls.name).toLowerCase()} (from "${w.text}")`);
          return { ...query, filters: [...query.filters, { dimension: cls.name, op: 'is_set', values: [] }] };
        },
      };
    }
    return null;
  },
};
