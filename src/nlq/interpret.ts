/**
 * The rule-based interpreter: question -> SemanticQuery, or an honest refusal.
 *
 * Pipeline: normalise -> find time expressions (masked) -> tokenise/lemmatise -> match phrases
 * longest-first against the model's vocabulary and the grammar keywords -> resolve each match
 * by its grammatical context (count / group / top-N / filter / role) -> build the query ->
 * merge into the previous query when the question is a follow-up fragment.
 * See CONTEXT.md for the invariants.
 */
import { listsOwner, valueOfAttributes } from './attribute-values.js';
import { optionalLinkRefusal } from './optional-links.js';
import { checkDistributed, distributeAggregates } from './coordinated-aggregates.js';
import { readShareFrame, shareOfConditions } from './condition-shares.js';
import { monthColumn, periodOnYearColumn, rowsOf, yearlessMonthOnColumn } from './year-columns.js';
import { definitionListing, withCode } from './definitions.js';
import { checkComparative, checkMeasuredSuperlative, readMeasuredComparative, readMeasuredSuperlative } from './measured-comparatives.js';
import { anyOfFilters, nestedConditions, type SemanticQuery } from '../semantic/query.js';
import type { SemanticModel } from '../semantic/model.js';
import { joinGraph, shortestJoinPaths } from '../semantic/graph.js';
import { compile, CompileError, linkOf, rowAttributes } from '../semantic/compiler.js';
import { dialectFor } from '../semantic/dialects/index.js';
import { getLexicon, type Lexicon } from './lexicon.js';
import { normalise, tokenize, TIME_MARK, type Token } from './text.js';
import { linkQuestion, type LinkCandidate } from './linking.js';
import { anchorToPrevious, clockPlus, expandShortYears, findTimeExpressions, OPEN_START } from './time.js';
import { type ClosestReading, type InterpretContext, type Interpretation } from './types.js';
import {
  BUSINESS_CONCEPTS,
  CHANGE_WORDS,
  FOLLOW_UP_CUES,
  UNSUPPORTED_ANALYSES,
  NON_DATA_TASKS,
  STOPWORDS,
  WRITE_VERBS,
  GENERIC_WORDS,
  ACTION_VERBS,
} from './words.js';
import { consume, type Item, PREPOSITIONS, SKIP, entriesOf, splitHyphens, toItems } from './spans.js';
import { type Analysis, analyse, COMBINATION, dimensionOfEntity } from './analyse.js';
import { keyDimension, memberDimension, titledNames } from './members.js';
import { combinedRankingRefusal } from './combined-ranking.js';
import { build, danglingMentions, periodsApart } from './build.js';
import { checkStructure, entitiesRead, takeStructureWords } from './constructions/structure-words.js';
import { asideColumnsLast } from './constructions/listing.js';
import { applyReturnList, takeReturnList } from './constructions/return-list.js';
import { followUpOnGroup } from './constructions/any-of.js';
import { weekdayColumns, weekdaysUnread } from './constructions/weekday-column.js';
import {
  applyConstructions,
  constructedParts,
  hasColumns,
  hasConstructedColumns,
  recogniseConstructions,
  takeEmptyMembersCue,
  applyEmptyMembersCue,
  withEmptyMembers,
  type Claim,
} from './constructions/index.js';
import { FILLER, measureCoverage, nearMatches } from './coverage.js';
import { mergeFollowUp } from './followup.js';
import { namesAggregate, readSingleTable } from './single-table.js';
import { readPairRelation } from './pair-relation.js';
import { heldToRole } from './self-relation.js';
import { whereListings, withLocation } from './where.js';
import { eventExistence, keepsEventMembers } from './event-existence.js';
import {
  asCoMembers,
  asMembersCounted,
  asMembersListed,
  coMembersReading,
  pluralOf,
  whatReading,
  whoReading,
  type VerbReading,
} from './verb-readings.js';
import { predicatedColumn } from './predicate-columns.js';
import { expandHeadWords } from './head-words.js';
import {
  catalogue,
  missingPhrase,
  modelTopic,
  outOfScope,
  quoteList,
  round,
  sampleDimensions,
  sampleMetrics,
  singular,
  uniq,
} from './refusals.js';
// ------------------------------------------------------------------------------------------

export function interpret(question: string, ctx: InterpretContext): Interpretation {
  // "the minimum and maximum price": read as the figure said after each aggregate word
  const distributed = distributeAggregates(question, getLexicon(ctx.model, ctx.values));
  if (distributed) {
    const r = interpretWhole(distributed.text, ctx);
    if (r.kind !== 'query' || checkDistributed(r.query, distributed)) return r;
    return {
      kind: 'out_of_scope',
      reason: `I cannot honour the words "${distributed.words}" in this question: each should be a figure of its own, and the question does not read that way. I did not answer rather than guess.`,
      unconsumed: distributed.words.split(/[\s,&/]+/).filter((w) => w && w.toLowerCase() !== 'and'),
    };
  }
  // "what percentage of rooms have a sea view", "the ratio of X with C1 to X with C2": each side re-read as a count
  // (`condition-shares.ts`), the frame kept only when the sides differ by row conditions alone
  const frame = ctx.previous ? undefined : readShareFrame(question);
  if (frame) {
    const r = shareOfConditions(frame, (text) => interpretWhole(text, ctx), getLexicon(ctx.model, ctx.values), joinGraph(ctx.model));
    if (r?.kind === 'out_of_scope' || (r && computable(r, ctx.model).kind === 'query')) return r;
  }
  // "Ada's co-authors": the other authors of Ada's papers, read before the general rules (which would read
  // "coauthors" as the authors themselves)
  const co = ctx.previous ? undefined : coMembersReading(question, getLexicon(ctx.model, ctx.values), ctx.model);
  if (co && 'refusal' in co) return { kind: 'out_of_scope', reason: co.refusal, unconsumed: [] };
  if (co) {
    const lex = getLexicon(ctx.model, ctx.values);
    // (the member as the general rules read it: "list the author Ada Lark" holds it to one value)
    const r = interpretWhole(`list the ${co.entity.replace(/_/g, ' ')} ${co.member}`, ctx);
    const f = r.kind === 'query' && r.query.filters.length === 1 ? r.query.filters[0]! : undefined;
    const held = f && f.op === 'eq' && f.values.length === 1 && lex.dimensions.get(f.dimension)?.entity === co.entity;
    const query = held ? asCoMembers(co, f, lex, ctx.model) : undefined;
    if (r.kind === 'query' && query) {
      const note = `Read "co-${co.noun}s" as the ${pluralOf(lex, co.entity)} other than ${co.member} on the ${pluralOf(lex, co.shared)} of ${co.member} (through ${co.pairs.replace(/_/g, ' ')}).`;
      return computable({ ...r, query, notes: [note] }, ctx.model);
    }
    return {
      kind: 'out_of_scope',
      reason: `I cannot read "${co.member}" as one of the ${pluralOf(lex, co.entity)}. I did not answer rather than guess.`,
      unconsumed: [],
    };
  }
  // "find all Bakery in Leeds": a value of a table of attributes names the things it describes (`attribute-values.ts`)
  const attributed = ctx.previous ? undefined : valueOfAttributes(question, getLexicon(ctx.model, ctx.values), ctx.model);
  if (attributed) {
    const r = interpretWhole(attributed.text, ctx);
    if (r.kind === 'query' && listsOwner(r.query, ctx.model, attributed.owner))
      return { ...r, notes: [...r.notes, `Read the question as "${attributed.text}".`] };
    if (r.kind !== 'query') return r;
    return {
      kind: 'out_of_scope',
      reason: `I read the question as "${attributed.text}", but not as a list of them. I did not answer rather than guess.`,
    };
  }
  // "define airline F9", "what is fare code QX": the member a code picks, with the code and its names (`definitions.ts`)
  const defined = ctx.previous ? undefined : definitionListing(question, getLexicon(ctx.model, ctx.values));
  if (defined) {
    const r = interpretWhole(defined.text, ctx);
    const listed = r.kind === 'query' ? withCode(r.query, defined.dimension, ctx.model) : undefined;
    if (r.kind === 'query' && listed)
      return computable({ ...r, query: listed, notes: [...r.notes, `Read the question as "${defined.text}".`] }, ctx.model);
  }
  // "which rooms were booked": a verb naming a table, said alone of another thing, keeps its members with such rows
  const eventLex = getLexicon(ctx.model, ctx.values);
  const evented = ctx.previous ? undefined : eventExistence(question, eventLex);
  if (evented) {
    const r = interpretWhole(evented.text, ctx);
    if (r.kind === 'query' && keepsEventMembers(r.query, evented, ctx.model))
      return { ...r, notes: [...r.notes, `Read the question as "${evented.text}".`] };
    if (evented.reading === 'exists' && evented.entity && GENERIC_WORDS.has(evented.verb.toLowerCase()))
      return {
        kind: 'out_of_scope',
        reason: `I cannot read "${evented.verb}" here: it would keep the ${pluralOf(eventLex, evented.entity)} with ${evented.rows}, and the question does not read that way. I did not answer rather than guess.`,
        unconsumed: [evented.verb],
      };
  }
  // "each driver's name and their number of trips": said of every member, as "... of each driver"
  const restated = ctx.previous ? undefined : eachOwnerRestated(question, eventLex);
  if (restated) {
    const r = interpretWhole(restated, ctx);
    if (r.kind === 'query') return computable({ ...r, notes: [...r.notes, `Read the question as "${restated}".`] }, ctx.model);
  }
  const whole = bareThingsListed(question, ctx, possessedThings(question, ctx, interpretWhole(question, ctx)));
  if (whole.kind === 'query') {
    // "products that are discontinued": a column said of the thing is a condition, never a column listed
    const predicated = predicatedColumn(question, getLexicon(ctx.model, ctx.values), whole.query);
    if (!predicated) return whole;
    return {
      kind: 'out_of_scope',
      reason: `I cannot read "${predicated}" as a condition on the rows: the data model has no value or flag for it, and listing it beside every row would answer another question. I did not answer rather than guess.`,
      unconsumed: predicated.split(/\s+/),
    };
  }
  // "rivers longer than 500": read as the column the adjective names, compared with the number
  const compared = readMeasuredComparative(question, getLexicon(ctx.model, ctx.values), ctx.model);
  if (compared) {
    const r = interpretWhole(compared.text, ctx);
    if (r.kind === 'query' && checkComparative(r.query, compared, ctx.model)) return r;
  }
  // "how long is the longest river": the superlative's own figure, read as the superlative
  const superlative = ctx.previous ? undefined : readMeasuredSuperlative(question);
  if (superlative) {
    const r = interpretWhole(superlative.text, ctx);
    if (r.kind === 'query' && checkMeasuredSuperlative(r.query, superlative.words, ctx.model))
      return { ...r, notes: [...r.notes, `Read the question as "${superlative.text}".`] };
  }
  // "where is X": the members listed, with their location columns (`where.ts`)
  for (const listing of ctx.previous ? [] : (whereListings(question, getLexicon(ctx.model, ctx.values), ctx.model) ?? [])) {
    const r = interpretWhole(listing, ctx);
    const located = r.kind === 'query' ? withLocation(r.query, ctx.model) : undefined;
    if (r.kind === 'query' && located) {
      r.notes.push(`Read "where" as the location columns of the members listed.`);
      return computable({ ...r, query: located }, ctx.model);
    }
  }
  // "who wrote papers in 2015", "what venues does Ada publish in": the things a verb relates, listed (`verb-readings.ts`)
  const lex = getLexicon(ctx.model, ctx.values);
  const verbal = ctx.previous ? undefined : (whoReading(question, lex, ctx.model) ?? whatReading(question, lex, ctx.model));
  const read = (v: VerbReading) => {
    const r = interpretWhole(v.question, ctx);
    if (r.kind !== 'query') return undefined;
    const listed = v.counted ? asMembersCounted(r.query, v.entity, lex) : asMembersListed(r.query, v.entity, lex, ctx.model);
    return listed ? { ...r, query: listed } : undefined;
  };
  if (verbal && 'choices' in verbal) {
    // "who attended X" where doctors and patients both attend: each reading is whole, and neither is chosen
    const fits = verbal.choices.filter((v) => read(v));
    if (fits.length > 1)
      return {
        kind: 'out_of_scope',
        reason: `The people asked for may be the ${fits.map((v) => pluralOf(lex, v.entity)).join(' or the ')}: "${verbal.choices[0]!.verb}" relates each of them to what the question names. Ask for one ("${fits[0]!.question}"). I did not answer rather than guess.`,
        unconsumed: [],
      };
  } else if (verbal) {
    const r = read(verbal);
    if (r) {
      r.notes.push(`Read "${verbal.verb}" as the one relation of the model it names: "${verbal.question}".`);
      return computable(r, ctx.model);
    }
  }
  return whole;
}

