/**
 * Linking verbs: "authors who wrote papers", "how many courses does each department offer",
 * "restaurants serving thai food", "reviews posted by user 7". A verb standing between two things
 * the query relates (a metric, count or entity on one side; an entity, dimension or value on the
 * other) can only mean the relation between them when the model holds exactly one: one join path
 * between two entities, or one thing and an attribute of its own. The verb is consumed only then.
 * It stays unconsumed (the question is refused as before) when several join paths compete (two
 * foreign keys to one table), when both sides are the same thing ("papers citing papers"), when a
 * negation stands in between, when the verb asserts a state rather than a link ("cancelled",
 * STATE_VERBS), or when it names a dimension or value of the model (it then says something the
 * query does not hold) — unless what it names belongs only to tables its lemma names ("offered" and
 * `course_offering`): then it links its sides only through such a table. A pronoun subject ("the
 * papers they published") stands for the entity of the query's one breakdown; a second verb joined
 * by "and" ("written by X and presented at Y") shares the first one's subject.
 */
import { joinGraph, shortestJoinPaths } from '../../semantic/graph.js';
import type { SemanticModel } from '../../semantic/model.js';
import type { SemanticQuery } from '../../semantic/query.js';
import { dimensionOfEntity, negatedVerb } from '../analyse.js';
import type { Lexicon } from '../lexicon.js';
import { extentVerb } from '../linking.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { lemmas, verbOf } from '../text.js';
import {
  ALL_OF_AFTER,
  ALL_OF_BEFORE,
  ARITHMETIC_VERBS,
  GENERIC_WORDS,
  LINK_AFTER,
  LINK_BEFORE,
  LINK_INVERTING,
  STATE_VERBS,
  STOPWORDS,
} from '../words.js';
import type { Construction } from './types.js';

interface Link {
  verb: Item;
  /** Undefined when a pronoun stands for the thing the query groups ("the papers they wrote"). */
  left?: Item;
  right: Item;
  /** The thing a qualifier before the verb qualifies ("papers" of "papers in ISA conference containing ..."). */
  head?: Item;
  /** Values joined by "and" follow the verb: it links them only when the query keeps rows with each one. */
  joined?: boolean;
  /** A negation before the verb ("rivers that do not run through X"): read only for an attribute of the thing's own. */
  negation?: Item;
  /** The left side is a value qualifying a thing before it ("papers about X that used Y"): the verb may be the thing's. */
  qualifier?: boolean;
}

/** Subject pronouns that stand for the one thing a breakdown or listing is about. */
const PRONOUNS = new Set(['they', 'he', 'she', 'it']);

export const linkingVerb: Construction = {
  name: 'linking verb',
  recognise({ items, lex, ctx }) {
    const links: Link[] = [];
    items.forEach((it, k) => {
      // "how many hotels did Nell review": after do/did and the subject, the word last is the verb, though the
      // lexicon reads it as the rows of the table it names
      if (!mayLink(lex, it)) {
        const right = tableVerb(lex, it) ? inverted(items, k) : undefined;
        if (right) links.push({ verb: it, ...right });
        return;
      }
      // "what papers has Ada written at Oslo": both the object after the verb and the one before the
      // inverted auxiliary may be its other side; the one the model relates is read
      const sides: { left?: Item; right: Item; qualifier?: boolean }[] = [forward(items, k), inverted(items, k)].filter((x) => !!x);
      if (!sides.length) {
        const other = pronounClause(items, k) ?? coordinated(items, k, links);
        if (other) sides.push(other);
      }
      for (const x of sides) links.push({ verb: it, ...x });
    });
    if (!links.length) return null;
    return {
      construction: 'linking verb',
      apply(query, notes) {
        for (const l of links) {
          if (l.verb.consumed) continue;
          // "flights that operate on Mondays and Wednesdays": things that hold both (a list stored in
          // one column?) is said by no filter; "papers written by Ada and Bo together" is, one condition each
          if (l.joined && !eachValueKept(lex, query, l.right)) continue;
          let left = l.left;
          let how = left
            ? relation(lex, ctx.model, query, left, l.right, l.verb, l.qualifier)
            : pronounRelation(lex, ctx.model, query, l.right, l.verb);
          // "papers in ISA conference containing keyword AI": a participle after a qualifier says of the thing qualified
          if (!how && l.head) {
            left = l.head;
            how = relation(lex, ctx.model, query, left, l.right, l.verb);
          }
          if (!how) continue;
          // "rivers that do not run through X" keeps the rows whose own column is not X; "customers who did not
          // order X" (related rows) asks for members with none such, which no filter here says
          if (l.negation && !(l.negation.consumed && left === l.left && how.startsWith('an attribute') && negatedFilterOf(query, l.right)))
            continue;
          consume(l.verb);
          notes.push(`"${l.verb.text}" links ${left?.text ?? 'them'} and ${l.right.text} (${how})`);
        }
        return query;
      },
    };
  },
};

