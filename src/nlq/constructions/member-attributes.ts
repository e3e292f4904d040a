/**
 * Columns of each member said beside its figures: "the city and number of loans of each member", "the
 * age, city and total fee of each member", "for each teacher, the room and the number of lessons" (a
 * list of the members' own columns and figures, then "of/for each <thing>"). The breakdown is by the
 * members (their key or naming column) already; a column of theirs holds one value per member, so it
 * is shown beside them and never changes what is counted. Only columns coordinated in that one list
 * ("," / "and" / "the" / "its" / "their" between them and the figures) are read; a column of another
 * thing, a value, a number or a period in the list leaves it to the general rules.
 */
import { consume, entriesOf, type Item } from '../spans.js';
import { dimensionOfEntity, keyDimension, memberNames, WHOLE_NAME } from '../members.js';
import { EVERY_MEMBER } from './listing.js';
import type { Construction } from './types.js';

const NAME_WORDS = new Set(['name', 'names']);
const GLUE = new Set([',', 'and', 'the', 'its', 'their', 'his', 'her', 'total', 'number', 'of', 'count', 'average']);

export const memberAttributes: Construction = {
  name: 'member attributes',
  recognise({ items, lex, ctx }) {
    // "... of each member", "... for every member"
    const each = (k: number) =>
      EVERY_MEMBER.has(items[k - 1]?.lower ?? '')
        ? 1
        : ['each', 'every'].includes(items[k - 1]?.lower ?? '') && ['of', 'for'].includes(items[k - 2]?.lower ?? '')
          ? 2
          : 0;
    const e = items.findIndex((it, k) => each(k) > 0 && entriesOf(it, 'entity').length === 1);
    if (e < 0 || e !== items.length - 1 - (items[items.length - 1]?.kind === 'punct' ? 1 : 0)) return null;
    const E = entriesOf(items[e]!, 'entity')[0]!.target;
    const list = items.slice(0, e - each(e));
    // "the name and number of trips of each driver": the members' name (a person's first and last name), the
    // word the model gives no column of theirs (another thing's "name" is still theirs here); "full name" the same
    const nameWord = (it: Item) =>
      NAME_WORDS.has(it.lower) && !entriesOf(it, 'dimension').some((d) => lex.dimensions.get(d.target)?.entity === E);
    // the list starts after an opener ("show", "what are", "give me")
    const start = list.findIndex((it) => it.kind === 'lex' || nameWord(it));
    if (start < 0) return null;
    const columns: { item: Item; dimension: string }[] = [];
    const nameItems: Item[] = [];
    let figures = 0;
    for (const [k, it] of list.entries()) {
      if (k < start) continue;
      if (nameWord(it)) {
        const whole = list[k - 1];
        nameItems.push(it, ...(whole && WHOLE_NAME.has(whole.lower) ? [whole] : []));
        continue;
      }
      if (WHOLE_NAME.has(it.lower) && list[k + 1] && nameWord(list[k + 1]!)) continue;
      if (it.kind === 'punct' || (it.kind !== 'lex' && GLUE.has(it.lower))) continue;
      if (it.kind === 'kw' && GLUE.has(it.lower)) continue;
      if (it.kind !== 'lex') return null;
      const dims = entriesOf(it, 'dimension');
      const metrics = entriesOf(it, 'metric');
      if (entriesOf(it, 'value').length) return null;
      if (dims.length === 1 && !metrics.length && lex.dimensions.get(dims[0]!.target)?.entity === E) {
        columns.push({ item: it, dimension: dims[0]!.target });
        continue;
      }
      if (metrics.length || entriesOf(it, 'entity').length) {
        figures++;
        continue;
      }
      return null;
    }
    if ((!columns.length && !nameItems.length) || !figures) return null;
    const model = ctx.model;
    const names = nameItems.length ? memberNames(model, lex, E) : [];
    if (nameItems.length && !names.length) return null;
    return {
      construction: 'member attributes',
      apply(query, notes) {
        const members = new Set([keyDimension(model, E), dimensionOfEntity(lex, E)].filter((d): d is string => !!d));
        const groups = query.group_by.filter((g) => !g.grain);
        if (!query.metrics.length || groups.length !== query.group_by.length || !groups.some((g) => members.has(g.dimension))) return query;
        // (every group is the member or a column of it: one row per member)
        if (groups.some((g) => lex.dimensions.get(g.dimension)?.entity !== E)) return query;
        const asked = [...columns, ...names.map((dimension) => ({ item: nameItems[0]!, dimension }))];
        if (asked.some((c) => query.filters.some((f) => f.dimension === c.dimension))) return query;
        const shown = new Set(groups.map((g) => g.dimension));
        const added = asked.filter((c, i) => !shown.has(c.dimension) && asked.findIndex((x) => x.dimension === c.dimension) === i);
        consume(...columns.map((c) => c.item), ...nameItems);
        if (!added.length) return query;
        notes.push(
          `Shown beside each ${E.replace(/_/g, ' ')}: ${added.map((c) => lex.dimensions.get(c.dimension)?.label ?? c.dimension).join(', ')}`,
        );
        return { ...query, group_by: [...query.group_by, ...added.map((c) => ({ dimension: c.dimension }))] };
      },
    };
  },
};
