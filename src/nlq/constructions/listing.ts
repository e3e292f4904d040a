/**
 * Listing: a question that asks for the members of one entity rather than a number: "what are the
 * names of the shops in Leeds", "list the ids and names of customers who have not placed any
 * orders", "the distinct list of product IDs that have sales records after Jan 1 2023", "which
 * members joined in 2022? give their first and last names", "show the title of every film rated PG
 * ordered by title".
 *
 * The answer is one row per member (deduplicated: `group_by` with no metric, which the compiler
 * turns into SELECT DISTINCT) with the attributes the question names as columns:
 * - a dimension of the entity named as a column ("title", "first and last names", "customer ID");
 * - "id(s)" = the entity's key dimension (the one whose SQL is its primary key column);
 * - "name(s)" = the entity's one obvious name (its naming dimension, or its only dimension called a
 *   name or title); with several ("first name", "last name", a school name) the word is refused
 *   naming them, never one picked;
 * - nothing named: the key and the obvious name (one row per member even when two share a name).
 * - a date of the entity ("their join dates"), by day, when no period is asked for.
 * An order by a figure of the members' own rows ("list the shops ordered by rating") shows that
 * figure (as the column's highest: one row each) beside the key and orders by it.
 * Filters (values), conditions on the members ("who have not placed any orders", "with more than 3
 * orders": the entity condition; "that have sales records": at least one row), an order by a listed
 * attribute ("ordered by title", "order the results by their last names") and a count ("the first
 * 5", "list 3 shops") apply. A filter through related rows needs the one kind of row relating them
 * (two as near are two readings), and is never an exclusion or beside a condition. A period applies to the date the question names, or to the rows of its
 * condition ("that have sales after Jan 1"); with neither it is refused (whose date is not said).
 * Any metric left in the question makes it no listing (the general rules read it).
 */
import { rowAttributes } from '../../semantic/compiler.js';
import { joinGraph, shortestJoinPaths } from '../../semantic/graph.js';
import type { SemanticModel } from '../../semantic/model.js';
import type { EntityCondition, GroupBy, SemanticQuery } from '../../semantic/query.js';
import { comparedItem, dimensionOfEntity, type Analysis, type PendingCmp } from '../analyse.js';
import type { Lexicon } from '../lexicon.js';
import { consume, entriesOf, PREPOSITIONS, type Item } from '../spans.js';
import { mayLink, tableParticiple } from './linking-verb.js';
import {
  contentColumn,
  keyDimension,
  memberNames,
  nameCandidates,
  NAME_PARTS,
  namePart,
  onlyDateOf,
  personName,
  samePart,
  WHOLE_NAME,
} from '../members.js';
export { keyDimension, nameCandidates } from '../members.js';
import { isStamp, verbNamingColumn, yearColumn, yearFilters } from '../year-columns.js';
import { COLUMN_NOUNS } from './return-list.js';
import { directionSaysLength, lengthAfter, lengthOfAt } from '../text-length.js';
import type { Construction } from './types.js';

const ID_WORDS = new Set(['id', 'ids', 'identifier', 'identifiers']);
/** Between a column and the one thing a member has it of: "the name of its / their / the director". */
const OWNER_DETERMINERS = new Set(['the', 'its', 'their', 'his', 'her']);
const NAME_WORDS = new Set(['name', 'names']);
/** Between things and where they are: "productions at venues in London". */
const PLACE_PREPOSITIONS = new Set(['at', 'in', 'on', 'from']);
const DATE_WORDS = new Set(['date', 'dates']);
/** Group keywords that only say every member is listed: "the title of each film". */
export const EVERY_MEMBER = new Set(['of each', 'of every', 'for each', 'for every']);
/** "the distinct list of", "all unique": one row per member is what a listing gives anyway. */
const DISTINCT_WORDS = new Set(['distinct', 'unique', 'different']);
/** "that have sales records": the rows of the related thing. */
const RECORD_WORDS = new Set(['record', 'records', 'row', 'rows', 'entry', 'entries']);
/** Between the members and a related thing they have rows of: "that have", "with any". */
const HAVE_WORDS = new Set(['have', 'has', 'had', 'with']);
const HAVE_LINK = new Set(['that', 'who', 'which', 'ever', 'any', 'some', 'at', 'least', 'one', 'a', 'an', 'the']);
/** Verbs that add nothing between "have" and the rows: "that have made a purchase", "who have placed orders". */
const EMPTY_VERBS = new Set(['made', 'placed', 'done', 'got', 'gotten']);
/** Words of a figure over rows: a column after one is summed or averaged, not listed. */
const FIGURE_WORDS = new Set(['total', 'sum', 'average', 'avg', 'mean', 'combined', 'overall', 'median']);
/** Words of an aggregate: a figure said with one is a total or an extreme of rows, never one row's value. */
const AGGREGATE_WORDS = new Set([...FIGURE_WORDS, 'highest', 'lowest', 'maximum', 'minimum', 'max', 'min', 'largest', 'smallest']);
/** Words that make a question of a phrase (a bare phrase of things asks to see them). */
const QUESTION_WORDS = new Set([
  'what',
  'which',
  'how',
  'who',
  'whom',
  'whose',
  'when',
  'where',
  'why',
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'can',
  'could',
]);
/**
 * "items that are discontinued", "teachers who are active": a relative pronoun right after the things (and
 * the copula after it) qualifies them; it asks nothing.
 */
function relativeClause(items: Item[], k: number): boolean {
  const copula = (i: number) => ['is', 'are', 'was', 'were'].includes(items[i]?.lower ?? '');
  const relative = (i: number) => ['that', 'who', 'which'].includes(items[i]?.lower ?? '') && !!items[i - 1]?.plural && copula(i + 1);
  return relative(k) || (copula(k) && relative(k - 1));
}
/** Openers that ask for a list besides the list keywords ("list", "show", "give") and "which". */
const OPENERS = new Set(['return', 'name', 'enumerate']);

/** The columns that stand for the members themselves: the key, and the one obvious name (a person's first and last name). */
export function memberColumns(model: SemanticModel, lex: Lexicon, entity: string, persons = true): string[] {
  const key = keyDimension(model, entity);
  const own = dimensionOfEntity(lex, entity);
  // its name: one column, or a person's first and last name
  const named = memberNames(model, lex, entity, persons);
  // (a row with no name, a review, is shown by what it says beside its key)
  const content = named.length || nameCandidates(model, lex, entity).length ? undefined : contentColumn(model, entity);
  return [...new Set([key, ...(named.length ? named : [content ?? (key ? undefined : own)])].filter((x): x is string => !!x))];
}