/** The query excludes the value ("not X"): a filter on its dimension that keeps the rows without it. */
function negatedFilterOf(query: SemanticQuery, value: Item): boolean {
  const dims = new Set(entriesOf(value, 'value').map((e) => e.target));
  return query.filters.some((f) => dims.has(f.dimension) && (f.op === 'ne' || f.op === 'not_in'));
}

/** The query keeps rows with each value of the item's dimension by a condition of its own ("both A and B"). */
function eachValueKept(lex: Lexicon, query: SemanticQuery, value: Item): boolean {
  const dims = new Set(entriesOf(value, 'value').map((e) => e.target));
  const kept = (query.entity_conditions ?? []).filter((c) => c.filters?.some((f) => dims.has(f.dimension)));
  return kept.length > 1;
}

/**
 * A word that may be a linking verb: a content word common English uses as a verb, neither a verb
 * of state nor a word of the model's dimensions and values. (Function words and generic verbs —
 * is, have, located — need no reading.)
 */
export function mayLink(lex: Lexicon, it: Item | undefined): boolean {
  if (!it || it.kind !== 'word' || it.used || it.consumed || STOPWORDS.has(it.lower) || GENERIC_WORDS.has(it.lower)) return false;
  const verb = verbLemma(it.lower);
  if (!verb || STATE_VERBS.has(verb) || ARITHMETIC_VERBS.has(verb)) return false;
  // a verb naming only things of the tables it names ("offered": the course offerings, their ids) may
  // still link, through such a table (checked when the sides are known)
  const owners = modelOwners(lex, it.lower, verb);
  return owners.size === 0 || [...owners].every((o) => tablesNamed(lex, verb).has(o));
}

/** A word's verb (with the verbs of extent the lemmatiser does not know as verbs: "traverse", "spans"). */
const verbLemma = (lower: string) => verbOf(lower) ?? extentVerb(lower);

/** Endings that make a noun of a verb's stem: enrol → enrolment, cite → citation, review → reviewer, operate → operator. */
const NOUN_ENDINGS = ['ment', 'ation', 'ion', 'al', 'ance', 'ence', 'ure', 'er', 'or', 'r', 'ee', 'ing', 's'];
/** Nouns of general English for what a verb does that its stem does not spell (publish → publication). */
const VERB_NOUNS = new Map([
  ['publish', ['publication']],
  ['write', ['author', 'authorship']],
]);

/** Whether a word of a table's name names the verb: the verb itself, a form of it, or a noun made from it. */
function namesVerb(w: string, verb: string): boolean {
  if (w === verb || verbOf(w) === verb || lemmas(w)[1] === verb || VERB_NOUNS.get(verb)?.includes(lemmas(w)[0])) return true;
  const stem = verb.replace(/e$/, '');
  // (a doubled last consonant: enrol → enrollment)
  const stems = [stem, `${stem}${stem.slice(-1)}`];
  const noun = lemmas(w)[0];
  return noun.length > 3 && stems.some((x) => noun.startsWith(x) && NOUN_ENDINGS.includes(noun.slice(x.length)));
}

/**
 * "users who reviewed businesses": a participle the lexicon links, by its verb's lemma, only to tables the verb
 * names (the reviews and their count) is that verb, not a mention of those rows.
 */
export function tableParticiple(lex: Lexicon, it: Item | undefined): boolean {
  return !!it && /(ed|en)$/.test(it.lower) && tableVerb(lex, it);
}

/** A word the lexicon links, by its verb's lemma, only to tables the verb names ("review", "reviewed": the reviews). */
function tableVerb(lex: Lexicon, it: Item): boolean {
  if (it.kind !== 'lex' || it.consumed) return false;
  const v = verbOf(it.lower);
  if (!v || (v === it.lower && /(ed|en)$/.test(it.lower))) return false;
  const tables = tablesNamed(lex, v);
  const entries = it.entries ?? [];
  return (
    entries.length > 0 &&
    entries.every((e) => tables.has(e.kind === 'entity' ? e.target : e.kind === 'metric' ? (lex.metrics.get(e.target)?.entity ?? '') : ''))
  );
}

/**
 * The entities (tables) a verb names by its lemma or a noun of it: "offer" names `course_offering`,
 * "write" names `writes`, "enrol" names `enrolment`. Such a table between the verb's two sides is the
 * relation the verb states.
 */
export function tablesNamed(lex: Lexicon, verb: string): Set<string> {
  const out = new Set<string>();
  for (const [name, e] of lex.entities) {
    const words = [name, ...e.synonyms].flatMap((x) => x.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 2);
    if (words.some((w) => namesVerb(w, verb))) out.add(name);
  }
  return out;
}

