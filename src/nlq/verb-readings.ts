/**
 * "who wrote papers in 2015", "who has published papers at Oslo", "who reviewed Quayside": "who" asks for
 * people, and the verb says which. The person-like things (a noun for people in their name, or a first and a
 * last name) the verb relates to its object (the first thing named after it, or the thing a value after it is
 * of) in exactly one way (`verbRelatesSides`: one join path, or the table the verb names) are the candidates;
 * exactly one, and the question is read as "which <people> have <rest>" (the verb's relation is that one join,
 * which "have" reads: `related-condition.ts`), or "which <people> <verb> <value>" when a value is the object.
 * With no object, only a place or a time after the verb ("who publishes in X", "who booked at Riverside"), the
 * verb's own rows (the one table it names) are what is there: "which <people> have <rows> in X" (`verbRows`).
 * The reading must list those people and nothing else (a count of the related rows may stand beside them):
 * each person is one row, by key with the names beside it. Two candidates are offered as choices (the refusal
 * names both); none, a ranking ("who wrote the most"), or any other answer, and the refusal stands.
 */
import type { SemanticModel } from '../semantic/model.js';
import type { DimensionFilter, SemanticQuery } from '../semantic/query.js';
import { countMetricOfEntities } from './analyse.js';
import type { Lexicon } from './lexicon.js';
import { shortestJoinPaths } from '../semantic/graph.js';
import { linkQuestion, type LinkCandidate } from './linking.js';
import { isPeople, keyDimension, memberDimension, nameCandidates } from './members.js';
import type { Item } from './spans.js';
import { normalise, tokenize, verbOf } from './text.js';
import { mayLink, tablesNamed, verbRelatesSides } from './constructions/linking-verb.js';

/** A preposition a verb takes before its object ("enrolled on", "published in", "works at"). */
const PREPOSITION = /^(?:on|in|at|for|to|into|about|with|from)\s+/i;
/** What may follow a verb with no object: a place or a time of its rows ("publishes in X", "published after 2010"). */
const AFTER_INTRANSITIVE = /^(?:on|in|at|for|to|into|about|with|from|after|before|since|during|between|until)\s+/i;

const OPENER =
  /^\s*(who|how\s+many\s+(?:people|persons|individuals))\s+(?:(has|have|had|did|does|do)\s+|(is|are|was|were)\s+(?=[a-z]+ing\b))?([a-z]+)\s+(.+?)\s*[?.!]?\s*$/i;

/** Whether two things are joined at all, in at most `joins` joins. */
const within = (model: SemanticModel, a: string, b: string, joins: number) => {
  const path = shortestJoinPaths(model, a, b);
  return path.count > 0 && path.length <= joins;
};

export interface VerbReading {
  /** The question to read ("which authors have papers in 2015"). */
  question: string;
  /** The things asked for (listed by key and names). */
  entity: string;
  verb: string;
  /** The things are counted ("how many people ..."), not listed. */
  counted?: boolean;
}

/**
 * The things (of those `kind` accepts) a verb relates to `other` in exactly one way: through a table the verb
 * names, or the things it names themselves ("who authored X", "who teaches X": the teachers) before any other.
 */
function relatedByVerb(lex: Lexicon, model: SemanticModel, verb: Item, other: string, kind: (e: string) => boolean): string[] {
  const tables = tablesNamed(lex, verbOf(verb.lower) ?? verb.lower);
  // every thing of the kind one or two joins away may be meant: each must be related by the verb, or one named
  const near = model.entities.map((e) => e.name).filter((e) => e !== other && kind(e) && (tables.has(e) || within(model, e, other, 2)));
  const adjacent = (x: string, y: string) => model.relationships.some((r) => (r.from === x && r.to === y) || (r.from === y && r.to === x));
  const named = near.filter(
    (e) => tables.has(e) || [...tables].some((t) => t !== e && t !== other && adjacent(e, t) && adjacent(t, other)),
  );
  const relates = (e: string) =>
    tables.has(e)
      ? shortestJoinPaths(model, e, other).count === 1
      : !!verbRelatesSides(lex, model, verb, { entity: e, self: true }, { entity: other, self: true }, tables);
  const candidates = named.length ? named : near;
  return candidates.every(relates) ? candidates : [];
}

