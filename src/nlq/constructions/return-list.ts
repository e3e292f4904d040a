/**
 * An explicit list of the columns wanted, after the question itself: "What are the top 5 sellers by
 * revenue? Return their ID, first name, last name and total revenue", "... ; give me the country and
 * the count", "... with their phone numbers". The list says what the answer shows, never what it
 * computes: it is taken out of the question before analysis (so no listed word can change what is
 * ranked, filtered or grouped), and once the question's own query is built, each item must map
 * exactly to a column that query then holds:
 * - a dimension it groups by (a time bucket named by its grain: "the month");
 * - an attribute of a member it groups by its key (a person's phone, first name; "ID(s)" = the key,
 *   "name" = the one obvious name or a person's first and last names), added beside it: one value per
 *   member, so the rows and figures stay the same. A member grouped by its naming dimension may have
 *   its key added ("their ID"), or an attribute beside the name;
 * - a metric it computes, or one added alongside ("number of X" = the count of X, "total X" a sum or a
 *   count, "the count" = the query's one count), never ranking or filtering.
 * Every item or none: one item that maps to nothing exactly (an unknown word, "sales amount" where the
 * model only counts sales, a figure the query does not compute and cannot add) and the question is
 * refused, naming the list's words. A list the grammar does not read (a word that is no column, a
 * clause after it) stays in the question, read by the general rules as before.
 * The answer's columns follow the list's order: its dimensions first, then the others; its metrics
 * first, then the others (the ranking's own figure is kept when not listed).
 */
import { AMOUNT_AFTER_THINGS, readAmountsOf } from '../amounts.js';
import type { SemanticModel } from '../../semantic/model.js';
import type { GroupBy, SemanticQuery } from '../../semantic/query.js';
import type { Lexicon } from '../lexicon.js';
import { dimensionOfEntity, entityNamedBy, keyDimension, nameCandidates, namePart, personName, samePart } from '../members.js';
import { entriesOf, type Item } from '../spans.js';
import type { Token } from '../text.js';
import { DISTINCT_WORDS } from './distinct-count.js';

export interface ReturnList {
  /** Every word taken out: the lead ("Return", "give me", "with their"), the items and their separators. */
  items: Item[];
  /** The columns asked for, one run of items each ("first and last name" is one). */
  columns: Item[][];
  /** Before the question ("Return the X and Y of the top 5 ..."): read only beside figures, never a listing's columns. */
  leading?: boolean;
}

/** Verbs that ask for columns at the start of a clause after the question. */
const LEAD_VERBS = new Set(['return', 'give', 'show', 'list', 'include', 'display', 'provide', 'output', 'report']);
/**
 * A question word and its plural copula before a list: "what are the names and ids of the top 5 ...". ("what is the
 * name of the peak with the lowest height" asks of one member: the superlative lookup's.)
 */
const QUESTION_LEADS = new Set(['what', 'which']);
const COPULAS = new Set(['are', 'were']);
/** Words between the lead verb and the list ("give me", "also return"). */
const LEAD_FILLERS = new Set(['me', 'us', 'also', 'please', 'then', 'and', 'just', 'only']);
/** "with their", "along with their": the list follows. */
const WITH_LEADS = [
  ['with', 'their'],
  ['along', 'with', 'their'],
  ['together', 'with', 'their'],
  ['including', 'their'],
];
/** Sentence marks: a list runs to the next one. */
const SENTENCE_END = new Set(['.', '?', '!', ';']);
/** Words that carry nothing inside an item. */
const DETERMINERS = new Set(['the', 'their', 'its', 'his', 'her', "'s", '’s', 'each', 'respective', 'corresponding']);
const ID_WORDS = new Set(['id', 'ids', "id's", 'identifier', 'identifiers']);
const NAME_WORDS = new Set(['name', 'names']);
/** The parts of a person's name a list may name ("first and last name"). */
const NAME_PARTS = ['first', 'last', 'given', 'family', 'middle'];
/** A word that, after a column named by the first word, only completes its common English name ("phone number"). */
const COMPOUND_TAILS: Record<string, string[]> = {
  phone: ['number', 'numbers', 'no'],
  mobile: ['number', 'numbers'],
  telephone: ['number', 'numbers'],
  zip: ['code', 'codes'],
  postal: ['code', 'codes'],
  email: ['address', 'addresses'],
  'e-mail': ['address', 'addresses'],
};
/** "the email column", "their id field": a word that says only that the item is a column. */
export const COLUMN_NOUNS = new Set(['column', 'columns', 'field', 'fields']);
/** Where the columns go, said after them: "in your final answer", "in the output", "in the results". */
const ANSWER_NOUNS = new Set(['answer', 'answers', 'output', 'result', 'results', 'response']);

