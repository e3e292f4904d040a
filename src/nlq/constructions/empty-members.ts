/**
 * Members with no rows: "which customer has the fewest orders", "the 3 shops with the lowest number
 * of sales in 2023", "bottom 5 authors by papers". An ascending ranking by a count ranks the members
 * of a thing, and a member with no rows has the fewest (0): read over the rows alone it would be
 * missing, and the answer would name one with 1 while another has none. So the query lists every
 * member (`include_empty_members`): the breakdown is by the members of one thing (its key, its
 * naming dimension, its names: `memberDimension`, `nameCandidates`) other than the thing whose rows
 * are counted, the ranking is ascending with a limit, and the metric ranked is a count (of rows or of
 * distinct members). Filters on the rows counted (a period of the orders, their priority) decide only
 * what counts; filters on the members themselves decide which members there are (the compiler).
 *
 * Not read here: "number of orders for each customer" (a breakdown with no ranking) lists the members
 * with rows, as the plain reading of a breakdown does (what a count per member usually reports);
 * a descending ranking never reaches a member with none; a ranking by a total, an average, a lowest
 * or highest (a member with no rows has none of it, not 0); a breakdown by a column of the counted
 * rows themselves ("which rating has the fewest reviews": the values the rows have) or by an attribute
 * of another thing ("which city has the fewest reviews"), which are values, not members of a table.
 *
 * No words are consumed: the superlative is the ranking's. Applied again to a follow-up's merged
 * query (`withEmptyMembers`), so a follow-up that changes the breakdown or the order re-decides it.
 *
 * Said outright, any breakdown by members lists them all: "number of loans for each reader, including
 * readers with no loans", "..., including those with none", "even those without loans", "including
 * zeros" (`takeEmptyMembersCue`: taken out before the analysis, so "with no loans" is never read as a
 * condition keeping only those; a cue ends its clause). It holds only when the query breaks a count
 * down by the members of one thing other than the thing counted, and the words name them (the
 * members, and the thing counted or its count); otherwise the question is refused, naming the words.
 */
import type { SemanticModel } from '../../semantic/model.js';
import type { SemanticQuery } from '../../semantic/query.js';
import type { Lexicon } from '../lexicon.js';
import { dimensionOfEntity, keyDimension, nameCandidates } from '../members.js';
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

const COUNTS = new Set(['count', 'count_distinct']);

/**
 * The entity whose members the breakdown lists, when every group is a member column of it, or its own column
 * beside its key or naming column (one row per member: "the country of the artist with the fewest artworks").
 */
function memberEntity(model: SemanticModel, lex: Lexicon, q: SemanticQuery): string | undefined {
  if (!q.group_by.length || q.group_by.some((g) => g.grain || !lex.dimensions.has(g.dimension))) return undefined;
  const owners = new Set(q.group_by.map((g) => lex.dimensions.get(g.dimension)!.entity));
  if (owners.size !== 1) return undefined;
  const E = [...owners][0]!;
  const memberCols = new Set(
    [keyDimension(model, E), dimensionOfEntity(lex, E), ...nameCandidates(model, lex, E)].filter((x): x is string => !!x),
  );
  const members = new Set([keyDimension(model, E), dimensionOfEntity(lex, E)].filter((x): x is string => !!x));
  const eachMember = q.group_by.some((g) => members.has(g.dimension));
  return q.group_by.every((g) => memberCols.has(g.dimension)) || eachMember ? E : undefined;
}

/** The query listing members with no rows when it ranks a thing's members by a count, lowest first; otherwise without. */
export function withEmptyMembers(model: SemanticModel, lex: Lexicon, query: SemanticQuery, notes?: string[]): SemanticQuery {
  const { include_empty_members: was, ...q } = query;
  const first = q.order[0];
  if (!first || first.direction !== 'asc' || q.limit === undefined || q.comparison || !q.metrics.includes(first.by)) return q;
  const measure = model.measures.find((m) => m.name === first.by);
  if (!measure || !COUNTS.has(measure.agg)) return q;
  const E = memberEntity(model, lex, q);
  if (!E || E === measure.entity) return q;
  if (notes && !was)
    notes.push(`Members with no ${(lex.metrics.get(measure.name)?.label ?? measure.name).toLowerCase()} are included (counted 0)`);
  return { ...q, include_empty_members: true };
}