/** Keywords that may stand between a verb and what it links ("wrote the most papers", "flow through each country"). */
const isLinkKeyword = (it: Item) =>
  it.kind === 'kw' &&
  (it.kw === 'group' || it.kw === 'each' || it.kw === 'desc' || it.kw === 'asc' || it.kw === 'count' || !!it.kw?.startsWith('cmp_'));

/** "authors who have written papers", "restaurants serving thai food", "reviews posted by users". */
function forward(items: Item[], k: number): { left: Item; right: Item; negation?: Item } | undefined {
  let p = k - 1;
  const negation = negatedVerb(items, k) ? items[k - 1] : undefined;
  if (negation) p--;
  while (p >= 0 && ((items[p].kind === 'word' && LINK_BEFORE.has(items[p].lower)) || (items[p].kind === 'kw' && items[p].kw === 'which')))
    p--;
  let q = k + 1;
  while (
    q < items.length &&
    ((items[q].kind === 'word' && LINK_AFTER.has(items[q].lower)) ||
      isLinkKeyword(items[q]) ||
      (items[q].kind === 'num' && items[q - 1]?.kind === 'kw'))
  )
    q++;
  const left = items[p];
  const right = items[q];
  // "flights that operate on Mondays and Wednesdays": a verb before values joined by "and" may ask
  // for things that hold both (a list stored in one column), which no filter here says
  const joined = items[q + 1]?.lower === 'and' && items[q + 2]?.kind === 'lex' && entriesOf(items[q + 2], 'value').length > 0;
  if (left?.kind !== 'lex' || right?.kind !== 'lex') return undefined;
  return {
    left,
    right,
    ...(joined ? { joined } : {}),
    ...(negation ? { negation } : {}),
    ...(p === k - 1 ? { head: qualifiedHead(items, p) } : {}),
    ...(qualifies(items, p) ? { qualifier: true } : {}),
  };
}

/** Prepositions before a value that qualifies the thing named before them ("papers about X", "books with tag Y"). */
const QUALIFYING = new Set([...'in at of from by on for about with'.split(' ')]);

/** The item at `p` is a value after a preposition right after a thing ("papers [about Climate]"). */
function qualifies(items: Item[], p: number): boolean {
  if (!(items[p]?.kind === 'lex' && entriesOf(items[p]!, 'value').length)) return false;
  let m = p - 1;
  if (items[m]?.kind === 'lex' && entriesOf(items[m]!, 'dimension').length) m--;
  if (items[m]?.lower === 'the') m--;
  return QUALIFYING.has(items[m]?.lower ?? '') && items[m - 1]?.kind === 'lex';
}

/** Prepositions of a qualifier right after a thing: "papers [in ISA conference]", "orders [from Leeds]". */
const QUALIFIER = new Set(['in', 'at', 'of', 'from', 'by', 'on', 'for']);

/**
 * The thing a qualifier ending at `p` qualifies: a value (with its dimension's word before or after
 * it: "ISA conference", "the journal Nature") after a preposition, right after a thing named.
 */
function qualifiedHead(items: Item[], p: number): Item | undefined {
  let m = p;
  const valueOrName = (it: Item | undefined) =>
    it?.kind === 'lex' && (entriesOf(it, 'value').length > 0 || entriesOf(it, 'dimension').length > 0);
  if (!valueOrName(items[m])) return undefined;
  if (valueOrName(items[m - 1])) m--;
  if (items[m - 1]?.lower === 'the') m--;
  // ("by" is also a breakdown's keyword: a qualifier only before a value, "books by Faber")
  const prep = items[m - 1];
  if (!prep || !QUALIFIER.has(prep.lower) || (prep.kind !== 'word' && !(prep.kind === 'kw' && entriesOf(items[p]!, 'value').length)))
    return undefined;
  const head = items[m - 2];
  return head?.kind === 'lex' && (entriesOf(head, 'entity').length > 0 || entriesOf(head, 'metric').length > 0) ? head : undefined;
}

/**
 * "papers written by Ada and presented at Oslo": a second verb joined by "and" to a first one shares
 * its subject; what follows it is its own object. Only things of the first verb's object (its words,
 * values and keywords) may stand between the two.
 */