/** A verb the model may read as a relation: a linking verb, or one naming a table of the model ("authored"). */
function verbItem(lex: Lexicon, word: string): Item | undefined {
  const verb = { kind: 'word', i: 0, j: 1, text: word, lower: word.toLowerCase() } as Item;
  const lemma = verbOf(verb.lower);
  return lemma && (mayLink(lex, verb) || tablesNamed(lex, lemma).size) ? verb : undefined;
}

/** The plural a thing is named by in a question ("authors"). */
export const pluralOf = (lex: Lexicon, entity: string) =>
  (lex.entities.get(entity)?.synonyms.find((s) => /s$/.test(s)) ?? entity).replace(/_/g, ' ');

/** The one thing whose members a phrase names wholly by a value ("Ada Lark", "author Ada Lark"). */
function memberNamed(lex: Lexicon, phrase: string): string | undefined {
  const tokens = tokenize(phrase);
  const links = linkQuestion(tokens, lex);
  const whole = links.filter((c) => c.kind === 'value' && c.j === tokens.length);
  const owners = new Set(whole.map((c) => lex.dimensions.get(c.target)?.entity));
  if (owners.size !== 1 || owners.has(undefined)) return undefined;
  const start = Math.min(...whole.map((c) => c.i));
  // (before the value, only the word of its thing or of its dimension: "author Ada Lark")
  const before = links.filter((c) => c.j <= start);
  if (start > 0 && !(before.length && before.every((c) => c.i === 0 && c.j === start && c.kind !== 'value'))) return undefined;
  return [...owners][0];
}

/** The one thing a phrase names ("venues", "scholarly journals": its last word), if exactly one. */
function thingNamed(lex: Lexicon, phrase: string): string | undefined {
  const tokens = tokenize(phrase);
  const last = linkQuestion(tokens, lex).filter((c) => c.j === tokens.length);
  const things = new Set(
    last.flatMap((c) =>
      c.kind === 'entity'
        ? [c.target]
        : c.kind === 'metric' && lex.metrics.get(c.target)?.agg === 'count'
          ? [lex.metrics.get(c.target)!.entity]
          : [],
    ),
  );
  return things.size === 1 ? [...things][0] : undefined;
}

/** "what venues does Ada publish in", "what has Ada published": the things a member's verb reaches. */
const WHAT_OF =
  /^\s*(?:in\s+|at\s+)?(?:what|which)\s+(.+?)\s+(?:do|does|did|has|have|had)\s+(.+?)\s+([a-z]+)(?:\s+(?:in|at|on|for|about|to))?\s*[?.!]?\s*$/i;
const WHAT_HAS = /^\s*what\s+(?:do|does|did|has|have|had)\s+(.+?)\s+([a-z]+)\s*[?.!]?\s*$/i;

/**
 * "what has Ada published": the one thing with members the verb relates to the member named, listed ("list the
 * papers by Ada"). "what venues does Ada publish in": the venues of the one thing the verb relates to the member
 * and that is of a venue ("which venues have papers by Ada"); a thing the verb relates to the member itself is
 * the general rules' ("what papers has Ada written").
 */
