/**
 * The columns that show the members of a breakdown by a thing with no naming dimension: "the top 5
 * salespersons by number of sales" is broken down by the salesperson's key (`memberDimension`), and
 * the salesperson's names (first and last name) are shown beside it, so that a member is
 * recognisable. One value per member: the rows and the figures stay those of the key.
 *
 * Attributes the question names ("return their names and phone numbers") are not read here: on
 * the unfamiliar-database bench such a reading turned refusals into wrong answers (a name word was
 * all that kept a misread question refused). A list of columns after the question is read by
 * `return-list.ts`, taken out before analysis and only when every column maps onto the answer.
 */
import type { GroupBy } from '../../semantic/query.js';
import { dimensionOfEntity, keyDimension, nameCandidates } from '../members.js';
import type { Construction } from './types.js';

export const memberColumns: Construction = {
  name: 'member columns',
  recognise({ a, lex, ctx }) {
    const model = ctx.model;
    if (a.groups.length === 0) return null;
    return {
      construction: 'member columns',
      apply(query, notes) {
        // a listing shows the columns it was asked for
        if (query.metrics.length === 0) return query;
        // each name right after its member's key
        const group_by: GroupBy[] = [];
        const added: string[] = [];
        for (const g of query.group_by) {
          group_by.push(g);
          const E = g.grain ? undefined : lex.dimensions.get(g.dimension)?.entity;
          if (!E || dimensionOfEntity(lex, E) || keyDimension(model, E) !== g.dimension) continue;
          for (const n of nameCandidates(model, lex, E)) {
            if (query.group_by.some((x) => x.dimension === n) || added.includes(n)) continue;
            added.push(n);
            group_by.push({ dimension: n });
          }
        }
        if (added.length === 0) return query;
        notes.push(`Shown beside each member: ${added.map((n) => lex.dimensions.get(n)?.label ?? n).join(', ')}`);
        return { ...query, group_by };
      },
    };
  },
};