function coordinated(items: Item[], k: number, links: Link[]): { left: Item; right: Item; qualifier?: boolean } | undefined {
  let p = k - 1;
  while (p >= 0 && items[p].kind === 'word' && LINK_BEFORE.has(items[p].lower)) p--;
  if (!(items[p]?.kind === 'word' && items[p].lower === 'and')) return undefined;
  const first = [...links].reverse().find((l) => items.indexOf(l.verb) < p && l.left && items.indexOf(l.right) < p);
  if (!first?.left) return undefined;
  const between = items.slice(items.indexOf(first.right) + 1, p);
  if (!between.every((it) => it.kind === 'lex' || (it.kind === 'word' && LINK_AFTER.has(it.lower)) || it.kind === 'time')) return undefined;
  const own = forwardRight(items, k);
  return own ? { left: first.left, right: own, ...(first.qualifier ? { qualifier: true } : {}) } : undefined;
}

/** What a verb acts on: the first thing named after it, past prepositions and keywords ("wrote the most papers"). */
function forwardRight(items: Item[], k: number): Item | undefined {
  let q = k + 1;
  while (
    q < items.length &&
    ((items[q].kind === 'word' && LINK_AFTER.has(items[q].lower)) ||
      isLinkKeyword(items[q]) ||
      (items[q].kind === 'num' && items[q - 1]?.kind === 'kw'))
  )
    q++;
  const joined = items[q + 1]?.lower === 'and' && items[q + 2]?.kind === 'lex' && entriesOf(items[q + 2], 'value').length > 0;
  return items[q]?.kind === 'lex' && !joined ? items[q] : undefined;
}

/**
 * "ordered by the number of papers they have published": a relative clause whose object comes
 * first and whose subject is a pronoun; nothing the verb could act on follows it.
 */
function pronounClause(items: Item[], k: number): { right: Item } | undefined {
  let p = k - 1;
  while (p >= 0 && items[p].kind === 'word' && LINK_BEFORE.has(items[p].lower)) p--;
  if (!(items[p]?.kind === 'word' && PRONOUNS.has(items[p].lower))) return undefined;
  const right = items[p - 1];
  if (right?.kind !== 'lex') return undefined;
  let q = k + 1;
  while (q < items.length && items[q].kind === 'word' && LINK_AFTER.has(items[q].lower)) q++;
  if (items[q]?.kind === 'lex' || items[q]?.kind === 'num') return undefined;
  return { right };
}

/**
 * The pronoun's referent is the one thing the query is about: the entity of its one breakdown (not
 * a time bucket). The verb then links it and the object, as between two named things.
 */
function pronounRelation(lex: Lexicon, model: SemanticModel, query: SemanticQuery, right: Item, verb: Item): string | undefined {
  if (!(right.used || right.consumed) || query.metrics.length > 1) return undefined;
  const groups = query.group_by.filter((g) => !g.grain);
  const owners = new Set(groups.map((g) => lex.dimensions.get(g.dimension)?.entity));
  if (owners.size !== 1 || owners.has(undefined)) return undefined;
  const referent = [...owners][0]!;
  for (const inQuery of relatedSets(lex, model, query)) {
    if (!inQuery.has(referent)) continue;
    const r = sideOf(lex, right, inQuery);
    if (!r || r.entity === referent) continue;
    const v = verbLemma(verb.lower)!;
    if (modelOwners(lex, verb.lower, v).size) return linkTable(model, referent, r.entity, tablesNamed(lex, v), inQuery);
    const chain = {
      ends: new Set([referent, r.entity]),
      members: new Set(namesMember(right) ? [r.entity] : []),
      named: tablesNamed(lex, v),
    };
    return (
      relationOf(model, { entity: referent, self: true }, r, v, chain) ??
      namedAmong(model, referent, r.entity, tablesNamed(lex, v), inQuery)
    );
  }
  return undefined;
}

/** Prepositions of a phrase after an inverted verb that qualifies the rows: "written at Oslo", "published about tides". */
const TRAILING = new Set(['in', 'at', 'on', 'about', 'for', 'with', 'during', 'from']);

/**
 * "how many courses does each department offer": the verb last, after its object, with do/does/did
 * before; or followed only by a phrase of values that qualifies the rows ("what papers has Ada
 * written at Oslo in 2020").
 */