/**
 * "Show each driver's name and their number of trips", "every venue's capacity": what is said of each member
 * by a possessive is said of it as "<what> of each <thing>" (one thing named between "each" and "'s", the rest
 * to the end of the question); undefined when the question says no such thing.
 */
function eachOwnerRestated(question: string, lex: Lexicon): string | undefined {
  const m = /^(.*?)\b(each|every)\s+([\p{L}\d _-]+?)['’]s\s+(.+?)[\s?.!]*$/iu.exec(question.trim());
  if (!m) return undefined;
  const tokens = tokenize(normalise(m[3]!));
  const links = linkQuestion(tokens, lex);
  if (!tokens.length || !links.some((c) => c.kind === 'entity' && c.i === 0 && c.j === tokens.length)) return undefined;
  return `${m[1]}${m[4]} of ${m[2]!.toLowerCase()} ${m[3]}`.trim();
}

/**
 * "books and their authors", "list books with their authors": the things named after "their" are each
 * one's own, listed beside it (one row per pair), never a count of all of them beside a count of the
 * first (two totals) or a count per member. Read when the query counts the second thing and lists or
 * counts the first; with no join path between them, or a figure after "their" ("their number of
 * books"), the reading is left as it was.
 */
function possessedThings(question: string, ctx: InterpretContext, r: Interpretation): Interpretation {
  if (r.kind !== 'query' || ctx.previous) return r;
  const tokens = tokenize(normalise(question));
  // (most questions say no "their": the schema links are only looked up for those that do)
  const at = tokens.findIndex((t, i) => ['their', 'its'].includes(t.lower) && ['and', 'with'].includes(tokens[i - 1]?.lower ?? ''));
  if (at < 2) return r;
  const lex = getLexicon(ctx.model, ctx.values);
  const links = linkQuestion(tokens, lex);
  /** The one thing a phrase starting at token i names (and where the phrase ends), if it names nothing else. */
  const thingAt = (i: number) => {
    // a word inside a longer phrase ("States" of "the United States") names nothing of its own
    if (links.some((c) => c.i < i && c.j > i)) return undefined;
    const here = links.filter((c) => c.i === i);
    const ents = here.filter((c) => c.kind === 'entity');
    const only = ents.length === 1 && here.every((c) => c.kind !== 'metric' || lex.metrics.get(c.target)?.entity === ents[0]!.target);
    return only ? { entity: ents[0]!.target, end: ents[0]!.j } : undefined;
  };
  const owned = thingAt(at + 1);
  let ownerAt = at - 2;
  while (ownerAt >= 0 && !thingAt(ownerAt)) ownerAt--;
  const owner = ownerAt >= 0 ? thingAt(ownerAt)!.entity : undefined;
  if (!owned && owner) return ownFiguresListed(r, ctx, owner, tokens.slice(at + 1), links, at + 1);
  if (!owned || !owner || owned.entity === owner || tokens.slice(owned.end).some((t) => /\w/.test(t.lower))) return r;
  const q = r.query;
  const countOf = (m: string, e: string) =>
    ['count', 'count_distinct'].includes(lex.metrics.get(m)?.agg ?? '') && lex.metrics.get(m)?.entity === e;
  const ownerDim = memberDimension(lex, ctx.model, owner);
  const ownedDim = memberDimension(lex, ctx.model, owned.entity);
  if (!ownerDim || !ownedDim || !q.metrics.some((m) => countOf(m, owned.entity))) return r;
  if (!q.metrics.every((m) => countOf(m, owned.entity) || countOf(m, owner))) return r;
  if (q.group_by.some((g) => g.dimension !== ownerDim)) return r;
  const graph = joinGraph(ctx.model);
  // related directly, or through the one table of their pairs ("books and their topics")
  if (!graph.path(owner, owned.entity) && !graph.path(owned.entity, owner) && !linkOf(ctx.model, owner, owned.entity)) return r;
  const listed = { ...q, metrics: [], group_by: [{ dimension: ownerDim }, { dimension: ownedDim }] };
  return computable(
    {
      ...r,
      query: listed,
      notes: [...r.notes, `Read "their" as each ${owner.replace(/_/g, ' ')}'s own ${owned.entity.replace(/_/g, ' ')}, listed beside it.`],
    },
    ctx.model,
  );
}

/**
 * "writers and their ages", "rooms with their price and floor area": figures of each member's own row
 * (row attributes of the owner's table) listed beside its name, never a count of members beside an average.
 * Every word after "their" must name such a figure (joined by "and" or commas).
 */
function ownFiguresListed(
  r: Interpretation & { kind: 'query' },
  ctx: InterpretContext,
  owner: string,
  after: Token[],
  links: LinkCandidate[],
  offset: number,
): Interpretation {
  const attrs = rowAttributes(ctx.model);
  const figures: string[] = [];
  for (let k = 0; k < after.length;) {
    if (['and', ','].includes(after[k]!.lower)) {
      k++;
      continue;
    }
    const own = links.find((c) => c.i === offset + k && c.kind === 'metric' && attrs.get(c.target)?.entity === owner);
    if (!own) return r;
    figures.push(own.target);
    k = own.j - offset;
  }
  const ownerDim = memberDimension(getLexicon(ctx.model, ctx.values), ctx.model, owner);
  const q = r.query;
  if (!figures.length || !ownerDim || q.group_by.some((g) => g.dimension !== ownerDim)) return r;
  const listed = { ...q, metrics: [], group_by: [{ dimension: ownerDim }, ...figures.map((dimension) => ({ dimension }))] };
  return computable(
    { ...r, query: listed, notes: [...r.notes, `Read "their" as each ${owner.replace(/_/g, ' ')}'s own value, listed beside it.`] },
    ctx.model,
  );
}

function interpretWhole(question: string, ctx: InterpretContext): Interpretation {
  // "the maximum capacity of the halls": an aggregate of one table's column, never a ranking or a sum
  const aggregate = ctx.previous ? undefined : readSingleTable(question, ctx, 'aggregates');
  if (aggregate && computable(aggregate, ctx.model).kind === 'query') return aggregate;
  // "which states border Ohio": pairs of one thing kept in a table of their own, the other member of each
  // (`pair-relation.ts`; never the general rules' listing of both columns)
  const paired = ctx.previous ? undefined : readPairRelation(question, ctx);
  if (paired && computable(paired, ctx.model).kind === 'query') return paired;
  // "all the information about doctors": every column of the members (the single-table listing), never a count of them
  if (!ctx.previous && /\ball (?:the )?(?:information|info|details|data)\b/i.test(question)) {
    const every = readSingleTable(question, ctx);
    if (every && computable(every, ctx.model).kind === 'query') return computable(every, ctx.model);
  }
  const r0 = interpretOnce(question, ctx, true);
  const r1 = aggregateWordDropped(question, ctx, r0) ?? r0;
  const r = rowsHeldToRole(question, ctx, r1) ?? r1;
  const eachOwn = eachOwnValue(question, ctx, r);
  if (eachOwn) return eachOwn;
  // a question about one table's own rows, every word read by its schema links (`single-table.ts`); also
  // tried before a total held to a bound with nothing broken down ("invoices whose total is at least 20" is
  // a condition on each invoice's own total, never on how many invoices there are)
  const wholeBound = r.kind === 'query' && r.query.metric_filters.length > 0 && !r.query.group_by.length;
  if ((r.kind === 'out_of_scope' || wholeBound) && !ctx.previous) {
    const single = readSingleTable(question, ctx);
    if (single) {
      const checked = computable(single, ctx.model);
      if (checked.kind === 'query') return checked;
    }
  }
  // "how long is the Danube": only values and an adjective of measurement, no figure or column named
  if (r.kind === 'out_of_domain' && !ctx.previous) {
    const measured = readSingleTable(question, ctx, 'measured');
    if (measured && computable(measured, ctx.model).kind === 'query') return computable(measured, ctx.model);
  }
  if (r.kind !== 'out_of_scope' || !r.unconsumed?.length) return r;
  const closest = closestReading(question, r.unconsumed, ctx);
  return closest ? { ...r, closest } : r;
}

/**
 * "the ages of writers", "salaries of the staff in Leeds": a figure named in the plural and said of things,
 * with no aggregate word, asks for each row's own value (the single-table listing of the column), never one average or total
 * of them all. Read only when the general reading is that bare figure and the listing shows the same
 * columns as each row's own value.
 */
function eachOwnValue(question: string, ctx: InterpretContext, r: Interpretation): Interpretation | undefined {
  if (r.kind !== 'query' || ctx.previous) return undefined;
  const q = r.query;
  // a bare figure with filters: anything else shapes it into more than one value per row
  const bare = Object.entries(q).every(
    ([k, v]) => BARE_FIGURE_KEYS.has(k) || v === undefined || v === false || (Array.isArray(v) && !v.length),
  );
  if (!q.metrics.length || !bare) return undefined;
  if (!/\bof\b/i.test(question)) return undefined;
  const tokens = tokenize(normalise(question));
  if (tokens.some((t) => namesAggregate(t))) return undefined;
  const links = linkQuestion(tokens, getLexicon(ctx.model, ctx.values));
  // the model's word made plural by the question ("ages" of "age") and said of things: never a word the
  // model itself gives the figure ("sales", "units")
  const ownWords = (m: string) => {
    const x = ctx.model.measures.find((y) => y.name === m);
    return new Set([m.replace(/_/g, ' '), x?.label ?? '', ...(x?.synonyms ?? [])].map((w) => w.toLowerCase()));
  };
  const pluralOf = (m: string) =>
    links.some(
      (c) =>
        c.kind === 'metric' &&
        c.target === m &&
        tokens[c.j]?.lower === 'of' &&
        tokens[c.j - 1]!.lemma !== tokens[c.j - 1]!.lower &&
        !ownWords(m).has(
          tokens
            .slice(c.i, c.j)
            .map((t) => t.lower)
            .join(' '),
        ),
    );
  if (!q.metrics.every(pluralOf)) return undefined;
  const single = readSingleTable(question, ctx);
  if (single?.kind !== 'query' || single.query.metrics.length) return undefined;
  const columnOf = (m: string) => ctx.model.measures.find((x) => x.name === m)?.sql;
  const listed = new Set(single.query.group_by.map((g) => columnOf(g.dimension)).filter(Boolean));
  if (!q.metrics.every((m) => listed.has(columnOf(m)))) return undefined;
  const checked = computable(single, ctx.model);
  return checked.kind === 'query' ? checked : undefined;
}
/**
 * "the sum of pages of books by Ann": an aggregate word ("sum", "total" are function words elsewhere) right
 * before a number column that the general reading only lists or breaks down by asks for one figure, never
 * each value: refused (naming the word) rather than the values listed.
 */
function aggregateWordDropped(question: string, ctx: InterpretContext, r: Interpretation): Interpretation | undefined {
  if (r.kind !== 'query' || !r.query.group_by.length) return undefined;
  // (a column the query ranks its members by, "the film with the highest runtime", is read: its word ranks)
  const ranked = new Set(r.query.limit !== undefined ? r.query.order.map((o) => o.by) : []);
  const grouped = new Set(r.query.group_by.map((g) => g.dimension).filter((d) => !ranked.has(d)));
  const tokens = tokenize(normalise(question));
  const links = linkQuestion(tokens, getLexicon(ctx.model, ctx.values));
  for (const c of links) {
    if (c.kind !== 'dimension' || !grouped.has(c.target)) continue;
    if (ctx.model.dimensions.find((d) => d.name === c.target)?.type !== 'number') continue;
    let k = c.i - 1;
    while (k >= 0 && ['of', 'the', 'all'].includes(tokens[k]!.lower)) k--;
    const word = tokens[k];
    if (word && namesAggregate(word))
      return {
        kind: 'out_of_scope',
        reason: `I did not understand "${word.lower}" before "${tokens
          .slice(c.i, c.j)
          .map((t) => t.lower)
          .join(' ')}" in this question, so I did not answer rather than guess.`,
        unconsumed: [word.lower],
      };
  }
  return undefined;
}

/** The query fields a bare figure may fill (every other one empty). */
const BARE_FIGURE_KEYS = new Set(['metrics', 'filters', 'time_range']);

const NEGATIONS = new Set(['not', 'no', 'never', 'without', 'except', 'excluding', 'nor', 'none', "n't", 'neither']);

/** Function words a gap leaves dangling ("the [maximum] capacity", "staff [younger than 30]"). */
const DANGLING = new Set([
  'than',
  'of',
  'the',
  'a',
  'an',
  'with',
  'by',
  'that',
  'who',
  'which',
  'whose',
  'and',
  'or',
  'in',
  'for',
  'to',
  'on',
  'at',
  'from',
  'between',
  'as',
]);

/**
 * The nearest complete reading of a refused question: the question without the words it did not
 * understand, first also without the function words right beside each gap, when that shorter
 * question is read whole. It is a different question, so it is only ever offered, stated as the
 * question it answers; coverage still guards it (every word of it is read).
 */
export function closestReading(question: string, unconsumed: string[], ctx: InterpretContext): ClosestReading | undefined {
  // without its negation a question asks the opposite: never offered as close
  if (unconsumed.some((w) => NEGATIONS.has(w.toLowerCase()))) return undefined;
  const GAP = '\u0000';
  const esc = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  let marked = question.replace(/([?,.;:!])/g, ' $1 ');
  for (const w of [...unconsumed].sort((x, y) => y.length - x.length)) {
    marked = marked.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${esc(w)}(?=$|[^\\p{L}\\p{N}])`, 'giu'), `$1 ${GAP} `);
  }
  const words = marked.split(/\s+/).filter(Boolean);
  if (!words.includes(GAP)) return undefined;
  // the function words touching a gap, on either side (runs of them)
  const drop = new Set<number>();
  words.forEach((w, i) => {
    if (w !== GAP) return;
    for (let k = i - 1; k >= 0 && DANGLING.has(words[k]!.toLowerCase()); k--) drop.add(k);
    for (let k = i + 1; k < words.length && DANGLING.has(words[k]!.toLowerCase()); k++) drop.add(k);
  });
  const join = (ws: string[]) =>
    ws
      .filter((w) => w !== GAP)
      .join(' ')
      .replace(/\s+([?,.;:!])/g, '$1')
      .replace(/([,;:])(\s*[,;:?.!])+/g, '$2')
      .replace(/^[\s,;:?.!]+|[\s,;:]+$/g, '')
      .trim();
  for (const candidate of uniq([join(words.filter((_, i) => !drop.has(i))), join(words)])) {
    if (!/\p{L}/u.test(candidate) || candidate.toLowerCase() === question.trim().toLowerCase()) continue;
    const r = interpretOnce(candidate, ctx, true);
    if (r.kind === 'query') return { question: candidate, query: r.query };
  }
  return undefined;
}

/** One reading; `readList`: a list of the columns wanted after the question is read as one (`return-list.ts`). */
/**
 * "on Mondays" alone is first read by a column that says the day (`weekday-column.ts`); when no column of
 * the rows asked about says it, again as the days of the dating date.
 */
function interpretOnce(question: string, ctx: InterpretContext, readList: boolean, daysAsColumns = true): Interpretation {
  const seen: { items?: Item[]; clockNumbers?: boolean } = {};
  const r = readOnce(question, ctx, readList, daysAsColumns, seen);
  if (r.kind !== 'query' && seen.items && weekdaysUnread(seen.items)) return interpretOnce(question, ctx, readList, false);
  // "trips leaving after 1900": with no year read, a number may be a time kept HHMM (`clock-column.ts`)
  if (r.kind !== 'query' && seen.clockNumbers) {
    const clocked = readOnce(question, ctx, readList, daysAsColumns, {}, true);
    // (only a clock column reads a bare number: one left in a period is no reading)
    if (clocked.kind === 'query' && !JSON.stringify(clocked.query).includes('"bare":true')) return clocked;
  }
  return r;
}

function readOnce(
  question: string,
  ctx: InterpretContext,
  readList: boolean,
  daysAsColumns: boolean,
  seen: { items?: Item[]; clockNumbers?: boolean },
  clockNumbers = false,
): Interpretation {
  const lex = getLexicon(ctx.model, ctx.values);
  // "Dr. Ann Lee", "Prof. Hale": the title dropped, a surname alone read as the one full name ending so
  const titled = titledNames(normalise(question).trim(), lex, ctx.model);
  if (titled.ambiguous)
    return {
      kind: 'out_of_scope',
      reason: `"${titled.ambiguous.said}" may be ${titled.ambiguous.names.map((n) => `"${n}"`).join(' or ')}: say which.`,
      unconsumed: [titled.ambiguous.said],
    };
  const text = expandHeadWords(anchorToPrevious(expandShortYears(titled.text, ctx.asOf), ctx.previous?.time_range), lex, ctx.model);
  const lowerText = text.toLowerCase();

  // 1. time expressions, masked out of the text
  const found = findTimeExpressions(lowerText, ctx.asOf, clockNumbers);
  if (!clockNumbers && ctx.model.dimensions.some((d) => d.clock === 'hhmm'))
    seen.clockNumbers = findTimeExpressions(lowerText, ctx.asOf, true).some((h) => h.range.clock?.bare);
  const around = found.find((h) => h.range.clock?.around);
  if (around)
    return {
      kind: 'out_of_scope',
      reason: `"${around.range.label}" names no exact time of day: ask for a range (e.g. "between ${clockPlus(around.range.clock!.from!, -30) ?? '00:00'} and ${clockPlus(around.range.clock!.from!, 30) ?? '23:59'}").`,
      unconsumed: [around.range.label],
    };
  // (days alone: "on Mondays", no period with them)
  const columnDays =
    daysAsColumns && weekdayColumns(ctx.model, lex).length
      ? found.filter((h) => Array.isArray(h.range.days) && !h.range.clock && h.range.start === OPEN_START && h.open)
      : [];
  const hits = found.filter((h) => !columnDays.includes(h));
  let masked = '';
  let last = 0;
  hits.forEach((h, k) => {
    masked += `${text.slice(last, h.from)} ${TIME_MARK}${k} `;
    last = h.to;
  });
  masked += text.slice(last);

  // 2. tokens -> items
  const tokens = splitHyphens(tokenize(masked), lex);
  const items = toItems(tokens, hits, lex);
  if (columnDays.length) seen.items = items;

  // 3. commands to change data ("delete all customers", "drop the orders table") are never questions
  const command = writeCommand(items, lex, !!ctx.previous);
  if (command) {
    return {
      kind: 'out_of_domain',
      reason: ACTION_VERBS.has(command.toLowerCase())
        ? `"${question.trim()}" asks for an action ("${command}"), not a question about the data. Quarry only reads the warehouse and answers questions.`
        : `"${question.trim()}" asks to change data ("${command}"). Quarry only reads the warehouse: it answers questions and never modifies, deletes or creates anything.`,
    };
  }

  // 4. creative / general-knowledge tasks are never data questions
  const task = items.find((it) => it.kind === 'word' && NON_DATA_TASKS.has(it.lower));
  if (task) {
    return {
      kind: 'out_of_domain',
      reason: `"${question.trim()}" is not a question about ${modelTopic(ctx.model)} ("${task.text}" is outside it). I answer questions about the data: ${sampleMetrics(lex)}.`,
    };
  }

  // "in the database", "based on joining the A and B tables": taken out, checked on the query built
  const structure = takeStructureWords(items, ctx.model, lex);
  // "? Return the X, Y and Z": the columns wanted, taken out (they never change what is computed)
  const list = readList && !ctx.previous ? takeReturnList(items, tokens, masked) : undefined;
  asideColumnsLast(items, lex);
  // "including those with no orders": taken out, so never read as a condition; applied to the query built
  const emptyCue = takeEmptyMembersCue(items);
  const a = analyse(items, lex, ctx);
  // "on weekends" belongs to its period: with another period that does not say it, or excluded, whose days are meant is not said
  // (times of day alone, "leaving after 1 pm and arriving before 3 pm", may each be a clock column's: asked after the constructions)
  const daysUnsaid = () => {
    const said = [...a.times, ...a.negTimes];
    const days = said.map((h) => JSON.stringify([h.range.days, h.range.clock]));
    const mixed = said.some((h) => h.range.days || h.range.clock) && (a.negTimes.length || days.some((d) => d !== days[0]));
    return mixed
      ? outOfScope(
          lex,
          [],
          undefined,
          false,
          `"${said.find((h) => h.range.days || h.range.clock)!.range.label}" keeps some days of the week or times of day, and the question's other period does not say which: ask for each period separately.`,
        )
      : undefined;
  };
  const clocksAlone =
    !a.negTimes.length &&
    a.times.every((h) => h.range.clock && !h.range.days && h.range.start === OPEN_START) &&
    ctx.model.dimensions.some((d) => d.clock);
  const unsaid = clocksAlone ? undefined : daysUnsaid();
  if (unsaid) return unsaid;
  const claims = recogniseConstructions({ items, a, lex, ctx, tokens, text: masked });
  const unsaidAfter = clocksAlone ? daysUnsaid() : undefined;
  if (unsaidAfter) return unsaidAfter;
  let r = decide(a, claims, items, lex, ctx, question);
  const structureWords = structure.flatMap((p) =>
    p.items.filter((it) => it.kind !== 'punct' && !STOPWORDS.has(it.lower)).map((it) => it.text),
  );
  const cueWords = (emptyCue?.items ?? []).filter((it) => it.kind !== 'punct').map((it) => it.text);
  if (r.kind === 'query' && emptyCue) {
    const q = applyEmptyMembersCue(ctx.model, lex, r.query, emptyCue, r.notes);
    if (typeof q === 'string') return { kind: 'out_of_scope', reason: q, unconsumed: cueWords, partial: r.query };
    r = { ...r, query: q };
  }
  if (list) {
    // a question with no answer of its own, one on the default metric, or a list that does not map
    // exactly onto its answer is read whole (the list's words then as the general rules read them)
    // (a list before the question shows only the members of a ranking by a figure, "of the top 5 X by
    // Y": a listing's or a condition's columns are their own)
    const ranked = (q: SemanticQuery) =>
      q.metrics.length > 0 && q.order.length > 0 && q.limit !== undefined && !q.entity_conditions?.length;
    if (r.kind !== 'query' || r.notes.some((n) => n.startsWith('No metric named')) || (list.leading && !ranked(r.query)))
      return interpretOnce(question, ctx, false);
    const applied = applyReturnList(r.query, list, lex, ctx.model);
    if ('unmapped' in applied) return interpretOnce(question, ctx, false);
    r = { ...r, query: applied.query, notes: [...r.notes, applied.note] };
  }
  if (r.kind === 'query') {
    // "the most reviews in April": which April is not said (a follow-up takes the year of the question before it)
    // (one read on a column of month names is every year's: consumed)
    const noYear = ctx.previous ? undefined : hits.find((h) => h.yearless && !items.some((it) => it.hit === h && it.consumed));
    if (noYear) {
      const named = noYear.range.label.charAt(0).toUpperCase() + noYear.range.label.slice(1);
      const rows = rowsOf(r.query, lex);
      const column = rows && noYear.unit === 'month' && monthColumn(ctx.model, lex, rows);
      const every = column ? `, or name the ${lex.dimensions.get(column)?.label.toLowerCase() ?? column} for ${named} of every year` : '';
      return {
        kind: 'out_of_scope',
        reason: `"${named}" names no year: which one is meant? Say the year (e.g. "${named} ${noYear.range.start.slice(0, 4)}")${every}.`,
        partial: r.query,
      };
    }
    const combined = combinedRankingRefusal(r.query, items);
    if (combined) return { kind: 'out_of_scope', reason: combined, partial: r.query };
    const optional = optionalLinkRefusal(r.query, items, lex, ctx.model);
    if (optional) return { kind: 'out_of_scope', reason: optional, partial: r.query };
    const out =
      rowsAccounted(r, a, lex, ctx) ??
      thingsAccounted(r, items, lex, ctx.model) ??
      moneyVerbsAccounted(r, items, lex, ctx.model) ??
      noTotalOfAverage(r, a, items, lex) ??
      countUnasked(r, a, items, lex, ctx) ??
      rankedOtherThing(r, a, items, lex, ctx.model) ??
      computable(r, ctx.model);
    const wrong = out.kind === 'query' ? checkStructure(ctx.model, lex, out.query, structure, out.notes) : undefined;
    // (an answer the listed columns made impossible: the question is read whole)
    if (list && (wrong || out.kind !== 'query')) return interpretOnce(question, ctx, false);
    return wrong ? { kind: 'out_of_scope', reason: wrong, unconsumed: structureWords, partial: r.query } : out;
  }
  if (r.kind !== 'out_of_scope') return r;
  // a refusal names every word it did not understand, whichever rule refused
  const unknown = a.unknown.filter((u) => !FILLER.has(u.lower) && !GENERIC_WORDS.has(u.lower)).map((u) => u.text);
  const unconsumed = uniq([...(r.unconsumed ?? []), ...unknown, ...structureWords, ...cueWords]);
  return unconsumed.length ? { ...r, unconsumed } : r;
}

