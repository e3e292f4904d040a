/**
 * Members with a condition through a relation: "which authors have written papers in the domain
 * Databases", "the names of the customers who placed orders with status F", "how many authors wrote
 * papers in Oslo", "which organizations have authors who have written papers in the domain X".
 *
 * The members E (listed or counted) have at least one related row Y (the thing after the verb or
 * "have"), and that row carries the value after the preposition (the nearest noun: "papers in the
 * domain X" are papers of domain X). Each step must be the model's one relation: E and Y related by
 * one shortest join path (through the table the verb names, when it names one: the linking-verb
 * test), read by one kind of row that reaches both through to-one joins (Y itself, E itself, or a
 * linking table between them); Y and the value's thing likewise (Y itself, a thing Y reaches, or one
 * linking table). The answer is `entity_conditions` with `conditions` nested where a linking table
 * stands between: {E, count of the linking rows > 0, conditions: [{Y, count of Y's rows of the value >
 * 0, filters}]} — DISTINCT members, never a count of joined rows. A chain "O have E who <verb> Y in V"
 * nests one step more. Anything else (two paths, a period, a negation, a comparison, another filter,
 * several values) leaves the words to the other rules, and the question is refused as before.
 */
import { joinGraph, shortestJoinPaths } from '../../semantic/graph.js';
import type { SemanticModel } from '../../semantic/model.js';
import type { DimensionFilter, EntityCondition } from '../../semantic/query.js';
import type { Lexicon } from '../lexicon.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { mayLink, namedRows, tableParticiple, verbRelates } from './linking-verb.js';
import type { Construction } from './types.js';

const RELATIVE = new Set(['who', 'that', 'which']);
const HAVE = new Set(['have', 'has', 'had']);
const BE = new Set(['were', 'was', 'are', 'is', 'been', 'being']);
const ARTICLES = new Set(['a', 'an', 'the', 'any', 'some']);
/** Before the value the related rows carry: "papers in the domain X", "orders with status F", "books from Whitby". */
const PREPS = new Set(['in', 'with', 'from', 'at', 'on', 'of', 'about', 'for']);
const VERB_PREPS = new Set(['on', 'in', 'at', 'for', 'to', 'into', 'onto', 'with']);
const ASKED = new Set(['ids', 'identifiers', 'names']);
const ROW_WORDS = new Set(['record', 'records', 'row', 'rows', 'entry', 'entries']);

/** The entity an item names as a thing: an entity, or the count of one. */
export function thingNamed(lex: Lexicon, it: Item | undefined): string | undefined {
  if (it?.kind !== 'lex') return undefined;
  const ents = new Set(entriesOf(it, 'entity').map((e) => e.target));
  for (const e of entriesOf(it, 'metric')) {
    const m = lex.metrics.get(e.target);
    if (m?.agg === 'count' && m.entity) ents.add(m.entity);
  }
  if (entriesOf(it, 'value').length) return undefined;
  return ents.size === 1 ? [...ents][0] : undefined;
}

/** The model's one count of an entity's rows (no filter of its own). */
export function countOf(model: SemanticModel, entity: string): string | undefined {
  const counts = model.measures.filter((m) => m.entity === entity && m.agg === 'count' && !m.filter);
  return counts.length === 1 ? counts[0]!.name : undefined;
}

/**
 * The one kind of row relating two things, when the model relates them in exactly one way: one
 * shortest join path, and exactly one entity on it that reaches both through to-one joins along it
 * (the many side, or the linking table between them).
 */
export function rowsRelating(model: SemanticModel, a: string, b: string): string | undefined {
  if (a === b) return undefined;
  const paths = shortestJoinPaths(model, a, b);
  if (paths.count !== 1 || paths.length > 2) return undefined;
  const graph = joinGraph(model);
  const rows = model.entities
    .map((e) => e.name)
    .filter((e) => {
      const pa = e === a ? [] : graph.path(e, a);
      const pb = e === b ? [] : graph.path(e, b);
      return !!pa && !!pb && pa.length + pb.length === paths.length;
    });
  return rows.length === 1 ? rows[0] : undefined;
}