export const emptyMembers: Construction = {
  name: 'members with no rows',
  recognise({ lex, ctx }) {
    return {
      construction: 'members with no rows',
      apply: (query, notes) => withEmptyMembers(ctx.model, lex, query, notes),
    };
  },
};

/** "including those with no loans": the words, the members named (or a pronoun) and the thing counted named (or "none"). */
export interface EmptyMembersCue {
  items: Item[];
  member?: Item;
  counted?: Item;
}

const LEADS = new Set(['including', 'include', 'includes', 'inclusive', 'even']);
const PRONOUNS = new Set(['those', 'ones', 'them']);
const HAVING = new Set(['with', 'that', 'who', 'which', 'have', 'has', 'having', 'had']);
const ZERO = /^(zeros?|zeroes|0)$/;

/** Finds a cue that members with no rows be listed, and takes its words out of the items (edited in place). */
export function takeEmptyMembersCue(items: Item[]): EmptyMembersCue | undefined {
  const at = (k: number) => items[k]?.lower;
  // a cue ends its clause: the question or a punctuation mark (a comma too) after it
  const ends = (k: number) => k >= items.length || items[k]!.kind === 'punct';
  for (let k = 0; k < items.length; k++) {
    if (!LEADS.has(at(k) ?? '') || items[k]!.kind === 'lex') continue;
    let p = k + 1;
    // "including zeros", "including zero counts"
    if (at(k) !== 'even' && ZERO.test(at(p) ?? '')) {
      const end = at(p + 1) === 'counts' ? p + 2 : p + 1;
      if (ends(end)) return { items: items.splice(k, end - k) };
      continue;
    }
    if (at(p) === 'the') p++;
    let member: Item | undefined;
    if (PRONOUNS.has(at(p) ?? '')) p++;
    else if (items[p]?.kind === 'lex') member = items[p++];
    else continue;
    const have = p;
    while (HAVING.has(at(p) ?? '')) p++;
    let counted: Item | undefined;
    if (at(p) === 'without') {
      if (at(p + 1) === 'any') p++;
      counted = items[p + 1]?.kind === 'lex' ? items[p + 1] : undefined;
      if (!counted) continue;
      p += 2;
    } else if (p > have && at(p) === 'none') p++;
    else if (p > have && (at(p) === 'no' || ZERO.test(at(p) ?? '')) && items[p + 1]?.kind === 'lex') {
      counted = items[p + 1];
      p += 2;
    } else continue;
    if (!ends(p)) continue;
    return { items: items.splice(k, p - k), ...(member ? { member } : {}), ...(counted ? { counted } : {}) };
  }
  return undefined;
}

/**
 * The query listing its members with no rows, as the cue asked; a string when the cue does not fit
 * it (no breakdown by one thing's members, no count of another thing, words naming something else).
 */
export function applyEmptyMembersCue(
  model: SemanticModel,
  lex: Lexicon,
  q: SemanticQuery,
  cue: EmptyMembersCue,
  notes: string[],
): SemanticQuery | string {
  const words = cue.items
    .filter((it) => it.kind !== 'punct')
    .map((it) => it.text)
    .join(' ');
  const E = memberEntity(model, lex, q);
  const counts = q.metrics.map((m) => model.measures.find((x) => x.name === m)).filter((m) => !!m && COUNTS.has(m.agg) && m.entity !== E);
  if (!E || !counts.length)
    return `I could not tell which members "${words}" would add: it needs a count broken down by the members of one thing.`;
  const names = (it: Item, entity: string) =>
    entriesOf(it, 'entity').some((e) => e.target === entity) ||
    entriesOf(it, 'dimension').some((e) => lex.dimensions.get(e.target)?.entity === entity);
  if (cue.member && !names(cue.member, E)) return `"${words}" does not name the ${E} members the answer lists.`;
  if (
    cue.counted &&
    !counts.some((m) => names(cue.counted!, m!.entity) || entriesOf(cue.counted!, 'metric').some((e) => e.target === m!.name))
  )
    return `"${words}" does not name what the answer counts.`;
  consume(...cue.items);
  notes.push(`Members with no ${(lex.metrics.get(counts[0]!.name)?.label ?? counts[0]!.name).toLowerCase()} are included (counted 0)`);
  return { ...q, include_empty_members: true };
}