/**
 * "customer IDs that have a purchase", "customers that have made sales", "how many students with a
 * house": a thing named that the answer never reads (none of its tables is among those the query
 * reads or joins through) restricts nothing the query says; it was not understood, never silently
 * dropped. A word that also names a dimension may stand for a role the query reads through it, and a
 * word in a verb's place ("does each priority account for") is no thing.
 */
function thingsAccounted(
  r: Extract<Interpretation, { kind: 'query' }>,
  items: Item[],
  lex: Lexicon,
  model: SemanticModel,
): Interpretation | undefined {
  const q = r.query;
  const read = entitiesRead(model, lex, q);
  if (!read) return undefined;
  const entitiesOf = (it: Item) =>
    (it.entries ?? []).map((e) =>
      e.kind === 'entity'
        ? e.target
        : e.kind === 'metric'
          ? lex.metrics.get(e.target)?.entity
          : e.kind === 'dimension'
            ? lex.dimensions.get(e.target)?.entity
            : undefined,
    );
  // (a word in a verb's place, "does each priority account for", is no thing)
  const verbPlace = (it: Item) =>
    items.slice(Math.max(0, items.indexOf(it) - 3), items.indexOf(it)).some((o) => /^(do|does|did)$/.test(o.lower));
  // (elsewhere a word that also names a count may have gone into the query as a cousin of that count:
  // "how many customers bought something" counts active customers among the orders)
  const listingOrDefault = (q.metrics.length === 0 && !hasConstructedColumns(q)) || r.notes.some((n) => n.startsWith('No metric named'));
  const stray = items.filter(
    (it) =>
      it.kind === 'lex' &&
      !it.consumed &&
      entriesOf(it, 'entity').length > 0 &&
      (listingOrDefault || entriesOf(it, 'metric').length === 0) &&
      !entitiesOf(it).some((e) => !!e && read.has(e)) &&
      !verbPlace(it),
  );
  // (a dimension the query uses, or a role of it, is read through that role: "supplier revenue by region")
  const usedDims = new Set(
    [
      ...q.group_by,
      ...q.filters,
      ...anyOfFilters(q),
      ...[...(q.entity_conditions ?? []), ...nestedConditions(q.entity_conditions)].flatMap((c) => c.filters ?? []),
    ].flatMap((g) => [g.dimension, lex.dimensions.get(g.dimension)?.roleOf?.base ?? g.dimension]),
  );
  if (stray.some((it) => entriesOf(it, 'dimension').some((e) => usedDims.has(e.target)))) return undefined;
  if (!stray.length) return undefined;
  const words = uniq(stray.map((x) => x.text));
  return {
    kind: 'out_of_scope',
    reason: `I did not understand ${quoteList(words)} in this question: the answer would not read them. I did not answer rather than guess.`,
    unconsumed: words,
    partial: q,
  };
}