function inverted(items: Item[], k: number): { left: Item; right: Item; joined?: boolean } | undefined {
  let q = k + 1;
  // ("have Ada and Bo written together": the values' "together" may follow)
  while (
    q < items.length &&
    ((items[q].kind === 'word' && (LINK_AFTER.has(items[q].lower) || ALL_OF_AFTER.has(items[q].lower))) || items[q].kind === 'time')
  )
    q++;
  if (items[q]?.kind === 'word' && TRAILING.has(items[q]!.lower)) q++;
  if (q < items.length && items[q].kind !== 'punct' && TRAILING.has(items[q - 1]?.lower ?? '')) {
    const value = (it: Item) => it.kind === 'lex' && entriesOf(it, 'value').length > 0 && entriesOf(it, 'entity').length === 0;
    while (
      q < items.length &&
      (value(items[q]!) || items[q]!.kind === 'time' || (items[q]!.kind === 'word' && LINK_AFTER.has(items[q]!.lower)))
    )
      q++;
  }
  if (q < items.length && items[q].kind !== 'punct') return undefined;
  let p = k - 1;
  const right = items[p];
  if (right?.kind !== 'lex') return undefined;
  // "does author Smith write": a dimension named next to its value
  while (p > 0 && items[p - 1].kind === 'lex') p--;
  // "has Ada and Bo written": values joined by "and"
  const isValue = (it: Item | undefined) => it?.kind === 'lex' && entriesOf(it, 'value').length > 0;
  let joined = false;
  while (p > 1 && items[p - 1].lower === 'and' && items[p - 1].kind === 'word' && isValue(items[p]) && isValue(items[p - 2])) {
    p -= 2;
    joined = true;
  }
  if (joined && ALL_OF_BEFORE.has(items[p - 1]?.lower ?? '')) p--;
  p--;
  while (
    p >= 0 &&
    ((items[p].kind === 'word' && ['the', 'a', 'an'].includes(items[p].lower)) || (items[p].kind === 'kw' && items[p].kw === 'each'))
  )
    p--;
  if (!(items[p]?.kind === 'word' && LINK_INVERTING.has(items[p].lower))) return undefined;
  const left = items[p - 1];
  return left?.kind === 'lex' ? { left, right, ...(joined ? { joined } : {}) } : undefined;
}

/**
 * How the query relates the two sides, when the model relates them in exactly one way: one
 * join path between two entities, or a thing and an attribute of its own. Undefined otherwise.
 */
function relation(
  lex: Lexicon,
  model: SemanticModel,
  query: SemanticQuery,
  left: Item,
  right: Item,
  verb: Item,
  qualifier?: boolean,
): string | undefined {
  if (!(left.used || left.consumed) || !(right.used || right.consumed)) return undefined;
  // "authors who wrote crime books" read as two totals (authors, books) side by side is no relation;
  // figures of one thing's own rows ("the number of treatments and the amount prescribed for them") may
  // still link that thing and an attribute of its own
  const several = query.metrics.length > 1;
  const counted = new Set(query.metrics.map((m) => lex.metrics.get(m)?.entity));
  if (several && (counted.size !== 1 || counted.has(undefined))) return undefined;
  // the two sides must be related by one part of the query (never two metrics side by side)
  for (const inQuery of relatedSets(lex, model, query)) {
    const l = sideOf(lex, left, inQuery);
    const r = sideOf(lex, right, inQuery);
    if (!l || !r) continue;
    if (several && !(l.entity === r.entity && l.self !== r.self && counted.has(l.entity))) continue;
    // "the smallest area that borders Corran": a figure and one member named by its value are no thing and
    // its attribute (the clause says of another member what the model does not hold)
    if (l.entity === r.entity && namesMember(l.self ? left : right)) return undefined;
    const v = verbLemma(verb.lower)!;
    // a verb that names a dimension or value links only through the table it names
    const owners = modelOwners(lex, verb.lower, v);
    // (none from a value qualifying a thing before it: "papers about X that used Y" says the papers used Y)
    const chain = qualifier
      ? undefined
      : {
          ends: new Set([l.entity, r.entity]),
          members: new Set([left, right].filter(namesMember).map((it) => (it === left ? l : r).entity)),
          named: tablesNamed(lex, v),
        };
    // (a word the lexicon reads as a table, "cite" of the citations, links only through that table)
    if (!owners.size && verb.kind !== 'lex')
      return relationOf(model, l, r, v, chain) ?? namedAmong(model, l.entity, r.entity, tablesNamed(lex, v), inQuery);
    return linkTable(model, l.entity, r.entity, tablesNamed(lex, v), inQuery);
  }
  return undefined;
}

/** The item names one member by its value ("Corran"), not the thing itself ("regions", "the number of regions"). */
const namesMember = (it: Item) =>
  !(it.entries ?? []).some((e) => e.kind === 'entity' || e.kind === 'metric') && entriesOf(it, 'value').length > 0;

const adjacent = (model: SemanticModel, x: string, y: string) =>
  model.relationships.some((rel) => (rel.from === x && rel.to === y) || (rel.from === y && rel.to === x));

/** The one of `tables` that links two entities directly (each side one join from it). */
function linkingTable(model: SemanticModel, l: string, r: string, tables: Set<string>): string | undefined {
  const through = [...tables].filter((t) => t !== l && t !== r && adjacent(model, l, t) && adjacent(model, t, r));
  return through.length === 1 ? through[0] : undefined;
}

/**
 * "courses offered in each semester": the one join path between two entities runs through a table the
 * verb names; or, among several tables linking them, the one the verb names, read by the query (`via`).
 */