/**
 * The entity an item names: an entity, or its own naming dimension. A phrase that is only a count
 * ("count of restaurants", "number of orders") names a figure, never the members.
 */
function entityOfItem(lex: Lexicon, it: Item): string | undefined {
  if (it.kind !== 'lex') return undefined;
  const ent = entriesOf(it, 'entity')[0]?.target;
  if (ent) return ent;
  if (entriesOf(it, 'metric').length) return undefined;
  const named = entriesOf(it, 'dimension')
    .map((e) => lex.dimensions.get(e.target))
    .find((d) => !!d && dimensionOfEntity(lex, d.entity) === d.name);
  return named?.entity;
}

/**
 * "Return merchants (merchant ID and name) who have no coupons": an aside in parentheses right after
 * the thing, naming only attributes of it (its dimensions, "id", "name"), is read after the clause
 * that qualifies the thing ("merchants who have no coupons (merchant ID and name)"), so that the
 * clause stays next to what it qualifies. Edits the items in place; anything else stays where it is.
 */
export function asideColumnsLast(items: Item[], lex: Lexicon): void {
  for (let k = 1; k < items.length; k++) {
    if (items[k]!.lower !== '(' || items[k - 1]!.kind !== 'lex') continue;
    const close = items.findIndex((it, i) => i > k && it.lower === ')');
    if (close < 0 || close === k + 1) return;
    const thing =
      entityOfItem(lex, items[k - 1]!) ??
      entriesOf(items[k - 1]!, 'metric')
        .map((e) => lex.metrics.get(e.target)?.entity)
        .find((e) => !!e);
    const inside = items.slice(k + 1, close);
    const ofThing = (it: Item) =>
      (it.kind === 'lex' &&
        (entriesOf(it, 'dimension').some((e) => lex.dimensions.get(e.target)?.entity === thing) ||
          NAME_WORDS.has(it.lower) ||
          ID_WORDS.has(it.lower))) ||
      (it.kind !== 'lex' && (NAME_WORDS.has(it.lower) || ID_WORDS.has(it.lower) || ['and', ',', 'or'].includes(it.lower)));
    if (!thing || !inside.every(ofThing) || !inside.some((it) => it.kind === 'lex' || NAME_WORDS.has(it.lower) || ID_WORDS.has(it.lower)))
      continue;
    // the end of the clause: the next sentence mark, or the end
    let end = close + 1;
    while (end < items.length && !(items[end]!.kind === 'punct' && ['.', '?', '!', ';'].includes(items[end]!.lower))) end++;
    if (end === close + 1) continue;
    const aside = items.splice(k, close + 1 - k);
    items.splice(end - aside.length, 0, ...aside);
    return;
  }
}

interface Column {
  item: Item;
  /** A dimension, a time dimension (listed by day), or the word "name"/"id" to resolve on the entity. */
  dimension?: string;
  timeDimension?: string;
  word?: 'name' | 'id';
  /** "first name", "last names": the part of a person's name the word "name" is. */
  part?: string;
  /** Words that are part of the column ("first" of "first name"). */
  also?: Item[];
  /** The thing the column is of when not the members ("the name of its director"): one each member has. */
  owner?: string;
}

interface Existence {
  entity: string;
  metric: string;
  items: Item[];
}