interface Step {
  /** The members kept. */
  entity: string;
  /** The related thing they must have rows of. */
  related: string;
  words: Item[];
  relatedItem: Item;
  verb?: Item;
  /** A value said right before the related thing ("a cash payment"). */
  value?: Item;
}

/**
 * "authors who have written papers", "customers with orders": from the members' item at `e`, the
 * words up to the related thing. Undefined when the shape is not there.
 */
function step(
  items: Item[],
  e: number,
  lex: Lexicon,
  isValue: (it: Item | undefined) => boolean,
): { step: Step; next: number } | undefined {
  const entity = thingNamed(lex, items[e]);
  if (!entity) return undefined;
  let p = e + 1;
  const words: Item[] = [];
  const plain = (k: number, set: Set<string>) => items[k]?.kind === 'word' && !items[k]!.consumed && set.has(items[k]!.lower);
  // "salesperson IDs that have ...": the members' ids or names asked for (the listing's columns) may stand between
  if (plain(p, ASKED) && plain(p + 1, RELATIVE)) p++;
  if (plain(p, RELATIVE)) words.push(items[p++]!);
  // ("who have had treatments")
  while (plain(p, HAVE)) words.push(items[p++]!);
  // "papers (that were) written by authors in X": the passive, its agent the related thing
  if (plain(p, BE)) words.push(items[p++]!);
  let verb: Item | undefined;
  if (mayLink(lex, items[p]) || tableParticiple(lex, items[p])) verb = items[p++];
  // ("by" after a participle is the passive's agent, read so by the analysis)
  if (verb && items[p]?.lower === 'by' && (items[p]!.kind === 'word' || items[p]!.kind === 'kw')) words.push(items[p++]!);
  else if (words.some((w) => BE.has(w.lower))) return undefined;
  // a verb's own preposition before its object: "enrolled on courses", "worked at hotels"
  else if (verb && plain(p, VERB_PREPS) && !plain(p + 1, VERB_PREPS)) words.push(items[p++]!);
  // "have" or a verb (or both): "who have written", "that wrote", "have authors"
  if (!verb && !words.some((w) => HAVE.has(w.lower))) return undefined;
  while (plain(p, ARTICLES)) words.push(items[p++]!);
  // "that have received a cash payment": one value right before the related thing
  const value = isValue(items[p]) && thingNamed(lex, items[p + 1]) ? items[p++] : undefined;
  const related = thingNamed(lex, items[p]);
  if (!related || related === entity || items[p]!.consumed) return undefined;
  const relatedItem = items[p++]!;
  if (plain(p, ROW_WORDS)) words.push(items[p++]!);
  return { step: { entity, related, words, relatedItem, ...(verb ? { verb } : {}), ...(value ? { value } : {}) }, next: p };
}

