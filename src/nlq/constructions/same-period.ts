/**
 * "in the same month as": rows dated in the same calendar period as another date of theirs.
 * "payments made in the same month as the member's join date", "how many payments in the same
 * week as the member joined" -> `same_periods: [{dimension: <the rows' date>, as: <the other date>,
 * grain}]`. The rows' date is the dating time dimension of the query's metrics (one for all of
 * them); the other date is named right after "as": one time dimension of the model (its phrase), or
 * a thing (or a pronoun) and a verb that begins the label of exactly one time dimension ("joined"
 * and "Join date"; of that thing when one is named). It must be another date of the rows or of a
 * thing each row belongs to (one member: a to-one path); otherwise, or when the date is unclear,
 * the construction stays out and its words are refused.
 */
import { joinGraph } from '../../semantic/graph.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { verbOf } from '../text.js';
import type { Construction } from './types.js';

const UNITS = new Set(['day', 'week', 'month', 'quarter', 'year']);
const DETERMINERS = new Set(['the', 'its', 'their', 'his', 'her', 'that', 'a']);
const PRONOUNS = new Set(['they', 'it', 'he', 'she', 'we']);

export const samePeriod: Construction = {
  name: 'same period',
  recognise({ items, a, lex, ctx }) {
    // "(in|during) the same <unit> as"
    const k = items.findIndex(
      (it, i) =>
        it.kind === 'word' &&
        it.lower === 'same' &&
        items[i - 1]?.lower === 'the' &&
        items[i + 1]?.kind === 'grain' &&
        UNITS.has(items[i + 1]!.lower) &&
        items[i + 2]?.lower === 'as',
    );
    if (k < 0) return null;
    const unitItem = items[k + 1]!;
    const grain = unitItem.lower as 'day' | 'week' | 'month' | 'quarter' | 'year';
    const words: Item[] = [items[k - 1]!, items[k]!, unitItem, items[k + 2]!];
    if (['in', 'during', 'within'].includes(items[k - 2]?.lower ?? '')) words.push(items[k - 2]!);
    let p = k + 3;
    while (items[p] && DETERMINERS.has(items[p]!.lower)) words.push(items[p++]!);
    const first = items[p];
    if (!first) return null;
    let other: string | undefined;
    let thing: Item | undefined;
    const tdsOf = (it: Item) => [...new Set(entriesOf(it, 'time_dimension').map((e) => e.target))];
    if (first.kind === 'lex' && tdsOf(first).length) {
      // "the member's join date", "the due date"
      const tds = tdsOf(first);
      if (tds.length !== 1) return null;
      other = tds[0];
      words.push(first);
    } else {
      // "(the member | they) joined": the verb begins the label of exactly one time dimension
      if (first.kind === 'lex' && entriesOf(first, 'entity').length === 1) thing = first;
      else if (!PRONOUNS.has(first.lower)) return null;
      let v = p + 1;
      if (items[v]?.lower === "'s" || items[v]?.lower === 'was' || items[v]?.lower === 'were') v++;
      const verb = items[v];
      const base = verb?.kind === 'word' ? verbOf(verb.lower) : undefined;
      if (!verb || !base) return null;
      const entity = thing ? entriesOf(thing, 'entity')[0]!.target : undefined;
      const named = [...lex.timeDimensions.values()].filter((t) => {
        const w = t.label.toLowerCase().split(/[\s_]+/)[0] ?? '';
        return (w === base || verbOf(w) === base || (verbOf(`${w}ed`) === base && w.length > 2)) && (!entity || t.entity === entity);
      });
      if (named.length !== 1) return null;
      other = named[0]!.name;
      words.push(first, verb);
      if (v > p + 1) words.push(items[p + 1]!);
    }
    // "... as the customer joined in 2023": whose period is that? (the rows', or the other date's)
    const last = Math.max(...words.map((w) => items.indexOf(w)));
    if (items[last + 1]?.kind === 'time') return null;
    const otherItems = words.filter((w) => w.kind === 'lex');
    // the other date's words are this construction's: no metric, date or breakdown of the question
    a.metrics = a.metrics.filter((m) => !otherItems.includes(m.item));
    if (a.dating && otherItems.includes(a.dating.item)) a.dating = undefined;
    a.grainGroups = a.grainGroups.filter((g) => items[g.pos] !== unitItem);
    a.groups = a.groups.filter((g) => !otherItems.includes(items[g.pos]!));
    a.unknown = a.unknown.filter((u) => !words.includes(u));
    a.countUnknown = a.countUnknown.filter((u) => !words.includes(u));
    return {
      construction: 'same period',
      apply(query, notes) {
        const otherTd = lex.timeDimensions.get(other!)!;
        const dated = [...new Set(query.metrics.map((m) => lex.metrics.get(m)?.timeDimension))];
        const mine = query.time_range?.dimension ?? (dated.length === 1 ? dated[0] : undefined);
        if (!mine) return `I could not tell which date of the rows should fall in the same ${grain} as the ${otherTd.label.toLowerCase()}.`;
        const myTd = lex.timeDimensions.get(mine);
        if (!myTd || mine === other) return `The ${otherTd.label.toLowerCase()} is the rows' own date: it is always in the same ${grain}.`;
        if (myTd.entity !== otherTd.entity && !joinGraph(ctx.model).path(myTd.entity, otherTd.entity))
          return `Each ${myTd.entity.replace(/_/g, ' ')} has no one ${otherTd.label.toLowerCase()} to compare its ${myTd.label.toLowerCase()} with.`;
        consume(...words);
        for (const w of words) w.used = true;
        notes.push(`Only rows whose ${myTd.label.toLowerCase()} is in the same ${grain} as the ${otherTd.label.toLowerCase()}`);
        return { ...query, same_periods: [...(query.same_periods ?? []), { dimension: mine, as: other!, grain }] };
      },
    };
  },
};