export function whatReading(question: string, lex: Lexicon, model: SemanticModel): VerbReading | undefined {
  const text = normalise(question);
  const has = WHAT_HAS.exec(text);
  if (has) {
    const verb = verbItem(lex, has[2]!);
    const member = memberNamed(lex, has[1]!);
    if (!verb || !member) return undefined;
    const things = relatedByVerb(lex, model, verb, member, (e) => !!memberDimension(lex, model, e));
    if (things.length !== 1) return undefined;
    return { question: `list the ${pluralOf(lex, things[0]!)} by ${has[1]}`, entity: things[0]!, verb: verb.text };
  }
  const of = WHAT_OF.exec(text);
  if (!of) return undefined;
  const verb = verbItem(lex, of[3]!);
  const member = memberNamed(lex, of[2]!);
  const asked = thingNamed(lex, of[1]!);
  if (!verb || !member || !asked || asked === member) return undefined;
  if (verbRelatesSides(lex, model, verb, { entity: member, self: true }, { entity: asked, self: true })) return undefined;
  const of1 = (e: string) => model.relationships.some((r) => r.from === e && r.to === asked && r.cardinality !== 'one_to_many');
  const objects = relatedByVerb(lex, model, verb, member, (e) => e !== asked && of1(e));
  if (objects.length !== 1) return undefined;
  // rows that are in two things at once (a paper in a venue and in a journal): the place word may cover both
  const places = new Set(
    model.relationships.filter((r) => r.from === objects[0] && r.to !== objects[0] && r.cardinality !== 'one_to_many').map((r) => r.to),
  );
  const towardMember = [...places].filter(
    (p) => p !== asked && shortestJoinPaths(model, p, member).length < shortestJoinPaths(model, objects[0]!, member).length,
  );
  if (places.size - towardMember.length !== 1) return undefined;
  return { question: `which ${of[1]} have ${pluralOf(lex, objects[0]!)} by ${of[2]}`, entity: asked, verb: verb.text };
}

/** The reading of a "who <verb> <rest>" question, when the verb relates one kind of people to its object. */
export function whoReading(question: string, lex: Lexicon, model: SemanticModel): VerbReading | { choices: VerbReading[] } | undefined {
  const m = OPENER.exec(normalise(question));
  if (!m) return undefined;
  // "how many people reviewed X" counts the people "who" would list
  const counted = m[1]!.toLowerCase() !== 'who';
  const verbWord = m[4]!.toLowerCase();
  const rest = m[5]!;
  const verb = verbItem(lex, verbWord);
  if (!verb) return undefined;
  // the object: the first thing named after the verb ("Mental Health papers": papers), else the thing its first value is of
  const links = linkQuestion(tokenize(rest), lex);
  const thingOf = (c: LinkCandidate) =>
    c.kind === 'entity'
      ? c.target
      : c.kind === 'metric' && lex.metrics.get(c.target)?.agg === 'count'
        ? lex.metrics.get(c.target)!.entity
        : undefined;
  const firstAt = (cs: LinkCandidate[]) => cs.filter((c) => c.i === Math.min(...cs.map((x) => x.i)));
  const thingsNamed = firstAt(links.filter((c) => !!thingOf(c)));
  const byValue = !thingsNamed.length;
  const objects = new Set(
    byValue ? firstAt(links.filter((c) => c.kind === 'value')).map((c) => lex.dimensions.get(c.target)?.entity) : thingsNamed.map(thingOf),
  );
  const opening = `${counted ? 'how many' : 'which'}`;
  // ("who published in 2015": nothing named after the verb but when)
  const object = objects.size === 1 ? [...objects][0] : undefined;
  if (!object && objects.size) return undefined;
  const people = object ? relatedByVerb(lex, model, verb, object, (e) => isPeople(lex, model, e)) : [];
  // "who publishes in X": no object, a place after the verb; the verb's own rows (publications) are what is in X
  const rows = !people.length && AFTER_INTRANSITIVE.test(rest) ? verbRows(lex, model, verb, object) : undefined;
  const readings = rows
    ? rows.people.map((entity) => ({ entity, question: `${opening} ${pluralOf(lex, entity)} have ${pluralOf(lex, rows.table)} ${rest}` }))
    : people.map((entity) => ({
        entity,
        // ("enrolled on courses": the verb's preposition goes with it)
        // (when the people reach the object in several ways, the verb says which: it stays)
        // ("who is teaching X": the progressive keeps its auxiliary)
        question: `${opening} ${pluralOf(lex, entity)} ${
          byValue || shortestJoinPaths(model, entity, object!).count > 1
            ? `${m[3] ? `${m[3].toLowerCase()} ` : ''}${verbWord} ${rest}`
            : `have ${rest.replace(PREPOSITION, '')}`
        }`,
      }));
  const all = readings.map((r) => ({ ...r, verb: verbWord, ...(counted ? { counted } : {}) }));
  return all.length === 1 ? all[0] : all.length > 1 ? { choices: all } : undefined;
}