export const relatedCondition: Construction = {
  name: 'related condition',
  recognise({ items, a, lex, ctx }) {
    const model = ctx.model;
    if (a.times.length || a.negTimes.length || a.cmps.length || a.superlatives.length || a.ratio || a.share || a.compare) return null;
    for (let e = 0; e < items.length; e++) {
      const isValue = (it: Item | undefined) => !!it && a.values.some((v) => v.item === it);
      const first = step(items, e, lex, isValue);
      if (!first) continue;
      // "organizations have authors who have written papers in X": more steps from the related thing
      const steps: Step[] = [first.step];
      let p = first.next;
      while (RELATIVE.has(items[p]?.lower ?? '') && items[p - 1] === steps[steps.length - 1]!.relatedItem) {
        const more = step(items, p - 1, lex, isValue);
        if (!more) break;
        steps.push(more.step);
        p = more.next;
      }
      const ends = (it: Item | undefined) => !it || (it.kind === 'punct' && ['?', '.', '!', ';', ','].includes(it.lower));
      const said = steps[steps.length - 1]!.value;
      const tail: Item[] = [];
      let named: Item | undefined;
      let after = false;
      let mention: (typeof a.values)[number] | undefined;
      if (said) {
        // "that have received a cash payment": the value before the thing, nothing after it
        if (steps.slice(0, -1).some((s) => s.value) || !ends(items[p])) continue;
        mention = a.values.find((v) => v.item === said);
      } else {
        const prep = items[p];
        if (!(prep?.kind === 'word' && PREPS.has(prep.lower))) continue;
        p++;
        tail.push(prep);
        if (items[p]?.kind === 'word' && ARTICLES.has(items[p]!.lower)) tail.push(items[p++]!);
        // "in the domain X": the value's dimension named before it
        // (or after it: "from the Sociology domain")
        const isValueAt = (k: number) => isValue(items[k]);
        const isDim = (k: number) => items[k]?.kind === 'lex' && entriesOf(items[k]!, 'dimension').length > 0 && !isValueAt(k);
        const before = isValueAt(p + 1) && isDim(p);
        after = !before && isValueAt(p) && isDim(p + 1) && !isValueAt(p + 2);
        named = before ? items[p] : after ? items[p + 1] : undefined;
        const value = before ? p + 1 : p;
        mention = a.values.find((v) => v.item === items[value]);
        if (!ends(items[after ? value + 2 : value + 1])) continue;
      }
      if (!mention || mention.negated || steps.slice(0, -1).some((s) => s.value)) continue;
      const dims = new Set(mention.entries.filter((x) => x.kind === 'value').map((x) => x.target));
      // members that reach the value through to-one joins ("reports written by tutors of the flute")
      // are filtered by the general rules
      const graph = joinGraph(model);
      if (
        [...dims].some((d) => {
          const o = lex.dimensions.get(d)?.entity;
          return !o || o === steps[0]!.entity || !!graph.path(steps[0]!.entity, o);
        })
      )
        continue;
      // the members are what is listed or counted, never a total beside them
      // (a participle read as the rows of the table it names, "reviewed", is the verb here)
      const relatedItems = new Set(steps.flatMap((s) => [s.relatedItem, ...(s.verb?.kind === 'lex' ? [s.verb] : [])]));
      const members = steps[0]!.entity;
      if (
        a.metrics.some((m) => !relatedItems.has(m.item) && m.item !== named && m.item !== items[e] && thingNamed(lex, m.item) !== members)
      )
        continue;
      // the dimension named before its value names it (never a figure of its own)
      // ("biologic drugs": or the thing whose column holds it, named after it)
      const owners = new Set([...dims].map((d) => lex.dimensions.get(d)?.entity));
      if (
        named &&
        !entriesOf(named, 'dimension').some((x) => dims.has(x.target)) &&
        !(after && owners.size === 1 && owners.has(thingNamed(lex, named)))
      )
        continue;
      // each step the model's one relation, read by one kind of row (checked now: no query needed)
      const rows: string[] = [];
      let ok = true;
      for (const s of steps) {
        // ("users who reviewed businesses": among the tables linking them, the one the verb names)
        const r = rowsRelating(model, s.entity, s.related) ?? (s.verb ? namedRows(lex, model, s.verb, s.entity, s.related) : undefined);
        if (s.verb && !verbRelates(lex, model, s.verb, s.entity, s.related, new Set(r ? [r] : []))) ok = false;
        if (!r || !countOf(model, r)) ok = false;
        else rows.push(r);
      }
      if (!ok) continue;
      const counted = items.slice(0, e).some((it) => it.kind === 'kw' && it.kw === 'count');
      // asked as a count or a list ("which ...", "list ...", "return ..."): a bare "authors who wrote crime books" says neither
      const opener = items.find((it) => it.kind !== 'punct');
      if (!counted && !a.list && !a.whichPos.length && !['return', 'name', 'enumerate'].includes(opener?.lower ?? '')) continue;
      // the general rules must not read the related things as figures of their own
      a.metrics = a.metrics.filter((m) => !relatedItems.has(m.item) && m.item !== named);
      a.dimMentions = a.dimMentions.filter((d) => !relatedItems.has(d.item));
      a.providesMetric = true;
      for (const s of steps) {
        s.relatedItem.used = true;
        if (s.verb) s.verb.used = true;
      }
      return {
        construction: 'related condition',
        apply(query, notes) {
          // the value's filter, built by the general rules, is the related rows' own (and the only one)
          const filter = query.filters.length === 1 && dims.has(query.filters[0]!.dimension) ? query.filters[0]! : undefined;
          // not applied: the verb and the related things were read (taken from the general rules) but
          // are not in the query, so they are not understood (never covered by having been read)
          const unread = () => {
            for (const s of steps) for (const it of [s.relatedItem, s.verb]) if (it && !it.consumed) it.dropped = true;
            return query;
          };
          if (
            !filter ||
            query.any_of?.length ||
            query.entity_conditions?.length ||
            query.metric_filters.length ||
            query.group_by.some((g) => lex.dimensions.get(g.dimension)?.entity !== members)
          )
            return unread();
          const last = steps[steps.length - 1]!;
          const valueOf = conditionOnValue(model, lex, last.related, filter);
          if (!valueOf) return unread();
          // innermost first: the last related thing with the value, then each step outwards; a step
          // whose rows are the related thing's own, holding the value themselves, filters them directly
          let cond = valueOf;
          for (let k = steps.length - 1; k >= 0; k--) cond = stepOut(steps[k]!.entity, rows[k]!, countOf(model, rows[k]!)!, cond);
          // a count of the members counts those kept; a listing (no metric yet) lists them
          const own = countOf(model, members);
          // (counted only when asked: "how many authors wrote crime books"; a bare "authors who wrote crime books" says neither)
          if (query.metrics.length && !(counted && query.metrics.length === 1 && query.metrics[0] === own && !query.group_by.length))
            return unread();
          for (const s of steps) {
            consume(s.relatedItem, ...s.words, s.verb);
            s.relatedItem.used = true;
          }
          consume(...tail);
          notes.push(
            `${members} members with ${steps.map((s) => `${s.related}`).join(' with ')} of ${filter.values.join(', ')} (one relation each, through ${rows.join(', ')})`,
          );
          return { ...query, filters: [], entity_conditions: [cond] };
        },
      };
    }
    return null;
  },
};

