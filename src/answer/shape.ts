/**
 * The shape of a result: which columns are dimensions, time buckets, metrics and shares, which
 * metric leads, whether it is a ranking. Text, title and chart choice all read it.
 */
import type { Format, SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import type { CompiledColumn } from './types.js';
import { parseDateish } from './format.js';
import { dimensionLabel, findMetric, findTimeDimension, humanize, metricFormat, metricLabel } from './labels.js';

export type ShapeKind = 'empty' | 'kpi' | 'multi_kpi' | 'series' | 'breakdown' | 'two_dim' | 'multi_dim';

export interface Shape {
  columns: CompiledColumn[];
  dims: CompiledColumn[];
  timeCols: CompiledColumn[];
  catCols: CompiledColumn[];
  metricCols: CompiledColumn[];
  shareCols: CompiledColumn[];
  /** The metric column that the text leads with and the chart plots. */
  primary?: CompiledColumn;
  /** Ordered by a metric (primary) in the query. */
  sortedByMetric: boolean;
  direction: 'asc' | 'desc';
  /** Ordered by a metric with a limit: a top-N / bottom-N. */
  ranking: boolean;
  kind: ShapeKind;
  rowCount: number;
}

const SHARE_FORMAT: Format = { kind: 'percent', decimals: 1 };

/** Columns from the compiler, or guessed from the first row when none were given (raw SQL). */
export function effectiveColumns(columns: CompiledColumn[], rows: Record<string, unknown>[], model: SemanticModel): CompiledColumn[] {
  if (columns.length > 0) return columns;
  const first = rows[0] ?? {};
  return Object.keys(first).map((name): CompiledColumn => {
    const sample = rows.map((r) => r[name]).find((v) => v !== null && v !== undefined);
    if (findMetric(model, name)) return { name, kind: 'metric', ref: name };
    if (findTimeDimension(model, name)) return { name, kind: 'time', ref: name };
    if (typeof sample === 'number' || typeof sample === 'bigint') return { name, kind: 'metric', ref: name };
    if (typeof sample === 'string' && /^\d{4}-\d{2}-\d{2}/.test(sample) && parseDateish(sample)) return { name, kind: 'time', ref: name };
    return { name, kind: 'dimension', ref: name };
  });
}

export function analyzeShape(query: SemanticQuery, columns: CompiledColumn[], rows: Record<string, unknown>[]): Shape {
  const dims = columns.filter((c) => c.kind === 'dimension' || c.kind === 'time');
  const timeCols = columns.filter((c) => c.kind === 'time');
  const catCols = columns.filter((c) => c.kind === 'dimension');
  const metricCols = columns.filter((c) => c.kind === 'metric');
  const shareCols = columns.filter((c) => c.kind === 'share');
  const firstOrder = query.order[0];
  const orderedMetric = firstOrder ? metricCols.find((c) => c.ref === firstOrder.by || c.name === firstOrder.by) : undefined;
  const primary = orderedMetric ?? metricCols[0] ?? shareCols[0];
  const sortedByMetric = orderedMetric !== undefined;
  const direction = firstOrder?.direction ?? 'desc';
  const ranking = sortedByMetric && query.limit !== undefined && catCols.length >= 1 && timeCols.length === 0;
  let kind: ShapeKind;
  if (rows.length === 0) kind = 'empty';
  else if (dims.length === 0) kind = metricCols.length + shareCols.length <= 1 && rows.length === 1 ? 'kpi' : 'multi_kpi';
  else if (dims.length === 1) kind = timeCols.length === 1 ? 'series' : 'breakdown';
  else if (dims.length === 2) kind = 'two_dim';
  else kind = 'multi_dim';
  return {
    columns,
    dims,
    timeCols,
    catCols,
    metricCols,
    shareCols,
    primary,
    sortedByMetric,
    direction,
    ranking,
    kind,
    rowCount: rows.length,
  };
}

/** Format of a value column (a share is a fraction). */
export function columnFormat(model: SemanticModel, col: CompiledColumn): Format | undefined {
  if (col.kind === 'metric') return findMetric(model, col.ref) ? metricFormat(model, col.ref) : (col.format ?? { kind: 'number' });
  if (col.kind === 'share') return col.format ?? SHARE_FORMAT;
  return undefined;
}

/** Readable column title: `Revenue`, `Share of revenue`, `Region`, `Order date (month)`. */
export function columnLabel(model: SemanticModel, col: CompiledColumn): string {
  switch (col.kind) {
    case 'metric':
      return findMetric(model, col.ref) ? metricLabel(model, col.ref) : (col.label ?? humanize(col.ref));
    case 'share':
      return `Share of ${metricLabel(model, col.ref).toLowerCase()}`;
    case 'time': {
      const label = dimensionLabel(model, col.ref);
      return col.grain ? `${label} (${col.grain})` : label;
    }
    default:
      return dimensionLabel(model, col.ref) || humanize(col.name);
  }
}
