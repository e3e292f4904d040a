/**
 * "transactions by customers who joined in 2023", "sales by salespersons hired before 2020": the period
 * is said of a date of the members the rows belong to (a verb naming it, after the members), which cannot
 * date the rows themselves. Each row reaches one member (a to-one path), so the period becomes conditions
 * on that member's date: the rows of the members whose date falls in it, never the rows dated then.
 */
import { joinGraph } from '../semantic/graph.js';
import type { SemanticModel } from '../semantic/model.js';
import type { DimensionFilter, TimeRange } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';

/** The filters on `date` that hold the period, when every metric's rows reach its thing to-one; undefined otherwise. */
export function relatedDateFilters(
  lex: Lexicon,
  model: SemanticModel,
  metrics: string[],
  date: string,
  period: TimeRange,
): DimensionFilter[] | undefined {
  const owner = lex.timeDimensions.get(date)?.entity;
  if (!owner || !metrics.length || period.days) return undefined;
  const graph = joinGraph(model);
  const reach = metrics.every((m) => {
    const rows = lex.metrics.get(m)?.entity;
    return !!rows && rows !== owner && !!graph.path(rows, owner);
  });
  if (!reach) return undefined;
  return [
    { dimension: date, op: 'gte', values: [period.start] },
    { dimension: date, op: 'lt', values: [period.end] },
  ];
}
