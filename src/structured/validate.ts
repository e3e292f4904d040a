/**
 * A structured query (the SemanticQuery the interpreter produces, sent by a client) checked
 * against the semantic model before it is stored: every name it uses must be the model's, each
 * refusal names the field (`semantic_query.filters[1].dimension`) and the names allowed there.
 * What names alone cannot tell (a metric that cannot be grouped by a dimension, an empty query) is
 * left to the compiler, whose refusal is returned the same way. Nothing is stored on a refusal.
 */
import { RequestValidationError } from '../inquiries/engine.js';
import { CompileError, compile, rowAttributes } from '../semantic/compiler.js';
import { dialectFor } from '../semantic/dialects/index.js';
import type { SemanticModel } from '../semantic/model.js';
import { TIME_GRAINS } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import type { Warehouse } from '../warehouse/types.js';

/** At most this many allowed names are listed in a refusal (the rest are counted). */
const LISTED = 40;

function allowedList(names: string[]): string {
  const shown = names.slice(0, LISTED).join(', ');
  return names.length > LISTED ? `${shown} and ${names.length - LISTED} more` : shown;
}

function refuse(field: string, value: unknown, kind: string, allowed: string[]): never {
  throw new RequestValidationError(
    `semantic_query.${field}: ${JSON.stringify(value)} is not ${kind} of the model; allowed: ${allowedList(allowed)}`,
  );
}

/** The model's names a structured query may use, by role. */
export interface ModelNames {
  metrics: string[];
  dimensions: string[];
  timeDimensions: string[];
}

export function modelNames(model: SemanticModel): ModelNames {
  return {
    metrics: [...model.measures.map((m) => m.name), ...model.metrics.map((m) => m.name)],
    dimensions: model.dimensions.map((d) => d.name),
    timeDimensions: model.time_dimensions.map((d) => d.name),
  };
}

/** Output columns the query defines itself (ratios, subsets …): an order may name them too. */
function ownColumns(q: SemanticQuery): string[] {
  return [
    ...(q.subset_metrics ?? []).map((s) => s.name),
    ...(q.per_entity_averages ?? []).map((s) => s.name),
    ...(q.distinct_counts ?? []).map((s) => s.name),
    ...(q.period_counts ?? []).map((s) => s.name),
    ...(q.ratios ?? []).map((s) => s.name),
    ...(q.durations ?? []).map((s) => s.name),
    ...(q.column_aggregates ?? []).map((s) => s.name),
  ];
}

/**
 * Throws RequestValidationError (→ 422 `{detail}`) when the query names what the model does not
 * have, or the compiler cannot express it for the warehouse.
 */
export function validateStructuredQuery(model: SemanticModel, warehouse: Pick<Warehouse, 'dialect'>, q: SemanticQuery): void {
  const names = modelNames(model);
  const anyDimension = [...names.dimensions, ...names.timeDimensions];
  q.metrics.forEach((m, i) => {
    if (!names.metrics.includes(m)) refuse(`metrics[${i}]`, m, 'a metric', names.metrics);
  });
  // (a comparison or a listing may also name a row attribute: a measure's value per row, see ColumnAggregateSchema)
  const rowAttrs = [...rowAttributes(model).keys()];
  q.group_by.forEach((g, i) => {
    if (!anyDimension.includes(g.dimension) && !rowAttrs.includes(g.dimension))
      refuse(`group_by[${i}].dimension`, g.dimension, 'a dimension', [...anyDimension, ...rowAttrs]);
    if (names.timeDimensions.includes(g.dimension) && !g.grain) {
      throw new RequestValidationError(
        `semantic_query.group_by[${i}].grain: required for the time dimension "${g.dimension}"; allowed: ${TIME_GRAINS.join(', ')}`,
      );
    }
  });
  const checkFilters = (filters: { dimension: string }[], at: string) =>
    filters.forEach((f, i) => {
      if (!anyDimension.includes(f.dimension) && !rowAttrs.includes(f.dimension))
        refuse(`${at}[${i}].dimension`, f.dimension, 'a dimension', [...anyDimension, ...rowAttrs]);
    });
  checkFilters(q.filters, 'filters');
  (q.any_of ?? []).forEach((g, i) => checkFilters(g.filters, `any_of[${i}].filters`));
  q.metric_filters.forEach((f, i) => {
    if (!names.metrics.includes(f.metric)) refuse(`metric_filters[${i}].metric`, f.metric, 'a metric', names.metrics);
  });
  (q.running_totals ?? []).forEach((m, i) => {
    if (!names.metrics.includes(m)) refuse(`running_totals[${i}]`, m, 'a metric', names.metrics);
  });
  q.share_of_total.forEach((m, i) => {
    if (!q.metrics.includes(m)) refuse(`share_of_total[${i}]`, m, 'a metric of this query', q.metrics);
  });
  if (q.time_range?.dimension && !names.timeDimensions.includes(q.time_range.dimension)) {
    refuse('time_range.dimension', q.time_range.dimension, 'a time dimension', names.timeDimensions);
  }
  if (q.time_range && q.time_range.start >= q.time_range.end) {
    throw new RequestValidationError(
      `semantic_query.time_range: start (${q.time_range.start}) must be before end (${q.time_range.end}, exclusive)`,
    );
  }
  if (q.comparison && !q.time_range) throw new RequestValidationError('semantic_query.comparison: needs a time_range (the current period)');
  const orderable = [...q.metrics, ...q.group_by.map((g) => g.dimension), ...ownColumns(q)];
  q.order.forEach((o, i) => {
    if (!orderable.includes(o.by)) refuse(`order[${i}].by`, o.by, 'a metric or grouping of this query (or a column it defines)', orderable);
  });
  try {
    compile(model, q, dialectFor(warehouse.dialect));
  } catch (err) {
    if (err instanceof CompileError)
      throw new RequestValidationError(`semantic_query: the model cannot express this query: ${err.message}`);
    throw err;
  }
}