function linkTable(model: SemanticModel, l: string, r: string, tables: Set<string>, via?: Set<string>): string | undefined {
  if (l === r) return undefined;
  const paths = shortestJoinPaths(model, l, r);
  if (paths.count !== 1 || paths.length !== 2) return namedAmong(model, l, r, tables, via);
  const through = linkingTable(model, l, r, tables);
  return through ? `the ${through} linking ${l} and ${r}` : undefined;
}

/**
 * "users who reviewed businesses", where users reach businesses through reviews and through tips: the one
 * of those tables the verb names, when the query reads the relation through it (`via`); never the other.
 */
function namedAmong(model: SemanticModel, l: string, r: string, tables: Set<string>, via?: Set<string>): string | undefined {
  if (l === r || !via) return undefined;
  const paths = shortestJoinPaths(model, l, r);
  if (paths.count < 2 || paths.length !== 2) return undefined;
  const through = linkingTable(model, l, r, tables);
  return through && via.has(through) ? `the ${through} linking ${l} and ${r}, which the verb names` : undefined;
}

/** The rows of the one table a verb names that refer to both entities ("reviewed": the reviews of users and businesses). */
export function namedRows(lex: Lexicon, model: SemanticModel, verb: Item, l: string, r: string): string | undefined {
  const v = verbLemma(verb.lower);
  if (!v || !(mayLink(lex, verb) || tableParticiple(lex, verb))) return undefined;
  const t = linkingTable(model, l, r, tablesNamed(lex, v));
  const refers = (e: string) => model.relationships.some((rel) => rel.from === t && rel.to === e && rel.cardinality !== 'one_to_many');
  return t && refers(l) && refers(r) ? t : undefined;
}

/** One join path between two entities (directly or through one linking table), or a thing and an attribute of its own. */
function relationOf(
  model: SemanticModel,
  l: { entity: string; self: boolean },
  r: { entity: string; self: boolean },
  verb?: string,
  chain?: Chain,
): string | undefined {
  if (l.entity === r.entity) {
    // a thing and an attribute of its own; two mentions of the thing itself ("papers citing papers") relate it to itself
    return l.self !== r.self ? `an attribute of the ${l.entity}` : undefined;
  }
  // one relationship, or one table linking the two: a longer chain passes through things the verb does not name
  const paths = shortestJoinPaths(model, l.entity, r.entity);
  if (paths.count === 2 && paths.length === 1 && verb) return namedForeignKey(model, l.entity, r.entity, verb);
  if (paths.count !== 1) return undefined;
  if (paths.length <= 2) return `the model's one join between ${l.entity} and ${r.entity}`;
  const pair = chain && pairedEnd(model, l.entity, r.entity, chain);
  return pair ? `the ${pair} pairing ${l.entity} with what leads to ${r.entity}` : undefined;
}

/** What a longer path is read by: the sides it may start from, those named by a value, the tables the verb names. */
interface Chain {
  ends: Set<string>;
  members: Set<string>;
  named: Set<string>;
}

/**
 * Whether a table pairs two entities: it refers to-one to both, and its name is made of theirs (paper_keyphrase,
 * offering_instructor). A table with a meaning of its own (a sale of a book in a shop, a loan) has its own verb.
 */
function pairs(model: SemanticModel, t: string, a: string, b: string): boolean {
  const name = `${t} ${model.entities.find((e) => e.name === t)?.table ?? ''}`.toLowerCase().replace(/[^a-z ]/g, '');
  const named = (e: string) =>
    e
      .toLowerCase()
      .split(/[^a-z]+/)
      .some((w) => w.length > 2 && name.includes(w));
  return [a, b].every((e) => named(e) && model.relationships.some((x) => x.from === t && x.to === e && x.cardinality !== 'one_to_many'));
}

/**
 * "keyphrases used by Ada", "datasets mentioned at a venue", "courses taught by Ada": a verb whose one join path (three
 * or four joins) starts or ends in a table pairing that side with the next thing (paper_keyphrase: a keyphrase and a
 * paper; offering_instructor: an instructor and an offering) states that pairing, the rest of the path saying whose
 * (the papers by Ada, the offerings of a course). The pair table, or undefined.
 */
function pairedEnd(model: SemanticModel, a: string, b: string, chain: Chain): string | undefined {
  const path = onePath(model, a, b);
  if (!path || path.length < 4 || path.length > 5) return undefined;
  const [first, second, last, beforeLast] = [path[1]!, path[2]!, path[path.length - 2]!, path[path.length - 3]!];
  const end =
    chain.ends.has(a) && pairs(model, first, a, second) ? a : chain.ends.has(b) && pairs(model, last, b, beforeLast) ? b : undefined;
  if (!end) return undefined;
  // "Ada published at Oslo": a verb naming a table on the way (the papers) reads its rows of a member named; "the
  // venues Ada publishes in" asks for places of those rows, which may be more than one kind (venues, journals)
  const other = end === a ? b : a;
  if (path.slice(1, -1).some((e) => chain.named.has(e)) && !chain.members.has(other)) return undefined;
  return end === a ? first : last;
}