/** A time dimension that records when a row was written, not when its event happened. */
const AUDIT_STAMP = /(^|_)(crtd|created|creat|updated|upd|modified|mod|inserted|ins|loaded|etl)(_|$)/i;

/**
 * "number of cars sold", "how many customers bought": a verb of selling or buying beside a count of
 * things other rows refer to (the cars sales are of) says which of them count (cars with a sale),
 * which a plain count of the things never reads. The verb only shapes the answer when it picks or
 * restates a money figure ("how much did we sell", "revenue generated"), or restates rows nothing
 * refers to ("deliveries made"); a count of distinct buyers among the orders reads it already.
 */
function moneyVerbsAccounted(
  r: Extract<Interpretation, { kind: 'query' }>,
  items: Item[],
  lex: Lexicon,
  model: SemanticModel,
): Interpretation | undefined {
  const q = r.query;
  // what is counted: a count's rows, or a distinct count of a thing over its own rows only (not
  // through others, nor among the rows a period or a filter puts in scope: "parts sold in 1997")
  const metrics = q.metrics.map((m) => lex.metrics.get(m));
  const distinct = q.distinct_counts ?? [];
  if (!metrics.every((m) => m?.agg === 'count')) return undefined;
  // (or broken down by a column of the one kind of rows that relates them: "how many distinct customers made each
  // type of transaction", "distinct books sold at each shop")
  const graph = joinGraph(model);
  const byOtherRows = q.group_by.some((g) => {
    const owner = lex.dimensions.get(g.dimension)?.entity;
    return (
      !!owner &&
      distinct.every((d) => owner !== d.entity && !graph.path(d.entity, owner) && shortestJoinPaths(model, d.entity, owner).count === 1)
    );
  });
  if (distinct.length && (distinct.some((d) => d.through) || q.time_range || q.filters.length || byOtherRows)) return undefined;
  const counted = [...metrics.map((m) => m?.entity), ...distinct.map((d) => d.entity)];
  const referred = new Set(model.relationships.filter((rel) => rel.from !== rel.to).map((rel) => rel.to));
  if (!counted.some((e) => !!e && referred.has(e))) return undefined;
  // ("how many sales were made in 2023": "made" restates rows of a dated event, not a thing's record)
  const event = counted.length === 1 && metrics.length === 1 && !!metrics[0]?.timeDimension && !AUDIT_STAMP.test(metrics[0].timeDimension);
  const verbs = items.filter(
    (it) => it.kind === 'kw' && it.kw === 'money' && !it.consumed && it.lower !== 'how much' && !(event && it.lower === 'made'),
  );
  if (!verbs.length) return undefined;
  const words = uniq(verbs.map((x) => x.text));
  return {
    kind: 'out_of_scope',
    reason: `I did not understand ${quoteList(words)} in this question: a count of the things themselves would not read it. I did not answer rather than guess.`,
    unconsumed: words,
    partial: q,
  };
}