/** The number of items of "in (your|the) (final) answer" at `k` (0 when there is none). */
function answerTail(items: Item[], k: number): number {
  const word = (p: number, ws: string[] | Set<string>) =>
    items[p]?.kind === 'word' && (Array.isArray(ws) ? ws.includes(items[p]!.lower) : ws.has(items[p]!.lower));
  if (!word(k, ['in'])) return 0;
  let p = k + 1;
  if (word(p, ['your', 'the', 'my', 'our'])) p++;
  if (word(p, ['final'])) p++;
  return word(p, ANSWER_NOUNS) ? p + 1 - k : 0;
}

/** Where a clause after the list starts (it stays in the question): "..., for the top 3 types", "ordered by ...". */
const TRAILING_STARTS = new Set(['for', 'ordered', 'sorted', 'ranked', 'starting', 'order', 'sort', 'rank', 'in', 'from']);

const isSeparator = (it: Item) => (it.kind === 'punct' ? it.lower === ',' : it.kind === 'word' && (it.lower === 'and' || it.lower === '&'));

/** An item that may stand inside a column's name. */
function columnWord(it: Item): boolean {
  if (it.kind === 'lex')
    return (it.entries ?? []).some(
      (e) => e.kind === 'metric' || e.kind === 'dimension' || e.kind === 'entity' || e.kind === 'time_dimension',
    );
  if (it.kind === 'grain') return true;
  if (it.kind === 'kw') return it.kw === 'count';
  if (it.kind === 'word')
    return (
      DETERMINERS.has(it.lower) ||
      COLUMN_NOUNS.has(it.lower) ||
      ID_WORDS.has(it.lower) ||
      NAME_WORDS.has(it.lower) ||
      NAME_PARTS.includes(it.lower) ||
      it.lower === 'total' ||
      it.lower === 'average' ||
      DISTINCT_WORDS.has(it.lower) ||
      AMOUNT_AFTER_THINGS.test(it.lower) ||
      Object.values(COMPOUND_TAILS).some((t) => t.includes(it.lower))
    );
  return false;
}

/**
 * Finds the list of columns after the question ("? Return the X, Y and Z", "; give me ...", "with
 * their ...") and takes it out of the items (edited in place). Undefined (nothing taken) when there is
 * none, or the grammar does not read it whole.
 */