export const listing: Construction = {
  name: 'listing',
  recognise({ items, a, lex, ctx }) {
    const model = ctx.model;
    if (a.superlatives.length || a.grainGroups.length || a.share || a.compare || a.trend || a.ratio || a.whichN !== undefined) return null;
    // "by their last names": a part of a person's name after "by" is the listing's to read
    const namePartSlot = (u: Item) => NAME_PARTS.has(u.lower) && NAME_WORDS.has(items[items.indexOf(u) + 1]?.lower ?? '');
    if (a.countUnknown.length || a.slotUnknown.some((u) => !namePartSlot(u)) || a.negTimes.length) return null;
    if (items.some((it) => it.kind === 'kw' && (it.kw === 'count' || it.kw === 'times' || it.kw === 'share'))) return null;
    if (a.groups.some((g) => g.time)) return null;
    // asked as a list: "list/show/give ...", "which ...", "what are ...", "return ..." (never "what is the orders")
    const first = items.find((it) => it.kind !== 'punct');
    const cue = a.list || a.whichPos.length > 0 || (!!first && OPENERS.has(first.lower));
    const valueItems = new Set(a.values.map((v) => v.item));

    // 1. the subject: the first thing named (an entity, or a dimension of one), outside any value
    let subject: string | undefined;
    for (const it of items) {
      if (it.kind !== 'lex' || valueItems.has(it)) continue;
      if (NAME_WORDS.has(it.lower) || ID_WORDS.has(it.lower)) continue;
      // "<things> reviewed by Ann": the participle is the verb, never the things listed
      if (tableParticiple(lex, it)) continue;
      const ent = entityOfItem(lex, it);
      if (ent) {
        subject = ent;
        break;
      }
      const dims = entriesOf(it, 'dimension')
        .map((e) => lex.dimensions.get(e.target)!)
        .filter((d) => !!d);
      const owners = new Set(dims.map((d) => d.entity));
      if (owners.size === 1) {
        subject = [...owners][0];
        break;
      }
      // "ticker id" is the key of tickers and of their prices: the thing its words name
      const named = [...owners].filter((o) =>
        it.lower.split(' ').some((w) => (lex.entities.get(o)?.synonyms ?? []).concat(o).some((s) => s.toLowerCase() === w)),
      );
      if (named.length === 1) {
        subject = named[0];
        break;
      }
      if (owners.size) return null;
    }
    if (!subject) return null;
    const E = subject;
    const graph = joinGraph(model);

    // 2. what the question says of the members: columns, mentions of the members, "have X records"
    const columns: Column[] = [];
    const mentions: Item[] = [];
    /** "students who have a minor": an attribute said to be set, which no query here says. */
    let setCondition: Item | undefined;
    const existence: Existence[] = [];
    const extra: Item[] = [];
    // "the town of York" qualifies a value; "in York and their towns" asks for the column
    const qualifier = (k: number, dim: string) =>
      a.values.some(
        (v) =>
          Math.abs(v.pos - k) <= (items[k]!.plural ? 1 : 2) &&
          v.entries.some((e) => e.target === dim || lex.dimensions.get(e.target)?.roleOf?.base === dim),
      );
    const compared = (k: number) => a.cmps.some((c) => c.pos > k && c.pos - k <= 4) || items[k + 1]?.kind === 'num';
    // "the name of its director", "the city of the venue": a column of a thing each member has one of
    // (reached to-one, by one relationship only), never of a thing the members have several of
    const ownerAfter = (k: number): { entity: string; items: Item[] } | undefined => {
      if (items[k + 1]?.lower !== 'of') return undefined;
      let q = k + 2;
      while (items[q]?.kind === 'word' && OWNER_DETERMINERS.has(items[q]!.lower)) q++;
      const thing = items[q];
      if (!thing) return undefined;
      const X = !valueItems.has(thing) ? entityOfItem(lex, thing) : undefined;
      // (the thing's own count is the thing named; any other figure is no owner)
      if (entriesOf(thing, 'metric').some((e) => lex.metrics.get(e.target)?.agg !== 'count' || lex.metrics.get(e.target)?.entity !== X))
        return undefined;
      // (a plural only as "their": "gigs and the names of their bands", one band each)
      if (
        !X ||
        X === E ||
        (thing.plural && items[q - 1]?.lower !== 'their') ||
        !graph.path(E, X) ||
        shortestJoinPaths(model, E, X).count !== 1
      )
        return undefined;
      return { entity: X, items: items.slice(k + 1, q + 1) };
    };
    for (let k = 0; k < items.length; k++) {
      const it = items[k];
      if (valueItems.has(it) || it.consumed) continue;
      if (NAME_WORDS.has(it.lower) || ID_WORDS.has(it.lower)) {
        // "last names", "first and last names": a part of a person's name before it
        const part = (o: Item | undefined) => (o?.kind === 'word' && !o.consumed && NAME_PARTS.has(o.lower) ? o : undefined);
        const own = NAME_WORDS.has(it.lower) ? part(items[k - 1]) : undefined;
        const other = own && ['and', 'or', ','].includes(items[k - 2]?.lower ?? '') ? part(items[k - 3]) : undefined;
        const of = other ? undefined : ownerAfter(k);
        if (other) columns.push({ item: other, word: 'name', part: other.lower });
        columns.push({
          item: it,
          word: NAME_WORDS.has(it.lower) ? 'name' : 'id',
          ...(own ? { part: own.lower } : {}),
          ...(own || of ? { also: [...(own ? [own] : []), ...(of?.items ?? [])] } : {}),
          ...(of ? { owner: of.entity } : {}),
        });
        if (of) k += of.items.length;
        continue;
      }
      if (it.kind === 'word' && DISTINCT_WORDS.has(it.lower)) {
        extra.push(it);
        continue;
      }
      // "the name and date of each race": the members' one date, by day; a thing with no one date of
      // its own has no such column (never a word dropped)
      if (it.kind === 'grain' && DATE_WORDS.has(it.lower)) {
        const own = model.time_dimensions.filter((t) => t.entity === E);
        if (own.length !== 1 || a.times.length) return null;
        columns.push({ item: it, timeDimension: own[0]!.name });
        continue;
      }
      if (it.kind !== 'lex') continue;
      const ent = entityOfItem(lex, it);
      if (ent === E) {
        // "customers" (the thing, or the count of it) names the members; "title" (only its naming
        // dimension) is a column
        const own = entriesOf(it, 'dimension').find((e) => lex.dimensions.get(e.target)?.entity === E);
        if (own && !entriesOf(it, 'entity').length && !entriesOf(it, 'metric').length) columns.push({ item: it, dimension: own.target });
        // ("the total checkins": a word of a figure before the members asks for the figure, never the list)
        else if (FIGURE_WORDS.has(items[k - 1]?.lower ?? '')) return null;
        else mentions.push(it);
        continue;
      }
      // "that have daily price records": at least one row of a related thing
      // ("that have made a purchase": a thing named only as a thing has rows its count counts)
      const thingOnly =
        (it.entries ?? []).every((e) => e.kind === 'entity') && ent && ent !== E
          ? [...lex.metrics.values()].filter((m) => m.entity === ent && m.agg === 'count')
          : [];
      const counted =
        entriesOf(it, 'metric')
          .map((e) => lex.metrics.get(e.target))
          .find((m) => m?.agg === 'count' && !!m.entity && m.entity !== E) ?? (thingOnly.length === 1 ? thingOnly[0] : undefined);
      if (counted && ent === counted.entity) {
        let p = k - 1;
        const link: Item[] = [];
        while (p >= 0 && items[p].kind === 'word' && HAVE_LINK.has(items[p].lower)) link.unshift(items[p--]);
        // "that have prescribed treatments": a verb between "have" and the rows is the linking verb's
        // to read (it stays unconsumed unless the model relates the members and the rows in one way)
        if (
          p > 0 &&
          mayLink(lex, items[p]) &&
          items[p - 1]?.kind === 'word' &&
          HAVE_WORDS.has(items[p - 1].lower) &&
          items[p - 1].lower !== 'with'
        )
          p--;
        // "that have made a purchase", "who have placed orders": a verb that says nothing of its own
        const says = (o: Item | undefined) => !!o && (o.kind === 'word' || o.kind === 'kw') && EMPTY_VERBS.has(o.lower);
        const generic =
          p > 0 && says(items[p]) && items[p - 1]?.kind === 'word' && HAVE_WORDS.has(items[p - 1]!.lower) && items[p - 1]!.lower !== 'with'
            ? items[p--]
            : undefined;
        const have = items[p];
        if (have?.kind === 'word' && HAVE_WORDS.has(have.lower) && (graph.path(counted.entity!, E) || false)) {
          const before = items[p - 1];
          const tail = items[k + 1]?.kind === 'word' && RECORD_WORDS.has(items[k + 1].lower) ? [items[k + 1]] : [];
          if (have.lower === 'with' || (before?.kind === 'word' && ['that', 'who', 'which'].includes(before.lower))) {
            existence.push({
              entity: counted.entity!,
              metric: counted.name,
              items: [have, ...(generic ? [generic] : []), ...link, ...(have.lower === 'with' ? [] : [before!]), it, ...tail],
            });
            continue;
          }
        }
      }
      // "their join dates": a date of the members, when no period is asked for (then it dates the period)
      const tds = entriesOf(it, 'time_dimension').filter((e) => model.time_dimensions.find((t) => t.name === e.target)?.entity === E);
      if (tds.length === 1 && !a.times.length && !a.negTimes.length && (it.entries ?? []).every((e) => e.kind === 'time_dimension')) {
        columns.push({ item: it, timeDimension: tds[0]!.target });
        continue;
      }
      const of = ownerAfter(k);
      const ofDims = of ? entriesOf(it, 'dimension').filter((e) => lex.dimensions.get(e.target)?.entity === of.entity) : [];
      if (of && ofDims.length === 1 && !entriesOf(it, 'metric').length && !FIGURE_WORDS.has(items[k - 1]?.lower ?? '')) {
        columns.push({ item: it, dimension: ofDims[0]!.target, also: of.items, owner: of.entity });
        k += of.items.length;
        continue;
      }
      const dims = entriesOf(it, 'dimension').filter((e) => lex.dimensions.get(e.target)?.entity === E);
      // "students who have a minor", "shops with a website": a condition on the attribute (that it is
      // set), which a column of the list does not say
      const had = ['a', 'an', 'any', 'no'].includes(items[k - 1]?.lower ?? '') ? items[k - 2] : items[k - 1];
      if (dims.length === 1 && had?.kind === 'word' && HAVE_WORDS.has(had.lower) && !qualifier(k, dims[0]!.target) && !compared(k)) {
        setCondition ??= it;
        continue;
      }
      // "the total likes", "average age": a column under a word of a figure asks for the figure, never the list
      if (dims.length === 1 && FIGURE_WORDS.has(items[k - 1]?.lower ?? '')) return null;
      if (dims.length === 1 && !qualifier(k, dims[0].target) && !compared(k) && !entriesOf(it, 'metric').length)
        columns.push({ item: it, dimension: dims[0].target });
    }
    // "return the email column": the word says only that it is a column
    for (const c of columns) {
      const next = items[items.indexOf(c.item) + 1];
      if (next?.kind === 'word' && COLUMN_NOUNS.has(next.lower)) extra.push(next);
    }
    // "the titles of films in which Ann starred": a verb closing a relative clause ("<preposition> which", its
    // subject a value of one other thing) says how the members relate to that thing; read when the model relates
    // them one way only (the value then keeps the members it reaches), never as a count of that thing
    for (let k = 2; k < items.length; k++) {
      const verb = items[k]!;
      const end = !items[k + 1] || items[k + 1]!.kind === 'punct';
      if (!end || !(tableParticiple(lex, verb) || mayLink(lex, verb))) continue;
      let v = k - 1;
      while (v >= 0 && ['was', 'were', 'is', 'are', 'has', 'have', 'had', 'been'].includes(items[v]!.lower)) v--;
      const subject = v;
      while (v >= 0 && valueItems.has(items[v]!)) v--;
      if (v === subject || !['which', 'whom'].includes(items[v]?.lower ?? '') || !PREPOSITIONS.has(items[v - 1]?.lower ?? '')) continue;
      const owners = new Set(
        items.slice(v + 1, subject + 1).flatMap((it) => entriesOf(it, 'value').map((e) => lex.dimensions.get(e.target)?.entity)),
      );
      const owner = owners.size === 1 ? [...owners][0] : undefined;
      if (owner && owner !== E && shortestJoinPaths(model, E, owner).count === 1) extra.push(verb);
    }
    if (setCondition && cue) {
      const said = setCondition;
      return {
        construction: 'listing',
        apply: () =>
          `"${said.text}" is said to be set (the members that have one), which I cannot express as a condition: I did not answer rather than list them all.`,
      };
    }
    // "first and last names": "first" names the first-name dimension when "last names" is one
    for (let k = 0; k + 2 < items.length; k++) {
      const it = items[k];
      const then = columns.find((c) => c.item === items[k + 2] && c.dimension);
      if (it.kind !== 'word' || it.consumed || !['and', ',', 'or'].includes(items[k + 1].lower) || !then) continue;
      const tail = lex.dimensions.get(then.dimension!)!.label.toLowerCase().split(' ').slice(1).join(' ');
      const phrase = `${it.lower} ${tail}`;
      const d = model.dimensions.find(
        (x) => x.entity === E && [x.label ?? '', ...(x.synonyms ?? [])].some((s) => s.toLowerCase() === phrase),
      );
      if (tail && d) columns.splice(columns.indexOf(then), 0, { item: it, dimension: d.name });
    }
    // the members' attributes named, or the members themselves asked as a list (in a conversation, a
    // fragment such as "what about customers?" is a follow-up, so the list must be asked for)
    // "the shops and their towns" lists the shops themselves too; "the names of the shops", "ticker
    // IDs" name only attributes of them
    const heads = mentions.filter((m) => {
      const k = items.indexOf(m);
      let b = k - 1;
      // skip determiners and values: "of all the gold members"
      const skip = (o: Item) =>
        (o.kind === 'word' && ['the', 'a', 'an', 'all', 'every', 'each', 'those', 'these', 'its', 'their'].includes(o.lower)) ||
        (o.kind === 'kw' && o.kw === 'each') ||
        valueItems.has(o);
      while (b > 0 && skip(items[b]!)) b--;
      const before = items[b];
      const after = items[k + 1];
      // "which cities do employees live in", "what roles are the staff in": the members are the subject of the
      // clause after the columns asked for, never listed themselves
      const subjectOf =
        (before?.kind === 'kw' && before.lower === 'among') ||
        (!!before &&
          ['do', 'does', 'did', 'are', 'is', 'were', 'was', 'have', 'has', 'had'].includes(before.lower) &&
          columns.some((c) => items.indexOf(c.item) >= 0 && items.indexOf(c.item) < b));
      return !subjectOf && !(before?.kind === 'word' && ['of', 'for'].includes(before.lower)) && !columns.some((c) => c.item === after);
    });
    // "papers by Ada Lark", "COVID-19 papers", "Ada's paper about X" (singular too: no count word says how many): a bare noun phrase of the things picked by a value (no
    // question word, no word of a figure) asks to see them, unless the model names a figure by that
    // very word ("orders"); the thing alone ("vendors", "total visits") is its figure
    // "employees hired after 1993": the same of things with a name of their own (people, products)
    // held to a period of a date of theirs; rows with no name (orders, visits) are counted
    const namedThing = nameCandidates(model, lex, E).some((n) => n !== keyDimension(model, E));
    // (or a year of theirs kept as a number: "venues opened after 2000")
    const ownPeriod =
      namedThing &&
      items.some((it) => it.kind === 'time') &&
      (model.time_dimensions.some((t) => t.entity === E) || !!yearColumn(model, E, lex));
    // "is there a flight on XY", "are there any orders from Oslo": whether such things exist is
    // answered by showing them (none is "no"); a number ("are there more than 5") asks for a count
    const existential =
      ['is', 'are', 'was', 'were'].includes(items[0]?.lower ?? '') && items[1]?.lower === 'there' && !items.some((it) => it.kind === 'num');
    const bare =
      !ctx.previous &&
      (a.values.length > 0 || ownPeriod) &&
      !items.some(
        (it, k) =>
          (QUESTION_WORDS.has(it.lower) && !relativeClause(items, k) && !(existential && k === 0)) ||
          FIGURE_WORDS.has(it.lower) ||
          it.lower === 'number',
      ) &&
      mentions.some((m) => !entriesOf(m, 'metric').some((e) => e.source === 'name'));
    const listed = (columns.length > 0 && (cue || !ctx.previous)) || (mentions.length > 0 && (cue || bare));
    if (!listed) return null;

    // 3. no metric may remain: a count of the members is their mention; any other makes it no listing
    const existenceItems = new Set(existence.flatMap((x) => x.items));
    // "written by author Ada Lark": a thing named right before one of its own values qualifies the
    // value (its dimension), never a count beside the list
    const qualifiers = a.metrics
      .map((m) => m.item)
      .filter((it) => {
        const k = items.indexOf(it);
        const v = items[k + 1];
        return !it.plural && !!v && valueItems.has(v) && entriesOf(it, 'dimension').some((d) => qualifier(k, d.target));
      });
    extra.push(...qualifiers);
    // "productions at venues in London": other things named right before a value of their own, after a
    // preposition, say where the value is held (the filter through related rows), never a count beside the list
    const placed = a.metrics
      .map((m) => m.item)
      .filter((it) => {
        const k = items.indexOf(it);
        const owner = entityOfItem(lex, it) ?? lex.metrics.get(a.metrics.find((m) => m.item === it)!.name)?.entity;
        const before = items[k - 1]?.lower === 'the' ? items[k - 2] : items[k - 1];
        if (!it.plural || !owner || owner === E || !PLACE_PREPOSITIONS.has(before?.lower ?? '')) return false;
        if (!PLACE_PREPOSITIONS.has(items[k + 1]?.lower ?? '')) return false;
        const v = items[k + 2]?.lower === 'the' ? items[k + 3] : items[k + 2];
        return (
          !!v &&
          valueItems.has(v) &&
          a.values.find((x) => x.item === v)!.entries.every((e) => lex.dimensions.get(e.target)?.entity === owner)
        );
      });
    extra.push(...placed);
    const sortKws = items.filter((it) => it.kind === 'kw' && it.kw === 'sort');
    const afterSort = (kw: Item) => {
      let p = items.indexOf(kw) + 1;
      while (items[p]?.kind === 'word' && ['the', 'their', 'its', 'of'].includes(items[p].lower)) p++;
      return items[p];
    };
    // "list the shops ordered by rating": a figure of the members' own rows (one row each: an average,
    // total, lowest or highest of it is the member's value) orders the list and is shown beside it;
    // a count, or a figure of other rows, is a total and makes it no listing
    let orderMetric: { name: string; item: Item; kw: Item } | undefined;
    if (sortKws.length === 1) {
      const at = afterSort(sortKws[0]!);
      const m = a.metrics.find((x) => x.item === at);
      const info = m ? lex.metrics.get(m.name) : undefined;
      if (m?.name && info?.entity === E && ['avg', 'sum', 'min', 'max'].includes(info.agg ?? '')) {
        // one row each: the highest of the column is the member's value in the column's own type (an
        // average would turn a stored 4.7 into 4.69999…)
        const own = model.measures.find((x) => x.name === m.name);
        const same = own && model.measures.find((x) => x.entity === E && x.agg === 'max' && x.sql === own.sql && !x.filter);
        orderMetric = { name: same && !own.filter ? same.name : m.name, item: m.item, kw: sortKws[0]! };
      }
    }
    // "reviews with a score above 4", "papers with more than 100 citations": a comparison on a figure of
    // the members' own rows (a total or average the model keeps of one number column of theirs) holds
    // each member's own value (a row attribute), never a total of a group
    const attributes = rowAttributes(model);
    const rowConditions: RowCondition[] = [];
    for (const cmp of a.cmps) {
      const at = comparedItem(items, cmp, lex);
      const m = at && a.metrics.find((x) => x.item === at.item);
      // (an aggregate said, "an average score above 4", "total citations", is no row's own value)
      const said = m ? [items[items.indexOf(m.item) - 1]?.lower ?? '', ...m.item.lower.split(' ')] : [];
      if (!m || cmp.percent || attributes.get(m.name)?.entity !== E || said.some((w) => AGGREGATE_WORDS.has(w))) continue;
      rowConditions.push({ metric: m.name, cmp, item: m.item });
    }
    const mine = new Set([
      ...rowConditions.map((c) => c.item),
      ...mentions,
      ...columns.flatMap((c) => [c.item, ...(c.owner ? c.also! : [])]),
      ...existenceItems,
      ...qualifiers,
      ...placed,
      ...extra,
      ...(orderMetric ? [orderMetric.item] : []),
    ]);
    if (a.metrics.some((m) => !mine.has(m.item))) return null;
    if (a.groups.some((g) => !g.time && !mine.has(items[g.pos]!))) return null;
    // "ordered by title": the column after the keyword orders the list
    const orderBy: { column: Column; kw: Item; length?: Item[] }[] = [];
    for (const kw of sortKws) {
      if (orderMetric?.kw === kw) continue;
      // "ordered by the length of the name", "sorted by title length": the text's number of characters
      const lengthOf = lengthOfAt(items, items.indexOf(kw) + 1);
      const at = lengthOf ? items[lengthOf.at] : afterSort(kw);
      const c = columns.find((x) => x.item === at || (!!at && !!x.also?.includes(at)));
      if (!c) return null;
      const lengthWord = lengthOf || !at ? undefined : lengthAfter(items, items.indexOf(at));
      const length = lengthOf?.words ?? (lengthWord ? [lengthWord] : undefined);
      orderBy.push({ column: c, kw, ...(length ? { length } : {}) });
    }
    // "the first 5 films", "list 3 shops": how many members are listed
    let limit: { n: number; items: Item[] } | undefined;
    for (let k = 0; k < items.length; k++) {
      const it = items[k];
      if (it.kind !== 'num' || it.used || it.percent || !Number.isInteger(it.num) || it.num! <= 0 || it.num! > 10_000) continue;
      const before = items[k - 1];
      const after = items[k + 1];
      const first = before?.kind === 'word' && before.lower === 'first';
      const counted = before?.kind === 'kw' && before.kw === 'list' && !!after && mine.has(after) && mentions.includes(after);
      if (!first && !counted) continue;
      if (limit) return null;
      limit = { n: it.num!, items: first ? [before!, it] : [it] };
    }
    // "order the results by their last names": "by" after an ordering verb orders the list by a column;
    // any other group keyword ("open orders by priority", "per town") asks for a breakdown, not a list
    const orderVerb = (by: Item) => {
      let b = items.indexOf(by) - 1;
      while (
        b >= 0 &&
        items[b]!.kind === 'word' &&
        ['the', 'results', 'result', 'list', 'them', 'it', 'rows', 'output', 'answer'].includes(items[b]!.lower)
      )
        b--;
      const verb = items[b];
      return verb?.kind === 'word' && ['order', 'sort', 'ordered', 'sorted', 'arrange', 'arranged'].includes(verb.lower) ? verb : undefined;
    };
    // "by the students' last names": a part of a person's name (no phrase of the model) after "by",
    // the members named before it as its owner
    const owners = new Set<Item>();
    for (const c of columns.filter((x) => x.also?.length)) {
      let b = items.indexOf(c.also![0]!) - 1;
      const passed: Item[] = [];
      while (
        b >= 0 &&
        ((items[b]!.kind === 'word' && ['the', 'their', 'its', 's', "'s", "'"].includes(items[b]!.lower)) ||
          items[b]!.kind === 'punct' ||
          mentions.includes(items[b]!))
      ) {
        if (mentions.includes(items[b]!)) passed.push(items[b]!);
        b--;
      }
      const by = items[b];
      if (!(by?.kind === 'kw' && by.kw === 'group' && by.lower === 'by')) continue;
      const verb = orderVerb(by);
      if (!verb) return null;
      orderBy.push({ column: c, kw: verb });
      extra.push(by);
      // (not a ranking of a breakdown the general rules would miss)
      a.rankingKeywords = a.rankingKeywords?.filter((x) => x !== by && x !== verb);
      for (const m of passed) owners.add(m);
    }
    a.slotUnknown = a.slotUnknown.filter((u) => !namePartSlot(u));
    const amongMembers = (kw: Item) => {
      let p = items.indexOf(kw) + 1;
      while (['the', 'all', 'our'].includes(items[p]?.lower ?? '')) p++;
      return mentions.includes(items[p]!) && columns.length > 0;
    };
    for (const g of a.groups.filter((x) => mine.has(items[x.pos]!) && !owners.has(items[x.pos]!))) {
      const kws = (g.kws ?? []).filter((kw) => kw.kind === 'kw' && kw.kw === 'group');
      if (!kws.length) continue;
      // "the title of each film": every member, which a list gives anyway
      if (kws.every((kw) => EVERY_MEMBER.has(kw.lower) && mentions.includes(items[items.indexOf(kw) + 1]!))) continue;
      // "what genders are there among the staff": the members the columns are taken from
      if (kws.every((kw) => kw.lower === 'among' && amongMembers(kw))) continue;
      const by = kws.length === 1 && kws[0]!.lower === 'by' ? kws[0]! : undefined;
      const c = columns.find((x) => x.item === items[g.pos]);
      if (!by || !c) return null;
      const verb = orderVerb(by);
      if (!verb) return null;
      orderBy.push({ column: c, kw: verb });
    }
    const groupKws = a.groups.filter((g) => mine.has(items[g.pos]!)).flatMap((g) => g.kws ?? []);
    a.metrics = a.metrics.filter((m) => !mine.has(m.item));
    // the ordering keyword is the listing's, not a ranking of a breakdown the general rules would miss
    if (orderMetric) a.rankingKeywords = a.rankingKeywords?.filter((k) => k !== orderMetric!.kw);
    a.groups = a.groups.filter((g) => !mine.has(items[g.pos]!));
    a.cmps = a.cmps.filter((c) => !rowConditions.some((x) => x.cmp === c));
    a.dimMentions = a.dimMentions.filter((d) => !mine.has(d.item));
    a.providesMetric = true;
    const dating = a.dating;

    return {
      construction: 'listing',
      apply(query, notes) {
        return listQuery(query, notes, {
          items,
          a,
          lex,
          model,
          E,
          columns,
          heads: heads.length > 0,
          mentions,
          existence,
          extra,
          orderBy,
          orderMetric,
          rowConditions,
          groupKws,
          dating,
          limit,
        });
      },
    };
  },
};