/**
 * "how many clubs had visits": a thing with no dimension to name it is excused only as whose rows
 * the query aggregates (a metric, a condition's metric, a distinct count or an average over it);
 * otherwise it restricts nothing the query says and is not understood (never silently dropped).
 */
function rowsAccounted(
  r: Extract<Interpretation, { kind: 'query' }>,
  a: Analysis,
  lex: Lexicon,
  ctx: InterpretContext,
): Interpretation | undefined {
  const q = r.query;
  const entityOf = (metric: string) => lex.metrics.get(metric)?.entity;
  const aggregated = new Set<string | undefined>([
    ...q.metrics.map(entityOf),
    ...[...(q.entity_conditions ?? []), ...nestedConditions(q.entity_conditions)].flatMap((c) => [c.entity, entityOf(c.metric)]),
    ...(q.subset_metrics ?? []).map((s) => entityOf(s.metric)),
    ...(q.per_entity_averages ?? []).flatMap((p) => [p.entity, entityOf(p.metric)]),
    ...(q.distinct_counts ?? []).flatMap((d) => [d.entity, d.through]),
    ...(q.period_counts ?? []).map((p) => entityOf(p.metric)),
    ...(q.durations ?? []).map((x) => lex.timeDimensions.get(x.from)?.entity),
    ...(q.ratios ?? []).flatMap((r) => [entityOf(r.numerator.metric), entityOf(r.denominator.metric)]),
    ...(q.ratios ?? []).flatMap((r) =>
      [r.numerator, r.denominator].flatMap((x) => (x.conditions ?? []).flatMap((c) => [c.entity, entityOf(c.metric)])),
    ),
  ]);
  // "revenue for orders with status P", "return rate for orders placed in 1995": a thing between the rows
  // aggregated and a condition the query applies (a filter, its period's date) is whose condition it is
  const conditioned = [
    ...q.filters.map((f) => lex.dimensions.get(f.dimension)?.entity ?? lex.timeDimensions.get(f.dimension)?.entity),
    ...anyOfFilters(q).map((f) => lex.dimensions.get(f.dimension)?.entity),
    ...(q.time_range
      ? (q.time_range.dimension ? [q.time_range.dimension] : q.metrics.map((m) => lex.metrics.get(m)?.timeDimension)).map(
          (t) => lex.timeDimensions.get(t ?? '')?.entity,
        )
      : []),
  ].filter((e): e is string => !!e);
  const graph = joinGraph(ctx.model);
  const onPath = (e: string) =>
    [...aggregated].some((m) => !!m && (m === e || !!graph.path(m, e))) && conditioned.some((c) => c === e || !!graph.path(e, c));
  const dropped = (a.rowsOf ?? []).filter((x) => !x.item.consumed && !aggregated.has(x.entity) && !onPath(x.entity));
  if (!dropped.length) return undefined;
  const words = uniq(dropped.map((x) => x.item.text));
  return {
    kind: 'out_of_scope',
    reason: `I did not understand ${quoteList(words)} in this question, so I did not answer rather than guess.`,
    unconsumed: words,
    partial: q,
  };
}

/**
 * "total satisfaction" where the model only averages satisfaction: a total is a sum, which an
 * average, lowest or highest never is, so the word is not understood (never read as the average).
 */
const TOTAL_WORDS = new Set(['total', 'sum', 'summed', 'combined', 'cumulative']);
const NOT_ADDITIVE = new Set(['avg', 'min', 'max', 'median']);
function noTotalOfAverage(
  r: Extract<Interpretation, { kind: 'query' }>,
  a: Analysis,
  items: Item[],
  lex: Lexicon,
): Interpretation | undefined {
  const named = new Set([...r.query.metrics, ...(r.query.subset_metrics ?? []).map((s) => s.metric)]);
  const words: string[] = [];
  for (const m of a.metrics) {
    if (!named.has(m.name) || !NOT_ADDITIVE.has(lex.metrics.get(m.name)?.agg ?? '')) continue;
    let k = items.indexOf(m.item) - 1;
    while (k >= 0 && ['the', 'of'].includes(items[k]!.lower)) k--;
    const before = items[k];
    if (before && TOTAL_WORDS.has(before.lower)) words.push(before.text);
  }
  if (!words.length) return undefined;
  return {
    kind: 'out_of_scope',
    reason: `I did not understand ${quoteList(uniq(words))} in this question: the model has no total of it, only an average, lowest or highest. I did not answer rather than guess.`,
    unconsumed: uniq(words),
    partial: r.query,
  };
}

/**
 * "what is the paper about X", "the book by Ada Lark": one thing named in the singular with no word asking
 * how many asks to see it; a count of such things answers a question nobody asked. (Things in the plural are
 * the model's figure, "orders from the MACHINERY segment"; a count beside a breakdown or a ranking is read as before.)
 */
const COUNT_WORDS = new Set([
  'how',
  'many',
  'number',
  'numbers',
  'count',
  'counts',
  'total',
  'totals',
  'tally',
  'amount',
  'volume',
  'quantity',
]);
function countUnasked(
  r: Extract<Interpretation, { kind: 'query' }>,
  a: Analysis,
  items: Item[],
  lex: Lexicon,
  ctx: InterpretContext,
): Interpretation | undefined {
  const q = r.query;
  if (ctx.previous) return undefined;
  if (!q.metrics.length || q.group_by.length || q.order.length || q.limit !== undefined || q.metric_filters.length) return undefined;
  if (q.comparison || q.share_of_total.length || q.running_totals?.length || q.subset_metrics?.length) return undefined;
  if (!q.metrics.every((m) => lex.metrics.get(m)?.agg === 'count')) return undefined;
  if (items.some((it) => (it.kind === 'kw' && it.kw === 'count') || it.lower.split(' ').some((w) => COUNT_WORDS.has(w)))) return undefined;
  // the count's mention is the things themselves ("papers"), not a figure of its own name ("visits")
  const named = a.metrics.filter((m) => q.metrics.includes(m.name)).map((m) => m.item);
  // (things in the plural, "orders from the MACHINERY segment", "orders last quarter", are their count: the model's figure)
  if (!named.length || !named.every((it) => it.kind === 'lex' && !it.plural && entriesOf(it, 'entity').length > 0)) return undefined;
  const words = uniq(named.map((it) => it.text));
  const things = lex.metrics.get(q.metrics[0]!)!.label.toLowerCase();
  return {
    kind: 'out_of_scope',
    reason: `${quoteList(words)}: the number of ${things}, or the ${things} themselves? Ask "how many ${things}" for the number, or "list the ${things}" to see them.`,
    unconsumed: words,
    partial: q,
  };
}

/**
 * "students taking advanced courses", "orders of gold customers": a bare phrase (no word asking how many)
 * naming two kinds of things, one qualifying the other, asks to see the first; the count of each answers a
 * question nobody asked. Read as "list …"; refused with both readings when that does not list the first thing.
 * (Things joined by "and", "orders and customers in 1995", are counted each, as the model's figures.)
 */
function bareThingsListed(question: string, ctx: InterpretContext, r: Interpretation): Interpretation {
  if (r.kind !== 'query' || ctx.previous) return r;
  const q = r.query;
  if (q.metrics.length < 2 || q.group_by.length || q.order.length || q.limit !== undefined || q.metric_filters.length) return r;
  if (q.comparison || q.share_of_total.length || q.running_totals?.length || q.subset_metrics?.length) return r;
  const lex = getLexicon(ctx.model, ctx.values);
  const counted = q.metrics.map((m) => lex.metrics.get(m));
  if (!counted.every((m) => m?.agg === 'count' || m?.agg === 'count_distinct')) return r;
  const tokens = tokenize(normalise(question));
  if (tokens.some((t) => COUNT_WORDS.has(t.lower))) return r;
  // where each count's thing is first named: the things must follow one another without "and" between them
  const links = linkQuestion(tokens, lex);
  const at = counted.map((m) => links.find((c) => c.kind === 'entity' && c.target === m!.entity)?.i);
  if (at.some((i) => i === undefined) || new Set(counted.map((m) => m!.entity)).size !== counted.length) return r;
  const first = Math.min(...(at as number[]));
  const last = Math.max(...(at as number[]));
  if (tokens.slice(first, last).some((t) => ['and', 'or', ',', '&', '/'].includes(t.lower))) return r;
  const thing = counted[at.indexOf(first)]!.entity;
  if (!thing) return r;
  const text = `list ${question.trim()}`;
  const listed = interpretWhole(text, ctx);
  const shows = (g: { dimension: string }) => lex.dimensions.get(g.dimension)?.entity === thing;
  if (listed.kind === 'query' && listed.query.group_by.some(shows))
    return { ...listed, notes: [...listed.notes, `Read the question as "${text}".`] };
  const things = counted.map((m) => m!.label.toLowerCase());
  return {
    kind: 'out_of_scope',
    reason: `The question names ${quoteList(things)} and asks nothing of them: the ${pluralOf(lex, thing)} themselves, or the number of each? Ask "list the ${pluralOf(lex, thing)} …" or "how many …". I did not answer rather than guess.`,
    unconsumed: [],
    partial: q,
  };
}

/**
 * "the towns that lie near the shop with the most sales": "the shop with the most sales" names one member
 * of its own (the shop holding the figure); a ranking of another breakdown (the towns) answers something
 * else. Refused when no column of the answer belongs to the thing the superlative is said of.
 */
function rankedOtherThing(
  r: Extract<Interpretation, { kind: 'query' }>,
  a: Analysis,
  items: Item[],
  lex: Lexicon,
  model: SemanticModel,
): Interpretation | undefined {
  const q = r.query;
  if (!q.order.length || q.limit === undefined || !q.group_by.length) return undefined;
  const shown = new Set(q.group_by.map((g) => lex.dimensions.get(g.dimension)?.entity ?? lex.timeDimensions.get(g.dimension)?.entity));
  // (a column of rows kept one per member, keyed by the member's own key, is the member's: "the highest point of the state")
  const keyOf = (e: string) => model.entities.find((x) => x.name === e)?.primary_key;
  const onePerMember = (e: string) =>
    model.relationships.some(
      (rel) =>
        ((rel.to === e && shown.has(rel.from)) || (rel.from === e && shown.has(rel.to))) &&
        rel.on.length === 1 &&
        rel.on[0]![0] === keyOf(rel.from),
    );
  for (const s of a.superlatives) {
    let k = s.pos - 1;
    while (k >= 0 && ['the', 'a', 'an'].includes(items[k]!.lower)) k--;
    if (!['with', 'has', 'having'].includes(items[k]?.lower ?? '')) continue;
    const thing = items[k - 1];
    if (thing?.kind !== 'lex' || thing.plural || items[k - 2]?.lower !== 'the') continue;
    const things = new Set([
      ...entriesOf(thing, 'entity').map((e) => e.target),
      ...entriesOf(thing, 'dimension')
        .map((e) => lex.dimensions.get(e.target))
        .filter((d) => !!d && dimensionOfEntity(lex, d.entity) === d.name)
        .map((d) => d!.entity),
    ]);
    if (!things.size || [...things].some((e) => shown.has(e) || onePerMember(e))) continue;
    const phrase = items
      .slice(k - 2, s.pos + 1)
      .map((it) => it.text)
      .join(' ');
    return {
      kind: 'out_of_scope',
      reason: `"${phrase} …" names one ${thing.text} of its own, which this answer would not show: it would rank other rows instead. I did not answer rather than guess.`,
      unconsumed: [thing.text],
      partial: q,
    };
  }
  return undefined;
}