export function takeReturnList(items: Item[], tokens: Token[], text: string): ReturnList | undefined {
  // a full stop is no token: it is read off the text between two items
  const stopBefore = (k: number) => {
    const a = items[k - 1];
    const b = items[k];
    const from = a ? tokens[a.j - 1]?.end : undefined;
    const to = b ? tokens[b.i]?.start : text.length;
    return from !== undefined && to !== undefined && /\.\s/.test(`${text.slice(from, to)} `);
  };
  // "Return the ID and phone number of the top 5 sellers by revenue": the list first, the question after it
  {
    let k = 0;
    while (k < items.length && items[k]!.kind === 'word' && ['please', 'kindly', 'now'].includes(items[k]!.lower)) k++;
    const it = items[k];
    // ("what are the names of the top 3 ...": the question word and its copula lead the list as a verb does)
    const asked = !!it && QUESTION_LEADS.has(it.lower) && COPULAS.has(items[k + 1]?.lower ?? '');
    if (it && (LEAD_VERBS.has(it.lower) || asked) && (it.kind === 'word' || it.kind === 'kw')) {
      let start = asked ? k + 2 : k + 1;
      while (start < items.length && items[start]!.kind === 'word' && LEAD_FILLERS.has(items[start]!.lower)) start++;
      let end = start;
      while (end < items.length && (columnWord(items[end]!) || isSeparator(items[end]!)) && !stopBefore(end)) end++;
      const stop = items[end];
      // (only before "of"/"for" and the question: a list alone is the question, a listing)
      if (
        stop &&
        stop.kind === 'word' &&
        ['of', 'for'].includes(stop.lower) &&
        !stopBefore(end) &&
        end > start &&
        items.slice(end + 1).some((o) => o.kind === 'lex')
      ) {
        const cols = columnsOf(items.slice(start, end));
        if (cols.length) {
          const taken = items.splice(k, end - k);
          return { items: taken, columns: joinNameParts(cols), leading: true };
        }
      }
    }
  }
  for (let k = 1; k < items.length; k++) {
    let lead = -1;
    let start = -1;
    const it = items[k]!;
    const before = items[k - 1]!;
    if (
      (before.kind === 'punct' && (SENTENCE_END.has(before.lower) || before.lower === ',')) ||
      stopBefore(k) ||
      (before.kind === 'word' && LEAD_FILLERS.has(before.lower) && (items[k - 2]?.kind === 'punct' || stopBefore(k - 1)))
    ) {
      if (LEAD_VERBS.has(it.lower) && (it.kind === 'word' || it.kind === 'kw')) {
        lead = before.kind === 'word' && !stopBefore(k) ? k - 1 : k;
        start = k + 1;
        while (start < items.length && items[start]!.kind === 'word' && LEAD_FILLERS.has(items[start]!.lower)) start++;
        // a comma leads a list only after a whole clause ("..., return their names"), never inside one
        if (before.lower === ',' && !items.slice(0, k - 1).some((o) => o.kind !== 'punct')) continue;
      }
    }
    if (lead < 0) {
      const w = WITH_LEADS.find((ws) => ws.every((x, p) => items[k + p]?.kind === 'word' && items[k + p]!.lower === x));
      // ("authors with their number of books": things said alone before it are each one, the general rules' breakdown)
      const before = items.slice(0, k).filter((o) => !(o.kind === 'kw' && o.kw === 'list') && o.lower !== 'the');
      const thingsAlone = before.length === 1 && !!before[0]!.plural && entriesOf(before[0]!, 'entity').length > 0;
      if (w && items.slice(0, k).some((o) => o.kind === 'lex') && !thingsAlone) {
        lead = k;
        start = k + w.length - 1; // "their" begins the first column
      }
    }
    if (lead < 0) continue;
    // the columns: to the end of the sentence, or to a clause after them
    let end = start;
    let ended = false;
    while (end < items.length && !(items[end]!.kind === 'punct' && SENTENCE_END.has(items[end]!.lower))) {
      const o = items[end]!;
      if (!columnWord(o) && !isSeparator(o)) break;
      end++;
      if (stopBefore(end)) {
        ended = true;
        break;
      }
    }
    // what ends the columns: the sentence, or a clause that stays in the question
    const stop = items[end];
    const clause = !ended && stop && !(stop.kind === 'punct' && SENTENCE_END.has(stop.lower));
    // "... in your final answer": where the columns go, taken with them when it ends the sentence
    const tail = clause ? answerTail(items, end) : 0;
    const afterTail = items[end + tail];
    const tailEnds =
      tail > 0 && (!afterTail || (afterTail.kind === 'punct' && SENTENCE_END.has(afterTail.lower)) || stopBefore(end + tail));
    if (
      clause &&
      !tailEnds &&
      !(TRAILING_STARTS.has(stop.lower) || (stop.kind === 'kw' && ['sort', 'asc_word', 'desc_word'].includes(stop.kw!)))
    )
      return undefined;
    // (a comma before the clause belongs to neither)
    let last = end;
    while (last > start && isSeparator(items[last - 1]!)) last--;
    const cols = columnsOf(items.slice(start, last));
    if (!cols.length) return undefined;
    const taken = items.splice(lead, (tailEnds ? end + tail : last) - lead);
    return { items: taken, columns: joinNameParts(cols) };
  }
  return undefined;
}

