/**
 * Columns that keep a count on each row (`nights`, `num_pages`, `likes_count`), by the draft's one definition
 * (`countedBy`) read from the column's SQL name: "how many nights", "nonstop".
 */
import type { SemanticModel } from '../semantic/model.js';
import { countedBy } from '../semantic/draft/vocabulary.js';
import { nameWords } from './units.js';

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