/**
 * The one table a verb names (publish: the publications) that reaches `place` in one way, and the kinds of
 * people one or two joins from its rows, each in one way: "who publishes in X" asks for the authors with
 * publications in X.
 */
function verbRows(lex: Lexicon, model: SemanticModel, verb: Item, place?: string): { table: string; people: string[] } | undefined {
  const people = (e: string) => isPeople(lex, model, e);
  const tables = [...tablesNamed(lex, verbOf(verb.lower) ?? verb.lower)].filter((t) => t !== place && !people(t));
  if (tables.length !== 1 || (place && shortestJoinPaths(model, tables[0]!, place).count !== 1)) return undefined;
  const near = model.entities.map((e) => e.name).filter((e) => people(e) && within(model, e, tables[0]!, 2));
  if (!near.length || near.some((e) => shortestJoinPaths(model, e, tables[0]!).count !== 1)) return undefined;
  return { table: tables[0]!, people: near };
}

/** The count a "how many people <verb>" reading asks for: the people's own count, and nothing beside or broken down. */
export function asMembersCounted(query: SemanticQuery, entity: string, lex: Lexicon): SemanticQuery | undefined {
  const own = query.metrics.length === 1 && lex.metrics.get(query.metrics[0]!)?.entity === entity;
  const agg = lex.metrics.get(query.metrics[0] ?? '')?.agg;
  if (!own || agg !== 'count' || query.group_by.length || query.limit !== undefined || query.metric_filters.length) return undefined;
  return query;
}

/**
 * The listing of the people a "who" reading asks for: the query breaks down by the people's own columns only
 * (beside, at most counts), unranked; each person one row, by key with the names beside it.
 */
export function asMembersListed(query: SemanticQuery, entity: string, lex: Lexicon, model: SemanticModel): SemanticQuery | undefined {
  if (query.limit !== undefined || query.metric_filters.length || !query.group_by.length) return undefined;
  if (query.group_by.some((g) => g.grain || lex.dimensions.get(g.dimension)?.entity !== entity)) return undefined;
  // (beside the people, at most one count: "tips and businesses" side by side are no list of people)
  if (query.metrics.length > 1 || query.metrics.some((x) => !['count', 'count_distinct'].includes(lex.metrics.get(x)?.agg ?? '')))
    return undefined;
  // (a thing with no key of its own is listed by its names)
  const key = keyDimension(model, entity);
  const names = nameCandidates(model, lex, entity);
  if (!key && !names.length) return undefined;
  const wanted = [...(key ? [key] : []), ...names, ...query.group_by.map((g) => g.dimension)];
  const group_by = [...new Set(wanted)].map((dimension) => ({ dimension }));
  return { ...query, group_by, order: query.order.filter((o) => !lex.metrics.has(o.by)) };
}

/** "Sarah Lee's co-authors", "who are the coauthors of Sarah Lee", "co-investigators of Dana Whit". */
const CO_MEMBERS = [
  /^\s*(?:(?:who|what)\s+(?:are|were)\s+|list\s+|show\s+(?:me\s+)?|find\s+|name\s+)?(?:all\s+)?(?:the\s+)?co-?([a-z]+?)s?\s+of\s+(.+?)\s*[?.!]?\s*$/i,
  /^\s*(?:(?:who|what)\s+(?:are|were)\s+|list\s+|show\s+(?:me\s+)?|find\s+|name\s+)?(?:all\s+(?:of\s+)?)?(.+?)\s*'\s*s\s+co-?([a-z]+?)s?\s*[?.!]?\s*$/i,
];