/** The columns of a list's words, split at commas and "and" (a column of determiners alone is none). */
function columnsOf(body: Item[]): Item[][] {
  const columns: Item[][] = [[]];
  for (const o of body) {
    if (o.kind === 'word' && COLUMN_NOUNS.has(o.lower)) continue;
    if (isSeparator(o)) {
      if (columns[columns.length - 1]!.length) columns.push([]);
    } else columns[columns.length - 1]!.push(o);
  }
  return columns.filter((c) => c.some((o) => !DETERMINERS.has(o.lower)));
}

/** "first and last name": a lone name part before a column that ends in "name" is that name's other part. */
function joinNameParts(cols: Item[][]): Item[][] {
  const out: Item[][] = [];
  for (let c = 0; c < cols.length; c++) {
    const col = cols[c]!;
    const words = col.filter((o) => !DETERMINERS.has(o.lower));
    const next = cols[c + 1];
    if (
      words.length === 1 &&
      NAME_PARTS.includes(words[0]!.lower) &&
      next &&
      NAME_WORDS.has(next[next.length - 1]!.lower.split(' ').pop()!)
    ) {
      out.push([...col, ...next]);
      c++;
    } else out.push(col);
  }
  return out;
}

/** What one listed column is in the answer. */
type Column = { kind: 'group'; group: GroupBy } | { kind: 'metric'; metric: string };

/**
 * Maps every listed column onto the query (adding attributes of grouped members and metrics
 * alongside) and orders the answer's columns as listed; or names the columns that map to nothing.
 */
export function applyReturnList(
  query: SemanticQuery,
  list: ReturnList,
  lex: Lexicon,
  model: SemanticModel,
): { query: SemanticQuery; note: string } | { unmapped: Item[][] } {
  let q: SemanticQuery = { ...query, group_by: [...query.group_by], metrics: [...query.metrics] };
  const listed: Column[] = [];
  const unmapped: Item[][] = [];
  for (const col of list.columns) {
    const r = mapColumn(q, col, lex, model);
    if (!r) {
      unmapped.push(col);
      continue;
    }
    q = r.query;
    listed.push(...r.columns);
  }
  if (unmapped.length) return { unmapped };
  const sameGroup = (a: GroupBy, b: GroupBy) => a.dimension === b.dimension && a.grain === b.grain;
  const groups: GroupBy[] = [];
  for (const c of listed) if (c.kind === 'group' && !groups.some((g) => sameGroup(g, c.group))) groups.push(c.group);
  const metrics: string[] = [];
  for (const c of listed) if (c.kind === 'metric' && !metrics.includes(c.metric)) metrics.push(c.metric);
  q = {
    ...q,
    group_by: [...groups, ...q.group_by.filter((g) => !groups.some((x) => sameGroup(x, g)))],
    metrics: [...metrics, ...q.metrics.filter((m) => !metrics.includes(m))],
  };
  const labelOf = (c: Column) =>
    c.kind === 'metric'
      ? (lex.metrics.get(c.metric)?.label ?? c.metric)
      : c.group.grain
        ? `${c.group.grain} of ${lex.timeDimensions.get(c.group.dimension)?.label ?? c.group.dimension}`
        : (lex.dimensions.get(c.group.dimension)?.label ?? c.group.dimension);
  const labels = [...new Set(listed.map(labelOf))];
  return { query: q, note: `Columns as asked: ${labels.join(', ')}` };
}