/** The entities of the one shortest join path between two entities (both ends included), reading relationships both ways. */
function onePath(model: SemanticModel, a: string, b: string): string[] | undefined {
  const parent = new Map<string, string>([[a, a]]);
  const queue = [a];
  while (queue.length && !parent.has(b)) {
    const cur = queue.shift()!;
    for (const x of model.relationships) {
      const next = x.from === cur ? x.to : x.to === cur ? x.from : undefined;
      if (!next || next === cur || parent.has(next)) continue;
      parent.set(next, cur);
      queue.push(next);
    }
  }
  if (!parent.has(b)) return undefined;
  const out = [b];
  while (out[0] !== a) out.unshift(parent.get(out[0]!)!);
  return out;
}

/** Endings of a noun made from a verb's stem: send → sender, buy → buyer, gift → gifted, pay → payee. */
const AGENT_ENDINGS = new Set(['', 'r', 'er', 'or', 'ee', 'ed', 'd', 'ing']);

/**
 * "transactions sent by each user" where a transaction has a sender and a receiver: two foreign keys
 * of one table to the other are two relations, and the verb names one only when exactly one of the
 * two key columns shares its stem (`sender_id` and "sent": send → sender). The join the query takes
 * is the model's first declared one between them; the verb links the two only when that is the one it
 * names (otherwise the question is refused, never answered through the other key).
 */
function namedForeignKey(model: SemanticModel, a: string, b: string, verb: string): string | undefined {
  const rels = model.relationships.filter((x) => (x.from === a && x.to === b) || (x.from === b && x.to === a));
  if (rels.length !== 2 || rels[0]!.from !== rels[1]!.from || rels.some((x) => x.on.length !== 1 || x.cardinality !== 'many_to_one'))
    return undefined;
  const shares = (column: string) =>
    column
      .toLowerCase()
      .split(/[^a-z]+/)
      .some((w) => w.startsWith(verb) && AGENT_ENDINGS.has(w.slice(verb.length)));
  const named = rels.filter((x) => shares(x.on[0]![0]));
  if (named.length !== 1) return undefined;
  const holder = rels[0]!.from;
  const hop = joinGraph(model).path(holder, holder === a ? b : a)?.[0];
  if (!hop || hop.on[0]?.[0] !== named[0]!.on[0]![0]) return undefined;
  return `the ${named[0]!.on[0]![0]} of ${holder}, which "${verb}" names`;
}

/** The entity a mention speaks of in the query, and whether it names the thing itself or an attribute of it. */
function sideOf(lex: Lexicon, it: Item, inQuery: Set<string>): { entity: string; self: boolean } | undefined {
  const found = new Map<string, boolean>();
  const add = (entity: string | undefined, self: boolean) => {
    if (!entity || !inQuery.has(entity)) return;
    found.set(entity, (found.get(entity) ?? false) || self);
  };
  for (const e of it.entries ?? []) {
    if (e.kind === 'entity') add(e.target, true);
    else if (e.kind === 'metric') {
      const m = lex.metrics.get(e.target);
      add(m?.entity, m?.agg === 'count' || m?.agg === 'count_distinct');
    } else if (e.kind === 'dimension' || e.kind === 'value') {
      // "nation" may be the customer's or the supplier's: the role the query used
      const d = lex.dimensions.get(e.target);
      const family = d ? [d, ...[...d.roles.values()].map((r) => lex.dimensions.get(r))] : [];
      for (const x of family) if (x) add(x.entity, dimensionOfEntity(lex, x.entity) === x.name);
    }
  }
  if (found.size !== 1) return undefined;
  const [[entity, self]] = [...found];
  return { entity, self };
}

/**
 * The sets of entities the query relates: each aggregated entity with what it is grouped and
 * filtered by and the entities its joins pass through ("orders submitted by customers in GERMANY":
 * customers lie between orders and nation); a condition's members with the rows it aggregates; a
 * distinct count's members with the rows they are counted among. Two metrics side by side are
 * not related to each other.
 */