/**
 * "how many citations does Ann have": rows of a table relating a thing to itself, said of someone reached only
 * through a linking table, counted in the role the question's voice names (`self-relation.ts`); a voice that names
 * none is refused with the two readings. Only a reading refused for want of that role is tried.
 */
function rowsHeldToRole(question: string, ctx: InterpretContext, r: Interpretation): Interpretation | undefined {
  if (ctx.previous) return undefined;
  // (a query too: a filter on the thing itself was read along whichever role the model joins first)
  // (or the relation's verb the only word left: "how many patents does Ann cite")
  const uncomputable = r.kind === 'out_of_scope' && !r.unconsumed?.length && r.reason.startsWith(UNCOMPUTABLE);
  const unread = r.kind === 'out_of_scope' && r.unconsumed?.length === 1 ? r.unconsumed : [];
  const read = r.kind === 'query' ? r.query : r.kind === 'out_of_scope' && (uncomputable || unread.length) ? r.partial : undefined;
  if (!read) return undefined;
  const held = heldToRole(question, ctx.model, read, unread);
  if (held === undefined) return undefined;
  if (typeof held === 'string') return { kind: 'out_of_scope', reason: held, partial: read };
  const notes = [`Read as the rows whose "${held.column}" is one of theirs (the voice of the question says that side).`];
  const checked = computable({ kind: 'query', query: held.query, confidence: 0.8, notes, followUp: false }, ctx.model);
  // (not computable in that role: no answer at all, never the reading along the other role)
  return checked.kind === 'query' || r.kind === 'query' ? checked : undefined;
}

const UNCOMPUTABLE = 'I understood the question but the data model cannot compute it';

/**
 * A reading the model cannot compute (a breakdown its metric does not reach, an average per an
 * entity its rows do not belong to, a time breakdown of an undated metric) is not an answer: it is
 * refused with the compiler's reason, never handed on to fail. The reading is compiled once; only
 * when that fails is its structure alone (how the parts join, without periods, time buckets and
 * order) compiled too, because its reason names the part that does not join.
 */
function computable(r: Extract<Interpretation, { kind: 'query' }>, model: SemanticModel): Interpretation {
  const q = r.query;
  try {
    compile(model, q, dialectFor('duckdb'));
    return r;
  } catch (err) {
    if (!(err instanceof CompileError)) throw err;
    const reason = structuralError(q, model) ?? err;
    return {
      kind: 'out_of_scope',
      reason: `${UNCOMPUTABLE}: ${reason.message}.`,
      partial: r.query,
    };
  }
}

/** A filter's dimension the breakdown's members reach only through rows of their own (many of them), if any. */
function defaultBesideLinkedFilter(q: SemanticQuery, model: SemanticModel): string | undefined {
  const entityOf = (d: string) => model.dimensions.find((x) => x.name === d)?.entity;
  const members = q.group_by.filter((g) => !g.grain).map((g) => entityOf(g.dimension));
  const graph = joinGraph(model);
  return q.filters.find((f) => {
    const e = entityOf(f.dimension);
    return !!e && members.some((m) => !!m && !graph.path(m, e));
  })?.dimension;
}

/** The compiler's reason when the query's parts do not join, leaving out periods, time buckets and order. */
function structuralError(q: SemanticQuery, model: SemanticModel): CompileError | undefined {
  const { time_range: _period, comparison: _previous, ...undated } = q;
  // the order only sorts what is computed (and may name a change column of the period comparison)
  const structure = {
    ...undated,
    group_by: q.group_by.filter((g) => !g.grain),
    // (a running total runs over the time breakdown left out here: its metric is checked alone)
    metrics: [...q.metrics, ...(q.running_totals ?? [])],
    running_totals: undefined,
    rank_within: undefined,
    order: [],
    entity_conditions: q.entity_conditions?.map(({ time_range: _t, ...c }) => c),
  };
  try {
    compile(model, structure, dialectFor('duckdb'));
    return undefined;
  } catch (err) {
    if (!(err instanceof CompileError)) throw err;
    return err;
  }
}

/**
 * A word for the event a time dimension dates ("shipped", "shipments", "delivered", "hires"), as
 * against a word for the date itself ("ship date", "when", "day"): the former can name the rows that
 * had the event.
 */
function isEventWord(text: string): boolean {
  return !/\b(?:date|dates|time|times|day|days|when|period|year|month|week|timestamp|on)\b/.test(text);
}

/** The write verb when the question is a command to change data: the verb first, then an object. */
function writeCommand(items: Item[], lex: Lexicon, inSession: boolean): string | undefined {
  let k = 0;
  while (
    k < items.length &&
    ['please', 'kindly', 'can', 'could', 'would', 'you', 'go', 'ahead', 'and', 'now', 'just', 'quarry', ','].includes(items[k].lower)
  )
    k++;
  const verb = items[k];
  const next = items[k + 1];
  // "remove the urgent orders" narrows a previous question; with nothing before it, it is a command;
  // "add a new customer" creates; "email all suppliers" acts
  const v = verb?.lower ?? '';
  const write =
    WRITE_VERBS.has(v) ||
    (!inSession && ['remove', 'erase'].includes(v)) ||
    (v === 'add' && ['a', 'an', 'new'].includes(next?.lower ?? '')) ||
    (ACTION_VERBS.has(v) &&
      verb?.kind === 'word' &&
      ([
        'all',
        'the',
        'every',
        'each',
        'a',
        'an',
        'my',
        'our',
        'them',
        'me',
        'us',
        'everyone',
        'everybody',
        'this',
        'these',
        'those',
      ].includes(next?.lower ?? '') ||
        (next?.kind === 'lex' && entriesOf(next, 'entity').length > 0)));
  if (!verb || !write || !next) return undefined;
  const OBJECTS = new Set([
    'all',
    'the',
    'every',
    'each',
    'any',
    'table',
    'tables',
    'from',
    'into',
    'a',
    'an',
    'my',
    'our',
    'this',
    'these',
    'those',
    'database',
    'schema',
    'row',
    'rows',
    'record',
    'records',
  ]);
  if (OBJECTS.has(next.lower) || next.kind === 'lex' || lex.vocab.has(next.lower)) return verb.text;
  return undefined;
}

/** Words of money or size that never name how many rows there are ("sales amount", "order value"). */
const AMOUNT_WORDS = new Set(['amount', 'amounts', 'value', 'values']);