/** The entity whose members a grouped dimension stands for: by its key, or by its naming dimension. */
function groupedMembers(q: SemanticQuery, lex: Lexicon, model: SemanticModel): { entity: string; by: 'key' | 'name'; dimension: string }[] {
  const out: { entity: string; by: 'key' | 'name'; dimension: string }[] = [];
  for (const g of q.group_by) {
    if (g.grain) continue;
    const E = lex.dimensions.get(g.dimension)?.entity;
    if (!E || out.some((x) => x.entity === E)) continue;
    if (keyDimension(model, E) === g.dimension) out.push({ entity: E, by: 'key', dimension: g.dimension });
    else if (dimensionOfEntity(lex, E) === g.dimension) out.push({ entity: E, by: 'name', dimension: g.dimension });
  }
  // a member grouped by its key is that entity's, even when its name is grouped too
  return out.filter((m) => m.by === 'key' || !out.some((o) => o.entity === m.entity && o.by === 'key'));
}

const grouped = (q: SemanticQuery, dim: string) => q.group_by.some((g) => !g.grain && g.dimension === dim);

/**
 * One column of the list: a dimension of the answer (grouped, or an attribute added beside its member),
 * or a metric (computed, or added alongside). Undefined when it maps to nothing exactly.
 */
function mapColumn(
  q: SemanticQuery,
  col: Item[],
  lex: Lexicon,
  model: SemanticModel,
): { query: SemanticQuery; columns: Column[] } | undefined {
  const words = col.filter((o) => !DETERMINERS.has(o.lower));
  if (!words.length) return undefined;
  const members = groupedMembers(q, lex, model);
  const lower = words.map((w) => w.lower);
  const group = (dimension: string): Column => ({ kind: 'group', group: { dimension } });

  // an attribute of a grouped member: already grouped, or added beside it (one value per member)
  const attribute = (dims: string[]): { query: SemanticQuery; columns: Column[] } | undefined => {
    const inQuery = dims.filter(
      (d) => grouped(q, d) || q.group_by.some((g) => !g.grain && lex.dimensions.get(g.dimension)?.roleOf?.base === d && dims.length === 1),
    );
    if (inQuery.length === 1) {
      const d = q.group_by.find(
        (g) => !g.grain && (g.dimension === inQuery[0] || lex.dimensions.get(g.dimension)?.roleOf?.base === inQuery[0]),
      )!.dimension;
      return { query: q, columns: [group(d)] };
    }
    if (inQuery.length > 1) return undefined;
    const ofMembers = dims.filter((d) => members.some((m) => m.entity === lex.dimensions.get(d)?.entity));
    if (ofMembers.length !== 1) return undefined;
    const d = ofMembers[0]!;
    const m = members.find((x) => x.entity === lex.dimensions.get(d)?.entity)!;
    const key = keyDimension(model, m.entity);
    const at = q.group_by.findIndex((g) => !g.grain && g.dimension === m.dimension);
    // a member grouped by its name: its key goes before the name (the members are then each one)
    const pos = m.by === 'name' && d === key ? at : at + 1;
    return { query: { ...q, group_by: [...q.group_by.slice(0, pos), { dimension: d }, ...q.group_by.slice(pos)] }, columns: [group(d)] };
  };

  // the one member of the answer, or the one a word names ("the customer's id", "drug name")
  const memberOf = (named: Item | undefined) => {
    if (named) {
      const E =
        entityNamedBy(lex, named) ??
        entriesOf(named, 'dimension')
          .map((e) => lex.dimensions.get(e.target))
          .find((d) => d && dimensionOfEntity(lex, d.entity) === d.name)?.entity;
      return members.find((m) => m.entity === E);
    }
    return members.length === 1 ? members[0] : undefined;
  };

  // "ID", "their IDs", "the customer's id"
  const lastWord = lower[lower.length - 1]!;
  if (ID_WORDS.has(lastWord) && words.length <= 2) {
    const m = memberOf(words.length === 2 ? words[0] : undefined);
    const key = m ? keyDimension(model, m.entity) : undefined;
    return key ? attribute([key]) : undefined;
  }
  // "name", "their names", "drug name", "first and last name", "last name" (words or model phrases)
  const tailWords = lastWord.split(' ');
  const ownPart = tailWords.length === 2 && NAME_PARTS.includes(tailWords[0]!) ? tailWords[0] : undefined;
  if (NAME_WORDS.has(tailWords[tailWords.length - 1]!) && (tailWords.length === 1 || ownPart)) {
    const before = words.slice(0, -1);
    const parts = [...before.filter((w) => NAME_PARTS.includes(w.lower)).map((w) => w.lower), ...(ownPart ? [ownPart] : [])];
    const thing = before.filter((w) => !NAME_PARTS.includes(w.lower));
    const m = thing.length <= 1 ? memberOf(thing[0]) : undefined;
    const names = m ? nameCandidates(model, lex, m.entity) : [];
    let cols: string[] | undefined;
    if (parts.length)
      cols = parts.map((p) => names.find((n) => samePart(namePart(model, lex, n) ?? '', p))).filter((n): n is string => !!n);
    else
      cols =
        personName(model, lex, names) ??
        (names.length === 1 ? names : names.filter((n) => grouped(q, n)).length === 1 ? names.filter((n) => grouped(q, n)) : undefined);
    if (m && cols?.length && (!parts.length || cols.length === parts.length)) {
      let out: { query: SemanticQuery; columns: Column[] } | undefined = { query: q, columns: [] };
      for (const n of cols) {
        const r = attributeOn(out.query, n);
        if (!r) {
          out = undefined;
          break;
        }
        out = { query: r.query, columns: [...out.columns, ...r.columns] };
      }
      if (out) return out;
    }
  }
  // a time bucket: "the month", "year"
  if (words.length === 1 && words[0]!.kind === 'grain') {
    const g = q.group_by.filter((x) => x.grain === words[0]!.grain);
    return g.length === 1 ? { query: q, columns: [{ kind: 'group', group: g[0]! }] } : undefined;
  }
  // "the count": the query's one count
  if (words.length === 1 && words[0]!.kind === 'kw' && words[0]!.kw === 'count' && /^counts?$/.test(words[0]!.lower)) {
    const counts = q.metrics.filter((m) => ['count', 'count_distinct'].includes(lex.metrics.get(m)?.agg ?? ''));
    return counts.length === 1 ? { query: q, columns: [{ kind: 'metric', metric: counts[0]! }] } : undefined;
  }
  const phrase = words.filter((w) => w.kind === 'lex');
  const one = words.length === 1 && phrase.length === 1 ? phrase[0]! : undefined;
  // a time dimension the answer is bucketed by: "the sale date"
  if (one && entriesOf(one, 'time_dimension').length) {
    const g = q.group_by.filter((x) => !!x.grain && entriesOf(one, 'time_dimension').some((e) => e.target === x.dimension));
    if (g.length === 1) return { query: q, columns: [{ kind: 'group', group: g[0]! }] };
  }
  // a name the answer groups by, even when it also names a figure ("the rating" of a list ordered by it)
  if (one) {
    const dims = entriesOf(one, 'dimension')
      .map((e) => e.target)
      .filter((d) => grouped(q, d));
    if (dims.length === 1) return { query: q, columns: [group(dims[0]!)] };
  }
  // the members themselves: "the customer" (their naming dimension, or their key)
  if (one && entriesOf(one, 'entity').length && !entriesOf(one, 'dimension').length) {
    const m = memberOf(one);
    if (m) return { query: q, columns: [group(m.dimension)] };
  }
  // a dimension: "the ticker symbol", "phone number", "their email"
  if (
    phrase.length === 1 &&
    words[0] === phrase[0] &&
    entriesOf(phrase[0]!, 'metric').length === 0 &&
    entriesOf(phrase[0]!, 'dimension').length
  ) {
    const tail = words.slice(1).map((w) => w.lower);
    const head = phrase[0]!.lower.split(' ').pop()!;
    if (tail.length > 1 || (tail.length === 1 && !(COMPOUND_TAILS[head] ?? []).includes(tail[0]!))) return undefined;
    return attribute(entriesOf(phrase[0]!, 'dimension').map((e) => e.target));
  }
  // a metric: "number of transactions", "total sales count", "average drug amount"
  return metricColumn(q, words, lex, model);

  function attributeOn(query: SemanticQuery, ...dims: string[]) {
    const saved = q;
    q = query;
    try {
      return attribute(dims);
    } finally {
      q = saved;
    }
  }
}

