/**
 * Columns that keep a count on each row (`nights`, `num_pages`, `likes_count`), by the draft's one definition
 * (`countedBy`) read from the column's SQL name: "how many nights", "nonstop".
 */
import type { SemanticModel } from '../semantic/model.js';
import { countedBy } from '../semantic/draft/vocabulary.js';
import { nameWords } from './units.js';
import type { Lexicon } from './lexicon.js';
import type { Item } from './spans.js';
import type { Analysis } from './analyse.js';
import { joinGraph } from '../semantic/graph.js';

/** What the column named by `sql` counts: a plural noun (`nights`), or a participle (`num_enrolled`). */
export function countedByColumn(sql: string): ReturnType<typeof countedBy> {
  const ws = nameWords(sql);
  return ws.length ? countedBy(ws) : undefined;
}

/** The one sum of the count column a number dimension is ("how many nights" of a `nights` kept as a category). */
export function countColumnSum(model: SemanticModel, dimension: string): string | undefined {
  const d = model.dimensions.find((x) => x.name === dimension);
  if (!d || d.type !== 'number' || d.clock || !countedByColumn(d.sql)) return undefined;
  const sums = model.measures.filter((m) => m.agg === 'sum' && m.entity === d.entity && m.sql === d.sql);
  return sums.length === 1 ? sums[0]!.name : undefined;
}

/**
 * "how many seats", "the carrier with the most seats" where seats are rows of their own and also a count kept on
 * another thing's rows (a plane's `seats`): counting the seat rows or adding up the planes' seats are two answers.
 * The refusal naming both, for a noun said with a count word, a superlative or a number before it, when the
 * owner of the count column is named or lies on the way from the rows to what is named (or nothing else is named).
 * A period decides for the rows (the count column is dated by nothing), and so does a thing named away from the owner
 * ("reviews by Ann" of a business's `review_count`).
 */
export function countedTwoWays(lex: Lexicon, model: SemanticModel, a: Analysis, items: Item[]): string | undefined {
  if (a.times.length || a.negTimes.length || a.dating) return undefined;
  const graph = joinGraph(model);
  for (const m of a.metrics) {
    const counted = lex.metrics.get(m.name);
    if (counted?.agg !== 'count' || m.item.kind !== 'lex' || !counted.entity) continue;
    const k = items.indexOf(m.item);
    const before = items
      .slice(0, k)
      .filter((o) => !(o.kind === 'word' && o.lower === 'the'))
      .pop();
    const counting = before?.kind === 'num' || (before?.kind === 'kw' && ['count', 'desc', 'asc'].includes(before.kw ?? ''));
    if (!counting) continue;
    const said = m.item.lower;
    const columns = [...model.dimensions.filter((d) => d.type === 'number'), ...model.measures.filter((x) => x.agg === 'sum')];
    const kept = [
      ...new Set(
        columns
          .filter((x) => {
            const c = x.entity !== counted.entity && x.sql ? countedByColumn(x.sql) : undefined;
            return !!c && 'noun' in c && c.noun === said;
          })
          .map((x) => `${x.entity}|${x.sql}`),
      ),
    ];
    if (kept.length !== 1) continue;
    const [owner, sql] = kept[0]!.split('|') as [string, string];
    const named = namedEntities(
      lex,
      items.filter((o) => o !== m.item),
    );
    const rows = counted.entity;
    const via = (e: string) => e === owner || !!graph.path(rows, e)?.some((h) => h.to === owner);
    if (named.size && ![...named].some(via)) continue;
    return `"${m.item.text}" may be counted two ways: the ${counted.entity} rows, or the ${nameWords(sql).join('_')} kept on each ${owner} added up. Please say which.`;
  }
  return undefined;
}

/** The things the items name: themselves, by a column of theirs, or by a value. */
function namedEntities(lex: Lexicon, items: Item[]): Set<string> {
  const out = new Set<string>();
  for (const it of items)
    for (const e of it.entries ?? []) {
      const entity =
        e.kind === 'entity' ? e.target : e.kind === 'dimension' || e.kind === 'value' ? lex.dimensions.get(e.target)?.entity : undefined;
      if (entity) out.add(entity);
    }
  return out;
}
