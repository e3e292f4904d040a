/**
 * A structured query in words, for the inquiry's `user_input` when the client sends no question of
 * its own: "Revenue by region, 1997 (region EUROPE)". Plain text, from the model's labels.
 */
import { andList, dimensionLabel, filterPhrase, lowerFirst, metricLabel } from '../answer/labels.js';
import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';

export function describeQuery(model: SemanticModel, q: SemanticQuery): string {
  const columns = [
    ...q.metrics.map((m) => metricLabel(model, m)),
    ...[
      ...(q.ratios ?? []),
      ...(q.subset_metrics ?? []),
      ...(q.distinct_counts ?? []),
      ...(q.per_entity_averages ?? []),
      ...(q.period_counts ?? []),
      ...(q.durations ?? []),
      ...(q.column_aggregates ?? []),
    ].map((c) => c.label ?? c.name.replace(/_/g, ' ')),
  ];
  let text = andList(columns.map((c, i) => (i === 0 ? c : lowerFirst(c)))) || 'Rows';
  if (q.group_by.length)
    text += ` by ${andList(q.group_by.map((g) => lowerFirst(dimensionLabel(model, g.dimension)) + (g.grain ? ` (${g.grain})` : '')))}`;
  if (q.order[0] && q.limit !== undefined) text = `Top ${q.limit} ${q.order[0].direction === 'asc' ? 'lowest ' : ''}${lowerFirst(text)}`;
  if (q.time_range) text += `, ${q.time_range.label ?? `${q.time_range.start} to ${q.time_range.end} (exclusive)`}`;
  if (q.comparison) text += ` vs ${q.comparison.previous.label ?? q.comparison.previous.start}`;
  const conditions = q.filters.map((f) => filterPhrase(model, f));
  if (conditions.length) text += ` (${andList(conditions)})`;
  return text;
}