/**
 * The members with related rows meeting `inner` (counted by `metric`, the count of `rows`, the rows relating
 * them): those rows' own filters when they are the inner condition's rows, else the inner condition
 * nested.
 */
export function stepOut(entity: string, rows: string, metric: string, inner: EntityCondition): EntityCondition {
  const direct = rows === inner.entity && metric === inner.metric && !inner.conditions;
  return { entity, metric, op: 'gt', value: 0, ...(direct ? { filters: inner.filters } : { conditions: [inner] }) };
}

/**
 * The related thing's rows that carry a value: its own column or one it reaches through to-one joins
 * along the one shortest path ({thing, its count, filters}); or, across a linking table, the rows of
 * that table ({thing, the table's count, filters}). Undefined when the model relates them otherwise.
 */
export function conditionOnValue(model: SemanticModel, lex: Lexicon, thing: string, filter: DimensionFilter): EntityCondition | undefined {
  const owner = lex.dimensions.get(filter.dimension)?.entity;
  if (!owner) return undefined;
  if (filter.op !== 'eq' && filter.op !== 'in') return undefined;
  if (filter.values.length !== 1) return undefined;
  const rows = owner === thing ? thing : rowsRelating(model, thing, owner);
  if (!rows) return undefined;
  const graph = joinGraph(model);
  // the compiler joins the value from the rows along its shortest to-one path: it must be the one relation
  if (rows !== owner) {
    const hops = graph.path(rows, owner);
    const paths = shortestJoinPaths(model, rows, owner);
    if (!hops || paths.count !== 1 || hops.length !== paths.length) return undefined;
  }
  const metric = countOf(model, rows);
  if (!metric) return undefined;
  return { entity: thing, metric, op: 'gt', value: 0, filters: [filter] };
}