function relatedSets(lex: Lexicon, model: SemanticModel, q: SemanticQuery): Set<string>[] {
  const ofMetric = (m: string) => lex.metrics.get(m)?.entity;
  const ofDimension = (d: string) => lex.dimensions.get(d)?.entity ?? model.time_dimensions.find((t) => t.name === d)?.entity;
  const defined = (xs: (string | undefined)[]) => xs.filter((e): e is string => !!e);
  const qualifying = defined([...q.group_by.map((g) => ofDimension(g.dimension)), ...q.filters.map((f) => ofDimension(f.dimension))]);
  const graph = joinGraph(model);
  const around = (roots: string[], targets: string[]) =>
    new Set([...roots, ...targets, ...roots.flatMap((a) => targets.flatMap((t) => (graph.path(a, t) ?? []).map((h) => h.to)))]);
  return [
    ...defined(q.metrics.map(ofMetric)).map((e) => around([e], qualifying)),
    ...(q.subset_metrics ?? []).map((s) =>
      around(defined([ofMetric(s.metric)]), [...qualifying, ...defined(s.filters.map((f) => ofDimension(f.dimension)))]),
    ),
    // (the rows a condition counts relate its members and what its filters name: "papers Ada and Bo wrote together")
    ...(q.entity_conditions ?? []).map((c) =>
      around(defined([ofMetric(c.metric)]), [c.entity, ...defined((c.filters ?? []).map((f) => ofDimension(f.dimension)))]),
    ),
    ...(q.per_entity_averages ?? []).map((p) => around(defined([ofMetric(p.metric)]), [p.entity, ...qualifying])),
    ...(q.distinct_counts ?? []).map((d) => around(defined([d.through ?? d.entity]), [d.entity, ...qualifying])),
    // (the rows a column's extreme, total or average is taken over: "the total credits of courses taught by X")
    ...(q.column_aggregates ?? []).map((c) => around(defined([ofMetric(c.of) ?? ofDimension(c.of)]), qualifying)),
    // a listing (no metric): the members listed with what filters them
    ...(q.metrics.length || !q.group_by.length ? [] : [around(defined(q.group_by.map((g) => ofDimension(g.dimension))), qualifying)]),
  ];
}

/**
 * Words of the model's dimension, time-dimension and value phrases, each with the entities whose
 * phrases hold it (a verb among them names one of them).
 */
const phraseWords = new WeakMap<Lexicon, Map<string, Set<string>>>();
function modelOwners(lex: Lexicon, lower: string, verb: string): Set<string> {
  let words = phraseWords.get(lex);
  if (!words) {
    const map = new Map<string, Set<string>>();
    const owner = (e: { kind: string; target: string }) =>
      e.kind === 'time_dimension'
        ? ((lex.timeDimensions.get(e.target) as { entity?: string } | undefined)?.entity ?? '?')
        : (lex.dimensions.get(e.target)?.entity ?? '?');
    const walk = (node: Lexicon['root'], path: string[]) => {
      // (a noun of the same meaning is no word of the model's: "staff member" says nothing of "staffed")
      for (const e of node.entries)
        if (!e.sameMeaning && (e.kind === 'dimension' || e.kind === 'time_dimension' || e.kind === 'value'))
          for (const w of path) map.set(w, (map.get(w) ?? new Set()).add(owner(e)));
      for (const [k, n] of node.next) walk(n, [...path, k]);
    };
    walk(lex.root, []);
    phraseWords.set(lex, map);
    words = map;
  }
  const out = new Set<string>();
  for (const w of [lower, lemmas(lower)[0], verb]) for (const o of words.get(w) ?? []) out.add(o);
  return out;
}

/**
 * Whether a verb inside a condition on members ("drugs that were never used in any treatments",
 * "merchants who have not issued any coupons") states the relation between the members and the
 * rows the condition counts: the model relates the two in exactly one way (one join path, directly
 * or through one linking table; through the table the verb names when it names one).
 */
export function verbRelates(
  lex: Lexicon,
  model: SemanticModel,
  verb: Item,
  members: string,
  rows: string,
  via?: Set<string>,
): string | undefined {
  return verbRelatesSides(lex, model, verb, { entity: members, self: true }, { entity: rows, self: true }, via);
}

/**
 * The same for two sides that may name an attribute rather than the thing itself ("restaurants
 * serving vegan food": the restaurant and its own food type).
 */
export function verbRelatesSides(
  lex: Lexicon,
  model: SemanticModel,
  verb: Item,
  l: { entity: string; self: boolean },
  r: { entity: string; self: boolean },
  /** The tables the reading goes through (a verb naming one of several linking tables links only through it). */
  via?: Set<string>,
): string | undefined {
  if (!mayLink(lex, verb) && !tableParticiple(lex, verb)) return undefined;
  const v = verbLemma(verb.lower)!;
  if (modelOwners(lex, verb.lower, v).size) return linkTable(model, l.entity, r.entity, tablesNamed(lex, v), via);
  return relationOf(model, l, r, v) ?? namedAmong(model, l.entity, r.entity, tablesNamed(lex, v), via);
}