/**
 * A listed figure: [total | average] [number of] <a metric's phrase>, nothing else. "number of X" is the
 * count of X; "total" only sums or counts, "average" only averages; a metric the query does not compute is added alongside (never
 * ranked or filtered); a phrase of several metrics takes the one the query computes.
 */
function metricColumn(
  q: SemanticQuery,
  listed: Item[],
  lex: Lexicon,
  model: SemanticModel,
): { query: SemanticQuery; columns: Column[] } | undefined {
  // "total sales amount", "payments value": the things' one amount figure, read as in the question
  readAmountsOf(listed, lex);
  const words = listed.filter((w) => !(w.kind === 'word' && w.used));
  let k = 0;
  const total = words[k]?.kind === 'word' && words[k]!.lower === 'total' ? words[k++] : undefined;
  const average = !total && words[k]?.kind === 'word' && words[k]!.lower === 'average' ? words[k++] : undefined;
  // ("average number of shares": the average of a quantity the model sums, said with "number of")
  const quantity = average && words[k]?.kind === 'kw' && words[k]!.kw === 'count' ? words[k++] : undefined;
  const count = !average && words[k]?.kind === 'kw' && words[k]!.kw === 'count' ? words[k++] : undefined;
  // ("number of distinct customers": the query's distinct count of them)
  const distinct = count && words[k]?.kind === 'word' && DISTINCT_WORDS.has(words[k]!.lower) ? words[k++] : undefined;
  const phrase = words[k];
  if (!phrase || phrase.kind !== 'lex' || k !== words.length - 1) return undefined;
  if (distinct) {
    const E = entityNamedBy(lex, phrase);
    return E && (q.distinct_counts ?? []).some((d) => d.entity === E && !d.dimension) ? { query: q, columns: [] } : undefined;
  }
  const infos = entriesOf(phrase, 'metric')
    .map((e) => lex.metrics.get(e.target))
    .filter((m) => !!m);
  let candidates: string[];
  if (quantity) {
    // the average over the same rows and column as a sum of a quantity (never of a count: "average number of orders")
    if (entriesOf(phrase, 'entity').length) return undefined;
    const sums = infos.filter((m) => m!.agg === 'sum').map((m) => model.measures.find((x) => x.name === m!.name)!);
    candidates = model.measures
      .filter((x) => x.agg === 'avg' && !x.filter && sums.some((s) => !s.filter && s.entity === x.entity && s.sql === x.sql))
      .map((x) => x.name);
  } else if (count) {
    // the count of the thing named ("number of transactions")
    candidates = infos.filter((m) => m!.agg === 'count').map((m) => m!.name);
    if (!candidates.length) {
      const E = entityNamedBy(lex, phrase);
      candidates = E ? [...lex.metrics.values()].filter((m) => m.entity === E && m.agg === 'count').map((m) => m.name) : [];
    }
  } else {
    // a plural thing with no count word is its members, not how many there are
    if (entriesOf(phrase, 'entity').length) return undefined;
    candidates = infos.map((m) => m!.name);
  }
  if (total) candidates = candidates.filter((m) => ['sum', 'count'].includes(lex.metrics.get(m)?.agg ?? ''));
  // "average X": only a metric that averages
  if (average) candidates = candidates.filter((m) => lex.metrics.get(m)?.agg === 'avg');
  const computed = candidates.filter((m) => q.metrics.includes(m));
  const metric = computed.length === 1 ? computed[0] : computed.length === 0 && candidates.length === 1 ? candidates[0] : undefined;
  if (!metric) return undefined;
  // a listing has no figures: one is never added to it
  const figures = [q.distinct_counts, q.ratios, q.subset_metrics, q.per_entity_averages].some((x) => !!x?.length);
  if (!q.metrics.includes(metric) && q.metrics.length === 0 && !figures) return undefined;
  return { query: q.metrics.includes(metric) ? q : { ...q, metrics: [...q.metrics, metric] }, columns: [{ kind: 'metric', metric }] };
}