function decide(a: Analysis, claims: Claim[], items: Item[], lex: Lexicon, ctx: InterpretContext, question: string): Interpretation {
  // "where are the mountains" asks for a place and "the us" names a country: neither is filler
  for (const [k, it] of items.entries()) {
    if (it.kind !== 'word') continue;
    if (it.lower === 'us' && items[k - 1]?.lower === 'the') it.dropped = true;
    if (it.lower === 'where' && k === 0) it.dropped = true;
  }
  // "how much did customers spend": with a money verb, a count of the entity that spends is its subject
  if (a.money && a.metrics.length && a.metrics.every((m) => m.ambiguous && lex.metrics.get(m.name)?.agg === 'count')) {
    for (const m of a.metrics) {
      const ent = lex.metrics.get(m.name)?.entity;
      const d = ent ? dimensionOfEntity(lex, ent) : undefined;
      if (d) a.dimMentions.push({ dimension: d, pos: m.pos, plural: !!m.item.plural, item: m.item });
    }
    a.metrics = [];
  }
  // demote ambiguous metric mentions ("revenue from customers in Germany": customers is a role)
  const firm = a.metrics.filter((m) => !m.ambiguous);
  // with none firm, the first mention heads one after a preposition: "orders from customers"
  const head = firm.length ? undefined : a.metrics[0];
  for (const m of [...a.metrics]) {
    if (!m.ambiguous) continue;
    const before = items[m.item.i > 0 ? indexOfItem(items, m.item) - 1 : -1];
    const afterPrep = !!before && before.kind === 'word' && PREPOSITIONS.has(before.lower);
    // "orders made by suppliers": the agent of a passive is never a second metric
    const afterAgent = !!before && before.kind === 'kw' && before.lower === 'by' && !!before.consumed && a.metrics.length > 1;
    const afterValue = !!before && before.kind === 'lex' && entriesOf(before, 'value').length > 0;
    // "supplier revenue": a noun right before another metric modifies it
    const next = items[indexOfItem(items, m.item) + 1];
    const modifier = !!next && a.metrics.some((o) => o !== m && o.item === next);
    const headed = !!head && head !== m && head.pos < m.pos && afterPrep;
    if (afterAgent || modifier || headed || (firm.length && (afterPrep || afterValue || firm.some((f) => f.pos < m.pos)))) {
      a.metrics.splice(a.metrics.indexOf(m), 1);
      const ent = lex.metrics.get(m.name)?.entity;
      // "customer orders": the modifier names the entity the metric's rows belong to
      const headEntity = modifier ? lex.metrics.get(a.metrics.find((o) => o.item === next)?.name ?? '')?.entity : undefined;
      if (headEntity && ent && (headEntity === ent || joinGraph(ctx.model).path(headEntity, ent))) consume(m.item);
      const d = ent ? dimensionOfEntity(lex, ent) : undefined;
      if (d) a.dimMentions.push({ dimension: d, pos: m.pos, plural: !!m.item.plural, item: m.item });
      else if (ent) (a.rowsOf ??= []).push({ item: m.item, entity: ent });
    }
  }

  // "total sales amount", "order value" where the model only counts sales or orders: a word of money or
  // size right after a count's thing asks for a figure of those rows, never how many there are (the
  // word is otherwise filler and the count would answer): not understood
  for (const m of a.metrics) {
    if (lex.metrics.get(m.name)?.agg !== 'count') continue;
    const next = items[indexOfItem(items, m.item) + 1];
    if (next?.kind === 'word' && AMOUNT_WORDS.has(next.lower)) next.dropped = true;
  }

  // "population density": a figure right before another one (no "and" between) modifies it, and the
  // model has no such figure: not understood (never two figures, never ranked by the first)
  for (const m of [...a.metrics]) {
    if (m.ambiguous) continue;
    const next = items[indexOfItem(items, m.item) + 1];
    // ("sales revenue": two names of one figure are that figure)
    const headFigure = !!next && a.metrics.some((o) => o !== m && o.item === next && o.name !== m.name);
    if (!headFigure) continue;
    a.metrics.splice(a.metrics.indexOf(m), 1);
    if (a.rankingMetric === m.name) a.rankingMetric = undefined;
    m.item.used = false;
    m.item.consumed = false;
  }

  // "discount amount for returned items": a metric after a preposition that follows another metric
  // restricts it (which the model cannot say) rather than asking for a second metric: not understood
  for (const m of [...a.metrics]) {
    const k = indexOfItem(items, m.item);
    const before = items[k - 1];
    const earlier = a.metrics.find((o) => o !== m && o.pos < m.pos);
    if (
      m.ambiguous ||
      !earlier ||
      !before ||
      before.kind !== 'word' ||
      !['for', 'of', 'on', 'from', 'among', 'with', 'in', 'to'].includes(before.lower)
    )
      continue;
    const between = items.slice(indexOfItem(items, earlier.item) + 1, k);
    if (between.some((o) => o.lower === 'and' || o.lower === ',' || o.lower === '&' || o.kind === 'kw')) continue;
    a.metrics.splice(a.metrics.indexOf(m), 1);
    m.item.used = false;
  }

  const domainSignals =
    a.metrics.length + a.groups.length + a.dimMentions.length + (a.dating ? 1 : 0) + a.roles.length + a.grainGroups.length;
  const businessUnknown = a.unknown.filter((u) => BUSINESS_CONCEPTS.has(u.lower) || BUSINESS_CONCEPTS.has(singular(u.lower)));
  const properUnknown = a.unknown.filter((u, k) => /^[A-Z][a-z]/.test(u.text) && u.i > 0 && !STOPWORDS.has(u.lower) && k >= 0);
  const isFollowUpCandidate = !!ctx.previous;

  // ---- refusals
  const metricWords = a.metrics.length > 0;
  if (!metricWords && !domainSignals && !businessUnknown.length && !a.money) {
    const onlyValuesOrTime =
      a.values.length +
        a.times.length +
        a.negTimes.length +
        a.grainGroups.length +
        a.superlatives.length +
        a.cmps.length +
        (a.allTime ? 1 : 0) >
      0;
    const contentUnknown = a.unknown.filter((u) => !STOPWORDS.has(u.lower));
    if (!onlyValuesOrTime || contentUnknown.length) {
      if (!(isFollowUpCandidate && onlyValuesOrTime && contentUnknown.length === 0)) {
        return {
          kind: 'out_of_domain',
          reason: `"${question.trim()}" does not ask about ${modelTopic(ctx.model)}${contentUnknown.length ? ` (${quoteList(contentUnknown.map((u) => u.text))} ${contentUnknown.length > 1 ? 'are' : 'is'} not in the data model)` : ''}. I can answer questions about ${sampleMetrics(lex)}, by ${sampleDimensions(lex, 6)} and time.`,
        };
      }
    }
  }
  if (!businessUnknown.length && !domainSignals && !a.values.length && (a.countUnknown.length || a.slotUnknown.length)) {
    const words = uniq([...a.countUnknown, ...a.slotUnknown].map((u) => u.text));
    return {
      kind: 'out_of_domain',
      reason: `"${question.trim()}" does not ask about ${modelTopic(ctx.model)} (${quoteList(words)} ${words.length > 1 ? 'are' : 'is'} not in the data model). I can answer questions about ${sampleMetrics(lex)}.`,
    };
  }
  const countable = a.countUnknown.filter((u) => u.kind === 'lex');
  if (countable.length && !businessUnknown.length && !a.slotUnknown.length) {
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `No metric counts ${quoteList(countable.map((u) => u.text))}: the data model has no count of them.`,
    );
  }
  if (businessUnknown.length || a.countUnknown.length || a.slotUnknown.length) {
    const missing = uniq([...a.countUnknown, ...a.slotUnknown, ...businessUnknown].map((u) => u.text.toLowerCase()));
    const phrase = missingPhrase(items, [...a.countUnknown, ...a.slotUnknown, ...businessUnknown]);
    return outOfScope(lex, missing, phrase, a.slotUnknown.length > 0 && !a.countUnknown.length && !businessUnknown.length);
  }
  if (properUnknown.length && (metricWords || domainSignals)) {
    const names = properUnknown.map((u) => u.text);
    return {
      kind: 'out_of_scope',
      reason: `${quoteList(names)} ${names.length > 1 ? 'are' : 'is'} not a known value of any dimension in the data model (no city, office or person data is modelled). Dimensions that can filter include: ${sampleDimensions(lex)}.`,
      unconsumed: names,
    };
  }
  if (!metricWords && !domainSignals && !a.money && !ctx.previous && a.values.length === 0) {
    return {
      kind: 'out_of_domain',
      reason: `"${question.trim()}" does not name anything in the data model. I can answer questions about ${sampleMetrics(lex)}.`,
    };
  }

  const analysis = a.unknown.find((u) => UNSUPPORTED_ANALYSES.has(u.lower));
  if (analysis && (metricWords || domainSignals)) {
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `A ${analysis.lower} is not something the data model computes: it sums, counts, averages and ranks its metrics by period and dimension.`,
    );
  }
  const change = a.unknown.find((u) => CHANGE_WORDS.has(u.lower));
  if (
    change &&
    (metricWords || domainSignals) &&
    !a.trend &&
    !a.grainGroups.length &&
    !a.compare &&
    a.times.length < 2 &&
    !a.groups.some((g) => g.time)
  ) {
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `The ${change.lower} of a metric is not computed directly. Ask for the metric by period (e.g. by year or by month) to compare periods.`,
    );
  }
  if (a.ratio) {
    const num = a.ratio.num ? lex.metrics.get(a.ratio.num)?.label.toLowerCase() : 'a metric';
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `"${num} per ${a.ratio.den.text}" is a ratio of two metrics that the data model does not define.`,
    );
  }

  // ---- follow-up or standalone
  const firstWords = items
    .slice(0, 4)
    .map((it) => it.lower)
    .join(' ');
  const cue = FOLLOW_UP_CUES.filter((c) => firstWords === c || firstWords.startsWith(`${c} `)).sort((x, y) => y.length - x.length)[0];
  // A follow-up either says so (a cue, "it", "same") or is a fragment too short to stand alone
  // ("by nation", "top 5 customers"). A complete question with no cue stands alone, even without a
  // metric of its own: it never silently inherits the previous metric or period.
  const standaloneShape = a.metrics.length === 0 && !cue && !referencesPrevious(items) && !isFragmentShape(items);
  let fragment = !!ctx.previous && (a.metrics.length === 0 || !!cue || referencesPrevious(items)) && !standaloneShape;
  if (fragment) {
    for (const m of [...a.metrics]) {
      const k = items.indexOf(m.item);
      const before = items[k - 1];
      // "only for orders placed in 1998": the rows the previous metric is counted over, not a new metric
      const after = items[k + 1];
      const qualifiedRows =
        before?.kind === 'word' && PREPOSITIONS.has(before.lower) && after?.kind === 'lex' && entriesOf(after, 'time_dimension').length > 0;
      if (m.ambiguous && ((before?.kind === 'lex' && entriesOf(before, 'value').length) || qualifiedRows))
        a.metrics.splice(a.metrics.indexOf(m), 1);
    }
  }
  // excluding a period: only the latest one can be cut off (the range then ends where it starts);
  // beside another period ("the last 30 days excluding the current month") which days are left is
  // not said (the days before the month, or the 30 days less the month's?): refused
  if (a.negTimes.length && a.times.length)
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `Which days "${a.times[0].range.label}" keeps without "${a.negTimes[0].range.label}" is not clear; name the period itself (e.g. "the 3 whole weeks before this one").`,
    );
  // a bound beside another period ("in 2023 before June", "the last 7 days until yesterday"): the
  // periods are not joined into one span (a bound narrows, and which year "June" is, is not said)
  const bound = a.times.find((h) => h.open);
  if (bound && a.times.length > 1)
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `"${bound.range.label}" beside "${a.times.find((h) => h !== bound)!.range.label}": which one period is meant is not clear; name it once (e.g. "between March 2023 and June 2023").`,
    );
  for (const h of a.negTimes) {
    if (h.range.end > ctx.asOf) {
      a.times.push({ ...h, range: { start: OPEN_START, end: h.range.start, label: `before ${h.range.label}` }, unit: 'span' });
    } else {
      return outOfScope(
        lex,
        [],
        undefined,
        false,
        `Excluding a period inside the data ("${h.range.label}") is not supported; ask for the periods before and after it separately.`,
      );
    }
  }
  fragment = fragment || (!!ctx.previous && a.negTimes.length > 0 && a.metrics.length === 0);
  const built = build(a, items, lex, ctx, fragment);
  if (built && ctx.previous && standaloneShape && built.usedDefaultMetric) {
    const prevMetric = ctx.previous.metrics[0];
    const dflt = built.query.metrics[0];
    if (prevMetric && prevMetric !== dflt) {
      const label = (m: string) => lex.metrics.get(m)?.label.toLowerCase() ?? m;
      return {
        kind: 'out_of_scope',
        reason: `The question names no metric, and two readings compete: ${label(prevMetric)} as in the previous question, or ${label(dflt)}. Please name the metric.`,
        unconsumed: [],
      };
    }
  }
  if (!built) {
    return outOfScope(lex, [], undefined, false, 'I could not find a metric or anything to change in the question.');
  }
  // "top authors working on X": with no figure named, the one meant is how many of the rows that reach X each has,
  // never the default figure (it reads no such rows)
  const reachedThroughRows = built.usedDefaultMetric ? defaultBesideLinkedFilter(built.query, ctx.model) : undefined;
  if (reachedThroughRows)
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `The question names no figure, and ${reachedThroughRows} is reached only through other rows of each member: which figure of those rows is meant? Please name it.`,
    );
  if (built.unsaid.length) return outOfScope(lex, [], undefined, false, built.unsaid.join(' '));
  if (built.competing.length) {
    return {
      kind: 'out_of_scope',
      reason: `Two readings compete: ${built.competing.join('; ')}. Name the dimension next to the value to choose one.`,
      catalogue: catalogue(lex),
    };
  }
  // "cars from 2021": a period of whole years on a thing that keeps its year in a number column
  periodOnYearColumn(built.query, items, lex, ctx.model);
  if (claims.length) {
    const applied = applyConstructions(built.query, claims, built.notes);
    if ('refusal' in applied) return outOfScope(lex, [], undefined, false, applied.refusal);
    built.query = applied;
  }
  // "reviews in April" of rows keeping their month by name: that month of every year
  yearlessMonthOnColumn(built.query, items, lex, ctx.model);
  // "in 2014 or 2016" on a date: one span would take in 2015 too (a year column lists each year instead)
  const apart = periodsApart(a.times);
  if (apart && (built.query.time_range || built.query.entity_conditions?.some((c) => c.time_range)))
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `"${apart[0]}" and "${apart[1]}" are periods apart, and one span would take in the time between them: ask for each one.`,
    );
  // "who are Ada's coauthors" asks for members, never for one figure
  const opener = items.find((it) => it.kind !== 'punct');
  if (opener && ['who', 'whom'].includes(opener.lower) && !built.query.group_by.length && built.query.metrics.length)
    return outOfScope(
      lex,
      [],
      undefined,
      false,
      `"${opener.text}" asks for members, and what the question names of them is not understood as a list: I did not answer with a number instead.`,
    );
  // "the top papers": members ranked by how many of themselves they are (one each) are not ranked
  {
    const q = built.query;
    const by = q.order[0] ? lex.metrics.get(q.order[0].by) : undefined;
    const ranked = by?.agg === 'count' && by.entity ? by.entity : undefined;
    const members = ranked ? [dimensionOfEntity(lex, ranked), keyDimension(ctx.model, ranked)] : [];
    if (ranked && q.limit !== undefined && q.group_by.some((g) => members.includes(g.dimension)))
      return outOfScope(
        lex,
        [],
        undefined,
        false,
        `Ranking the ${ranked.replace(/_/g, ' ')} rows by how many they are ranks nothing (each is one): name the figure to rank them by.`,
      );
  }
  // "total fee amount and charge date": a date named (read as what dates the period) with nothing in the
  // query it dates (no period, time breakdown, comparison or constructed column over time) says nothing
  {
    const q = built.query;
    const datesSomething =
      !!q.time_range ||
      q.group_by.some((g) => g.grain) ||
      !!q.comparison ||
      !!q.same_periods?.length ||
      !!q.durations?.length ||
      !!q.period_counts?.length ||
      (q.entity_conditions ?? []).some((c) => c.time_range);
    if (a.dating && !a.dating.item.consumed && !datesSomething && !fragment) {
      const td = ctx.model.time_dimensions.find((t) => t.name === a.dating!.dimension);
      if (td && isEventWord(a.dating.item.lower)) {
        // "the discount on AIR shipments", "line items shipped by truck": with no period, the word of an
        // event names the rows that had it (a ship date set), not a date to filter on
        q.filters.push({ dimension: td.name, op: 'is_set', values: [] });
        consume(a.dating.item);
      } else {
        a.dating.item.dropped = true;
        built.notes.push(`"${a.dating.item.text}" is not supported here: the query has no period or time breakdown for it to date`);
      }
    }
  }
  // "by the region name", "the town names": "name" right after a dimension the query uses means its values
  const usedDims = new Set([
    ...built.query.group_by.map((g) => g.dimension),
    ...built.query.filters.map((f) => f.dimension),
    ...anyOfFilters(built.query).map((f) => f.dimension),
  ]);
  items.forEach((it, k) => {
    const before = items[k - 1];
    if (
      it.kind === 'word' &&
      (it.lower === 'name' || it.lower === 'names') &&
      before?.kind === 'lex' &&
      (before.consumed || before.used) &&
      entriesOf(before, 'dimension').some((e) => usedDims.has(e.target))
    )
      consume(it);
  });
  // "give both the city names and the population": "both" before two columns of the answer adds
  // nothing (before values, "in both X and Y", it asks for an intersection and stays unconsumed)
  items.forEach((it, k) => {
    if (it.kind !== 'word' || it.lower !== 'both') return;
    const and = items.findIndex((o, p) => p > k && o.kind === 'word' && o.lower === 'and');
    if (and < 0) return;
    const end = items.findIndex((o, p) => p > and && o.kind === 'punct');
    const parts = [items.slice(k + 1, and), items.slice(and + 1, end < 0 ? items.length : end)];
    const column = (o: Item) =>
      o.kind === 'lex' &&
      !entriesOf(o, 'value').length &&
      (o.consumed || o.used) &&
      (entriesOf(o, 'dimension').some((e) => usedDims.has(e.target)) ||
        entriesOf(o, 'metric').some((e) => built.query.metrics.includes(e.target)));
    const rest = (o: Item) => column(o) || (o.kind === 'word' && (SKIP.has(o.lower) || o.consumed));
    if (parts.every((p) => p.some(column) && p.every(rest))) consume(it);
  });
  // "... and their counts", "with the count": a bare "count" at the end of a clause names the count the
  // query already computes
  const counts = built.query.metrics.filter((m) => ['count', 'count_distinct'].includes(lex.metrics.get(m)?.agg ?? ''));
  items.forEach((it, k) => {
    const next = items[k + 1];
    if (
      (it.kind === 'kw' || it.kind === 'word') &&
      /^counts?$/.test(it.lower) &&
      !it.consumed &&
      counts.length === 1 &&
      (!next || next.kind === 'punct' || next.lower === 'and')
    )
      consume(it);
  });
  // "combinations of A and B": consumed when A and B are both breakdowns of the answer
  items.forEach((it, k) => {
    if (it.kind !== 'word' || !COMBINATION.test(it.lower) || items[k + 1]?.lower !== 'of') return;
    const run: Item[] = [];
    for (let p = k + 2; p < items.length; p++) {
      const o = items[p];
      if (o.kind === 'lex' || (o.kind === 'word' && (SKIP.has(o.lower) || o.lower === 'and')) || o.lower === ',') run.push(o);
      else break;
    }
    const groups = run.filter(
      (o) => o.kind === 'lex' && entriesOf(o, 'dimension').some((e) => built.query.group_by.some((g) => g.dimension === e.target)),
    );
    if (groups.length >= 2 && groups.length === run.filter((o) => o.kind === 'lex').length) consume(it);
  });
  // coverage: every content word must have gone into the query, or the question is refused
  const covered = (): Interpretation | null => {
    const cov = measureCoverage(items, danglingMentions(lex, ctx.model, built.ungrouped, built.query, a.roles));
    // a word read but not honoured says why (a period for an undated metric, a date that cannot date it)
    const why = cov.uncovered.some((u) => u.dropped) ? built.notes.filter((n) => /not dated|cannot date|not supported/.test(n)) : [];
    return cov.uncovered.length ? notUnderstood(lex, items, cov.uncovered, built.query, why) : null;
  };
  if (fragment && ctx.previous) {
    const onGroup = followUpOnGroup(ctx.previous, built.query, lex);
    if (onGroup) return outOfScope(lex, [], undefined, false, onGroup);
    const merged = mergeFollowUp(ctx.previous, built, a, lex, ctx, cue, items);
    if (merged) {
      const query = { ...merged.query, ...constructedParts(built.query) };
      // a reading of the follow-up the merge did not carry (its words were consumed when it was read)
      const lost = lostInMerge(built.query, query, lex);
      if (lost) return outOfScope(lex, [], undefined, false, lost);
      // "how many of those were urgent?": after a count, "how many" asks the same count of fewer rows
      const counting = items.filter((o) => o.kind === 'kw' && o.kw === 'count' && !o.consumed);
      const isCount = (m: string) => ['count', 'count_distinct'].includes(lex.metrics.get(m)?.agg ?? '');
      if (counting.length && !built.query.metrics.length && query.metrics.length === 1 && isCount(query.metrics[0]!)) consume(...counting);
      const refused = covered();
      if (refused) return refused;
      return {
        kind: 'query',
        // members with no rows: re-decided on the merged ranking and breakdown
        query: withEmptyMembers(ctx.model, lex, query, merged.notes),
        confidence: round(Math.max(0.2, built.confidence * 0.95)),
        notes: merged.notes,
        followUp: true,
      };
    }
  }
  if (!hasColumns(built.query)) {
    return outOfScope(lex, [], undefined, false, 'The question names no metric I know.');
  }
  const refused = covered();
  if (refused) return refused;
  return { kind: 'query', query: built.query, confidence: round(built.confidence), notes: built.notes, followUp: false };
}