export interface CoMembersReading {
  /** The people asked for (authors), who share rows of `pairs` (writes) with the member named. */
  entity: string;
  pairs: string;
  /** What they share (papers). */
  shared: string;
  /** The member named, as said ("Sarah Lee"). */
  member: string;
  noun: string;
}

/**
 * "co-<people> of X": the other members of the one thing the noun names, sharing with X a row of its one
 * table of pairs (authors and papers in `writes`: the co-authors are the authors of X's papers, X aside).
 * The noun must name a thing of people whose members the rest names wholly (a value of it).
 */
export function coMembersReading(question: string, lex: Lexicon, model: SemanticModel): CoMembersReading | { refusal: string } | undefined {
  const text = normalise(question);
  const of = CO_MEMBERS[0]!.exec(text);
  const own = of ? undefined : CO_MEMBERS[1]!.exec(text);
  const [noun, member] = of ? [of[1]!, of[2]!] : own ? [own[2]!, own[1]!] : [];
  if (!noun || !member) return undefined;
  const named = new Set(
    linkQuestion(tokenize(noun), lex)
      .filter((c) => c.kind === 'entity' && c.i === 0 && c.j === 1)
      .map((c) => c.target),
  );
  const entity = named.size === 1 ? [...named][0]! : undefined;
  // (a word that only starts with "co", "the costs of", names no people)
  if (!entity || !isPeople(lex, model, entity)) return undefined;
  const refusal = (why: string) => ({
    refusal: `I cannot read "co-${noun}s of ${member}": ${why}. I did not answer rather than guess.`,
  });
  if (memberNamed(lex, member) !== entity) return refusal(`"${member}" does not name one of the ${pluralOf(lex, entity)}`);
  // the one table of pairs of the people and another thing
  const refersTo = (t: string) =>
    model.relationships.filter((r) => r.from === t && r.to !== t && r.cardinality !== 'one_to_many').map((r) => r.to);
  const pairs = model.entities
    .map((e) => e.name)
    .filter((t) => refersTo(t).includes(entity) && new Set(refersTo(t)).size === 2 && refersTo(t).length === 2);
  if (pairs.length !== 1)
    return refusal(
      pairs.length
        ? `the ${pluralOf(lex, entity)} share rows of ${pairs.map((t) => t.replace(/_/g, ' ')).join(' and of ')}, and which is meant is not said`
        : `the ${pluralOf(lex, entity)} share no rows of a table of pairs`,
    );
  const shared = refersTo(pairs[0]!).find((e) => e !== entity)!;
  return { entity, pairs: pairs[0]!, shared, member, noun };
}

/**
 * The co-members' query: the people with a row of the pairs whose shared thing has a row of the member named
 * (its filter, as the general rules read the member), the member aside; each listed by key and names.
 */
export function asCoMembers(
  reading: CoMembersReading,
  member: DimensionFilter,
  lex: Lexicon,
  model: SemanticModel,
): SemanticQuery | undefined {
  const rows = countMetricOfEntities(lex, [reading.pairs]);
  const key = keyDimension(model, reading.entity);
  const names = nameCandidates(model, lex, reading.entity);
  if (!rows || (!key && !names.length)) return undefined;
  return {
    metrics: [],
    group_by: [...new Set([...(key ? [key] : []), ...names])].map((dimension) => ({ dimension })),
    filters: [{ ...member, op: 'ne' }],
    metric_filters: [],
    order: [],
    share_of_total: [],
    entity_conditions: [
      {
        entity: reading.entity,
        metric: rows,
        op: 'gt',
        value: 0,
        conditions: [{ entity: reading.shared, metric: rows, op: 'gt', value: 0, filters: [member] }],
      },
    ],
  };
}