/** Orders that say "by name" themselves. */
const ALPHABETICAL = /^(?:(?:in )?alphabetical order|alphabetically|(?:from )?(?:a to z|z to a))$/;

/** A comparison on a row attribute of the members ("with a score above 4"): a filter on each row's own value. */
interface RowCondition {
  metric: string;
  cmp: PendingCmp;
  item: Item;
}

interface Parts {
  items: Item[];
  a: Analysis;
  lex: Lexicon;
  model: SemanticModel;
  E: string;
  columns: Column[];
  /** The members themselves are asked for (their key and name lead the columns). */
  heads: boolean;
  mentions: Item[];
  existence: Existence[];
  extra: Item[];
  /** What orders the list; `length`: the words that order it by the text's length ("the length of"). */
  orderBy: { column: Column; kw: Item; length?: Item[] }[];
  /** A figure of the members' own rows that orders the list (shown beside it). */
  orderMetric?: { name: string; item: Item; kw: Item };
  rowConditions: RowCondition[];
  groupKws: Item[];
  dating: Analysis['dating'];
  limit?: { n: number; items: Item[] };
}

/** The column a dimension reads, for telling candidates apart ("doctor" is med_school_name). */
function column(model: SemanticModel, dim: string): string {
  const sql = model.dimensions.find((d) => d.name === dim)?.sql ?? dim;
  return sql.replace(/\$\{TABLE\}\./g, '');
}