/**
 * A follow-up is merged into the previous query part by part; a part of the follow-up's own query
 * the merge does not hold was read (its words consumed) but would not be answered: "what about the
 * member with the lowest age?" ranks by age, never by the previous figure; "ordered by name
 * descending" orders by the name. Same-period restrictions carry over only onto rows they date.
 */
function lostInMerge(own: SemanticQuery, merged: SemanticQuery, lex: Lexicon): string | undefined {
  for (const o of own.order) {
    // (a time breakdown's default ascending order is no reading of words)
    if (lex.metrics.has(o.by) || own.group_by.some((g) => g.grain && g.dimension === o.by)) continue;
    if (!merged.order.some((x) => x.by === o.by && x.direction === o.direction))
      return `The follow-up orders by ${lex.dimensions.get(o.by)?.label.toLowerCase() ?? o.by.replace(/_/g, ' ')}, which the previous question's answer cannot be ordered by: ask the question in full.`;
  }
  if (merged.same_periods?.length) {
    const dated = [...new Set(merged.metrics.map((m) => lex.metrics.get(m)?.timeDimension))];
    const mine = merged.time_range?.dimension ?? (dated.length === 1 ? dated[0] : undefined);
    const off = merged.same_periods.find((sp) => sp.dimension !== mine || hasConstructedColumns(merged));
    if (off)
      return `The restriction to the same ${off.grain} as the ${lex.timeDimensions.get(off.as)?.label.toLowerCase() ?? off.as} does not carry over to this follow-up: ask the question in full.`;
  }
  return undefined;
}

/** The refusal for words no construction consumed: names them and the closest model terms. */
function notUnderstood(lex: Lexicon, items: Item[], uncovered: Item[], partial: SemanticQuery, why: string[] = []): Interpretation {
  const words = uniq(uncovered.map((u) => u.text));
  const near = nearMatches(
    lex,
    uncovered.filter((u) => u.kind === 'word' || u.kind === 'lex').map((u) => u.text),
  );
  const what = words.length > 1 ? `the words ${quoteList(words)}` : `"${words[0]}"`;
  return {
    kind: 'out_of_scope',
    reason: why.length
      ? `I cannot honour ${what} in this question: ${why.join('; ')}. I did not answer rather than drop it.`
      : `I did not understand ${what} in this question, so I did not answer rather than guess.${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`,
    unconsumed: words,
    partial,
    catalogue: catalogue(lex),
  };
}

function indexOfItem(items: Item[], it: Item): number {
  return items.indexOf(it);
}

/** A fragment: a few content words, not opening as a complete question ("by nation", "top 5 customers", "in 1995"). */
function isFragmentShape(items: Item[]): boolean {
  const QUESTION_OPENERS = new Set([
    'what',
    'which',
    'how',
    'who',
    'where',
    'when',
    'show',
    'list',
    'give',
    'tell',
    'display',
    'find',
    'get',
  ]);
  const first = items.find((it) => it.kind !== 'punct');
  if (first && QUESTION_OPENERS.has(first.lower.split(' ')[0])) return false;
  const content = items.filter((it) => it.kind !== 'punct' && !(it.kind === 'word' && STOPWORDS.has(it.lower)));
  return content.length <= 5;
}

function referencesPrevious(items: Item[]): boolean {
  return (
    items.some((it) => it.kind === 'word' && ['it', 'that', 'those', 'them', 'they', 'these', 'same', 'instead'].includes(it.lower)) &&
    items.length <= 8
  );
}
