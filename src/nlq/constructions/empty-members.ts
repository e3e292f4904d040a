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
 */
import type { SemanticModel } from '../../semantic/model.js';
import type { SemanticQuery } from '../../semantic/query.js';
import type { Lexicon } from '../lexicon.js';
import { dimensionOfEntity, keyDimension, nameCandidates } from '../members.js';
import type { Construction } from './types.js';

const COUNTS = new Set(['count', 'count_distinct']);

/** The entity whose members the breakdown lists, when every group is a member column of it. */
function memberEntity(model: SemanticModel, lex: Lexicon, q: SemanticQuery): string | undefined {
  if (!q.group_by.length || q.group_by.some((g) => g.grain || !lex.dimensions.has(g.dimension))) return undefined;
  const owners = new Set(q.group_by.map((g) => lex.dimensions.get(g.dimension)!.entity));
  if (owners.size !== 1) return undefined;
  const E = [...owners][0]!;
  const memberCols = new Set([keyDimension(model, E), dimensionOfEntity(lex, E), ...nameCandidates(model, lex, E)].filter((x): x is string => !!x));
  return q.group_by.every((g) => memberCols.has(g.dimension)) ? E : undefined;
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
  if (notes && !was) notes.push(`Members with no ${(lex.metrics.get(measure.name)?.label ?? measure.name).toLowerCase()} are included (counted 0)`);
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