function listQuery(query: SemanticQuery, notes: string[], p: Parts): SemanticQuery | string {
  const { lex, model, E } = p;
  // how the refusals name the members ("members", "shops")
  const them =
    [E, ...(lex.entities.get(E)?.synonyms ?? [])].find((x) => x.toLowerCase().endsWith('s'))?.replace(/_/g, ' ') ??
    `${E.replace(/_/g, ' ')} members`;
  const label = (d: string) => (lex.dimensions.get(d)?.label ?? lex.timeDimensions.get(d)?.label)?.toLowerCase() ?? d;
  // ("the maximum credits of courses taught by X": one figure over the members' rows is asked, not a list of them)
  if (query.column_aggregates?.length && !query.group_by.length) return query;
  if (
    query.distinct_counts?.length ||
    query.per_entity_averages?.length ||
    query.subset_metrics?.length ||
    query.ratios?.length ||
    query.comparison ||
    query.share_of_total.length
  )
    return `A list of ${them} cannot also compute a total: ask for the list and the figure separately.`;
  // "pets born in 2015 or 2016": several periods only hold the members to them, one row each (no row per period)
  if (p.items.filter((it) => it.kind === 'time').length > 1 && !p.groupKws.length)
    query = { ...query, group_by: query.group_by.filter((g) => !(g.grain && lex.timeDimensions.has(g.dimension))) };
  // a breakdown the general rules made of anything but the members is no listing
  const stray = query.group_by.filter((g) => lex.dimensions.get(g.dimension)?.entity !== E);
  if (stray.length) return `A list of ${them} cannot also be broken down by ${stray.map((g) => label(g.dimension)).join(', ')}.`;
  // resolve the columns
  const dims: string[] = [];
  const byItem = new Map<Item, string>();
  const grains = new Map<string, GroupBy['grain']>();
  for (const c of p.columns) {
    let d = c.dimension;
    if (c.timeDimension) {
      const td = model.time_dimensions.find((t) => t.name === c.timeDimension)!;
      d = td.name;
      grains.set(d, td.grains.includes('day') ? 'day' : td.grains[0]);
    }
    const owner = c.owner ?? E;
    if (c.word === 'id') {
      d = keyDimension(model, owner);
      if (!d) return `The ${them} have no id in the data model (no dimension holds their key), so "${c.item.text}" cannot be listed.`;
    } else if (c.word === 'name') {
      // "first and last names" name their own columns: "names" adds nothing then
      const all = nameCandidates(model, lex, owner);
      // "last names": the one candidate holding that part; "names" of a person: first and last
      const byPart = c.part ? all.filter((n) => samePart(namePart(model, lex, n) ?? '', c.part!)) : all;
      // ("full names" where no column holds a full name: the whole name, as "names")
      const whole = !!c.part && WHOLE_NAME.has(c.part) && !byPart.length;
      const names = whole ? all : byPart;
      const person = c.part && !whole ? undefined : personName(model, lex, names);
      if (person) {
        for (const n of person) if (!dims.includes(n)) dims.push(n);
        continue;
      }
      if (names.length !== 1)
        return names.length
          ? `"${c.item.text}" of ${them} could be ${names.map((n) => `"${label(n)}" (${column(model, n)})`).join(' or ')}: name the one to list.`
          : `The ${them} have no ${c.part ? `${c.part} ` : ''}name in the data model, so "${c.part ? `${c.part} ` : ''}${c.item.text}" cannot be listed.`;
      d = names[0];
    }
    byItem.set(c.item, d!);
    if (!dims.includes(d!)) dims.push(d!);
  }
  if (!dims.length) {
    // "which clubs had more than 5 visits": the entity condition lists the members with its figure;
    // "which customers have no orders" has none to show (each member counts 1), so it is a plain list
    const ownCount = [...lex.metrics.values()].find((m) => m.entity === E && m.agg === 'count')?.name;
    const countsOnly =
      query.metrics.length === 1 && query.metrics[0] === ownCount && !query.metric_filters.length && !!query.entity_conditions?.length;
    if (query.metrics.length && !countsOnly) {
      consume(...p.mentions, ...p.extra, ...p.groupKws);
      return query;
    }
    dims.push(...memberColumns(model, lex, E));
    if (!dims.length) return `The ${them} cannot be listed: the data model has no dimension that names them or holds their key.`;
  } else if (p.heads) {
    // (beside columns named, the members are their key and one obvious name: never a person's two)
    dims.unshift(...memberColumns(model, lex, E, false).filter((d) => !dims.includes(d)));
  }

  // "films not rented at Northgate" would keep the films rented elsewhere too: an exclusion through
  // related rows is not what a list of members can say
  const graph = joinGraph(model);
  for (const f of query.filters) {
    const owner = lex.dimensions.get(f.dimension)?.entity;
    if ((f.op === 'ne' || f.op === 'not_in') && owner && owner !== E && !graph.path(E, owner))
      return `Excluding ${label(f.dimension)} ${f.values.join(', ')} from a list of ${them} would keep those with other rows too: ask it as a condition on them (e.g. "with no rentals at ...").`;
  }
  // "films not rented at Northgate": with a condition on the members, a filter through related rows
  // could be the condition's or the list's; the reading is not clear
  if (query.entity_conditions?.length || query.metric_filters.length || p.existence.length) {
    const through = query.filters.filter((f) => {
      const owner = lex.dimensions.get(f.dimension)?.entity;
      return !!owner && owner !== E && !graph.path(E, owner);
    });
    if (through.length)
      return `A list of ${them} with a condition on them and a filter on ${through.map((f) => label(f.dimension)).join(', ')} of related rows is ambiguous: the filter could be the condition's or the list's.`;
  }
  // conditions on the members: the entity condition's own display metric goes; its HAVING becomes a condition
  const conditions: EntityCondition[] = [...(query.entity_conditions ?? [])];
  if (query.metric_filters.some((f) => !query.metrics.includes(f.metric)))
    return `A condition on a figure the question does not compute cannot restrict the ${them}.`;
  for (const f of query.metric_filters) conditions.push({ entity: E, metric: f.metric, op: f.op, value: f.value });
  for (const x of p.existence) conditions.push({ entity: E, metric: x.metric, op: 'gt', value: 0 });
  let timeRange = query.time_range;
  if (timeRange) {
    if (p.dating) {
      if (conditions.some((c) => c.time_range))
        return `The period "${timeRange.label ?? ''}" could date the ${them} or their condition: ask one at a time.`;
      timeRange = { ...timeRange, dimension: p.dating.dimension };
    } else {
      const own = conditions.filter((c) => c.entity === E);
      // "papers after 2000": the members' one date, when no rows about them have dates of their own
      const onlyDate = own.length ? undefined : onlyDateOf(model, E);
      // "cars from 2021": the members' year kept as a number
      const year = own.length || timeRange.days ? undefined : yearColumn(model, E, lex);
      const yearVerb = year ? verbNamingColumn(p.items, model, year) : undefined;
      const byYear =
        year && (!onlyDate || isStamp(model, onlyDate) || yearVerb)
          ? yearFilters(
              timeRange,
              p.items.filter((it) => it.kind === 'time'),
              year,
            )
          : undefined;
      if (byYear) {
        query.filters.push(...byYear);
        consume(...(yearVerb ?? []));
        timeRange = undefined;
      } else if (onlyDate) timeRange = { ...timeRange, dimension: onlyDate };
      else if (!own.length)
        return `The period "${timeRange.label ?? ''}" says no date of the ${them}: name the date it applies to (e.g. when they joined).`;
      if (!onlyDate && timeRange) {
        for (const c of own) {
          if (!lex.metrics.get(c.metric)?.timeBound)
            return `The period "${timeRange.label ?? ''}" cannot apply to ${lex.metrics.get(c.metric)?.label.toLowerCase() ?? c.metric}: it is not dated.`;
          c.time_range = { ...timeRange };
        }
        timeRange = undefined;
      }
    }
  }
  // an undated condition must not carry a period the compiler would ignore
  for (const c of conditions)
    if (c.time_range && !lex.metrics.get(c.metric)?.timeBound)
      return `The period cannot apply to ${lex.metrics.get(c.metric)?.label.toLowerCase() ?? c.metric}: it is not dated.`;

  // "parts in GERMANY's suppliers' rows": a filter through related rows needs the one kind of row that
  // relates them; two as near (the lines sold and the supply offers) are two readings
  const targets = [
    E,
    ...query.filters.map((f) => lex.dimensions.get(f.dimension)?.entity),
    ...conditions.map((c) => c.entity),
    ...(timeRange?.dimension ? [model.time_dimensions.find((t) => t.name === timeRange!.dimension)?.entity] : []),
  ].filter((x): x is string => !!x);
  if (targets.some((t) => t !== E && !graph.path(E, t))) {
    const costs = model.entities
      .map((e) => ({ e: e.name, paths: graph.pathsFrom(e.name) }))
      .filter((x) => targets.every((t) => x.paths.has(t)))
      .map((x) => ({ e: x.e, cost: targets.reduce((n, t) => n + x.paths.get(t)!.length, 0) }));
    const best = Math.min(...costs.map((c) => c.cost));
    const through = costs.filter((c) => c.cost === best).map((c) => c.e);
    if (through.length > 1)
      return `The ${them} relate to what the question names through ${through.join(' and through ')}: which rows link them is not said.`;
  }
  const groupBy: GroupBy[] = dims.map((d) => (grains.has(d) ? { dimension: d, grain: grains.get(d) } : { dimension: d }));
  // (the column a row condition holds is shown beside the members, as the single-table reading does)
  for (const c of p.rowConditions) if (!groupBy.some((g) => g.dimension === c.metric)) groupBy.push({ dimension: c.metric });
  // "ordered by name" where the name is two columns (first and last) says neither
  const unordered = p.orderBy.find((o) => !byItem.has(o.column.item));
  if (unordered)
    return `"${unordered.column.item.text}" of ${them} is more than one column: name the one to order by (e.g. the last name).`;
  // "from shortest to longest" of a text orders by its length too
  const byLength = (o: Parts['orderBy'][number]) => {
    const d = lex.dimensions.get(byItem.get(o.column.item)!);
    return (!!o.length || directionSaysLength(p.items)) && d?.type === 'string';
  };
  const long = p.orderBy.find((o) => o.length && !byLength(o));
  if (long) return `"${long.column.item.text}" of ${them} is no text: its length cannot order them.`;
  const order: SemanticQuery['order'] = p.orderBy.map((o) => ({
    by: byItem.get(o.column.item)!,
    direction: p.a.sortDir ?? 'asc',
    ...(byLength(o) ? { expr: 'length' as const } : {}),
  }));
  // "in alphabetical order" with nothing else to order by: the members' own name, A to Z (or Z to A)
  const alphabetical = p.items.find((it) => it.kind === 'kw' && ALPHABETICAL.test(it.lower));
  if (alphabetical && !order.length && !p.orderMetric) {
    const naming = dimensionOfEntity(lex, E);
    if (!naming || !groupBy.some((g) => g.dimension === naming))
      return `"${alphabetical.text}" needs one name of the ${them} to order by: name the column.`;
    order.push({ by: naming, direction: alphabetical.kw === 'desc_word' ? 'desc' : 'asc' });
  }
  if (p.orderMetric) {
    // one row per member, never per shared name: the key joins the columns
    const key = keyDimension(model, E);
    if (!key)
      return `The ${them} cannot be ordered by ${label(p.orderMetric.name)} one by one: the data model has no dimension holding their key.`;
    if (!groupBy.some((g) => g.dimension === key)) groupBy.unshift({ dimension: key });
    order.push({ by: p.orderMetric.name, direction: p.a.sortDir ?? 'asc' });
    consume(p.orderMetric.item, p.orderMetric.kw);
    p.orderMetric.item.used = true;
  }
  for (const c of p.rowConditions) {
    query.filters.push({ dimension: c.metric, op: c.cmp.op, values: [c.cmp.value] });
    consume(c.item, ...c.cmp.words);
    c.item.used = true;
  }
  consume(
    ...(p.limit?.items ?? []),
    ...p.columns.flatMap((c) => [c.item, ...(c.also ?? [])]),
    ...p.mentions,
    ...p.existence.flatMap((x) => x.items),
    ...p.extra,
    ...p.groupKws,
    ...p.orderBy.flatMap((o) => [o.kw, ...(o.length ?? [])]),
  );
  for (const it of [...p.columns.map((c) => c.item), ...p.mentions]) it.used = true;
  if (order.length) consume(...p.items.filter((it) => it.kind === 'kw' && (it.kw === 'asc_word' || it.kw === 'desc_word')));
  notes.push(
    `Listing ${them}: ${dims.map(label).join(', ')}${conditions.length ? ` (${conditions.length} condition${conditions.length > 1 ? 's' : ''} on them)` : ''}`,
  );
  const { time_range: _t, ...rest } = query;
  void _t;
  // "the organization Kempinski is in": members reached from rows that may have none (the rows
  // filtered do not reach the members' table to-one from it) are rows with a key, never the empty
  // one the join gives
  const key = keyDimension(model, E);
  const reachedFrom = targets.some((t) => t !== E && !graph.path(E, t));
  const filters =
    key && reachedFrom && groupBy.some((g) => g.dimension === key)
      ? [...query.filters, { dimension: key, op: 'is_set' as const, values: [] }]
      : query.filters;
  return {
    ...rest,
    filters,
    ...(timeRange ? { time_range: timeRange } : {}),
    metrics: p.orderMetric ? [p.orderMetric.name] : [],
    metric_filters: [],
    group_by: groupBy,
    order,
    ...(p.limit ? { limit: p.limit.n } : {}),
    ...(conditions.length ? { entity_conditions: conditions } : {}),
  };
}
