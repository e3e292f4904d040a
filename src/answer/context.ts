/** What every part of the answer reads: the input, its shape, filters, period and labels. */
import type { DimensionFilter, EntityCondition } from '../semantic/query.js';
import type { AnswerInput, CompiledColumn, TimeFrame } from './types.js';
import type { Shape } from './shape.js';
import { analyzeShape, columnFormat, effectiveColumns } from './shape.js';
import {
  allFilters,
  anyOfPhrases,
  datingDimensions,
  dimensionLabel,
  filterPhrase,
  findMetric,
  isMeasure,
  lowerFirst,
  metricFilterPhrase,
  metricLabel,
  valueLabel,
  andList,
  periodName,
  periodPhrase,
  periodRangeText,
  pluralize,
  resolvedFrame,
  upperFirst,
} from './labels.js';
import { unitSymbol } from './format.js';

export interface AnswerContext {
  input: AnswerInput;
  shape: Shape;
  rows: Record<string, unknown>[];
  frame?: TimeFrame;
  filters: { filter: DimensionFilter; source: 'question' | 'request' }[];
  /** The time dimensions dating the metrics. */
  dating: string[];
}

export function makeContext(input: AnswerInput): AnswerContext {
  const rows = input.rows ?? [];
  const columns = effectiveColumns(input.columns ?? [], rows, input.model);
  const frame = resolvedFrame(input.query, input.timeFrame);
  return {
    input,
    rows,
    shape: analyzeShape(input.query, columns, rows),
    frame,
    filters: allFilters(input.query, input.filtersFromRequest),
    dating: datingDimensions(input.model, input.query, frame),
  };
}

/** Whether values of a metric add up across groups (sum/count measures and +/- of them). */
export function isAdditive(ctx: AnswerContext, metric: string, depth = 0): boolean {
  const m = findMetric(ctx.input.model, metric);
  if (!m || depth > 5) return false;
  if (isMeasure(m)) return m.agg === 'sum' || m.agg === 'count';
  if (/[*/]/.test(m.expression)) return false;
  const ids = m.expression.match(/[a-z_][a-z0-9_]*/gi) ?? [];
  return ids.length > 0 && ids.every((id) => isAdditive(ctx, id, depth + 1));
}

/** `for region EUROPE and market segment BUILDING with revenue above $1.00M in 1997` (plain text, leading space). */
export function scopeText(ctx: AnswerContext, options: { period?: boolean; allData?: boolean } = {}): string {
  const { model, query } = ctx.input;
  const parts: string[] = [];
  const conditions = [...ctx.filters.map((f) => filterPhrase(model, f.filter)), ...anyOfPhrases(model, query)];
  if (conditions.length > 0) parts.push(`for ${andList(conditions)}`);
  if (query.metric_filters.length > 0 && ctx.shape.dims.length > 0) {
    parts.push(`with ${andList(query.metric_filters.map((f) => metricFilterPhrase(model, f)))}`);
  }
  // "customers with no orders", "orders with line items above 5": the members kept
  // (the rows a condition counts may be restricted too: "authors with papers in domain A")
  const condition = (c: EntityCondition): string => {
    const what = lowerFirst(metricLabel(model, c.metric));
    const cond = c.op === 'eq' && c.value === 0 ? `no ${what}` : metricFilterPhrase(model, { metric: c.metric, op: c.op, value: c.value });
    const only = [
      ...(c.filters ?? []).map((f) => `for ${filterPhrase(model, f)}`),
      ...(c.conditions ?? []).map((n) => `of ${n.entity.replace(/_/g, ' ')} members with ${condition(n)}`),
    ];
    return `${cond}${only.length ? ` (${only.join(' and ')})` : ''}`;
  };
  for (const c of query.entity_conditions ?? []) {
    parts.push(`among ${c.entity.replace(/_/g, ' ')} members with ${condition(c)}${c.time_range?.label ? ` (${c.time_range.label})` : ''}`);
  }
  // "fees in the same month as the member enrolled"
  for (const sp of query.same_periods ?? [])
    parts.push(
      `where the ${dimensionLabel(model, sp.dimension).toLowerCase()} is in the same ${sp.grain} as the ${dimensionLabel(model, sp.as).toLowerCase()}`,
    );
  if (options.period !== false) {
    if (ctx.frame) parts.push(periodPhrase(ctx.frame));
    else if (options.allData && anyTimeBound(ctx)) parts.push(`across all data${dataRangeSuffix(ctx)}`);
  }
  // "on weekends": said once, unless the question's own words already carry it
  const days = query.time_range?.days;
  const dayNames = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];
  if (Array.isArray(days)) {
    if (!/(mon|tues|wednes|thurs|fri|satur|sun)days?\b/i.test(ctx.frame?.label ?? ''))
      parts.push(`on ${days.map((n) => dayNames[n - 1]).join(', ')}`);
  } else if (days && !/week\s?(?:end|day)/i.test(ctx.frame?.label ?? ''))
    parts.push(days === 'weekend' ? 'on weekends (Saturdays and Sundays)' : 'on weekdays (Mondays to Fridays)');
  return parts.length ? ` ${parts.join(' ')}` : '';
}

function anyTimeBound(ctx: AnswerContext): boolean {
  return ctx.input.query.metrics.some((m) => findMetric(ctx.input.model, m)?.time_bound !== false);
}

function dataRangeSuffix(ctx: AnswerContext): string {
  const r = ctx.input.dataRange;
  return r ? ` (${r.start} to ${r.end})` : ctx.input.asOf ? ` (up to ${ctx.input.asOf})` : '';
}

/** The `time_frame` field: `1997-01-01 to 1997-12-31`, or `all data (1992-01-01 to 1998-08-02)`. */
export function timeFrameText(ctx: AnswerContext): string {
  if (ctx.frame) return periodRangeText(ctx.frame);
  const r = ctx.input.dataRange;
  if (r) return `all data (${r.start} to ${r.end})`;
  return ctx.input.asOf ? `all data (up to ${ctx.input.asOf})` : 'all data';
}

/** How a group-by column reads in a title: `region`, `month`, `month of ship date`. */
export function dimTitle(ctx: AnswerContext, col: CompiledColumn): string {
  const label = lowerFirst(dimensionLabel(ctx.input.model, col.ref));
  if (col.kind !== 'time') return label;
  if (!col.grain) return label;
  return ctx.dating.length <= 1 && (ctx.dating[0] === col.ref || ctx.dating.length === 0) ? col.grain : `${col.grain} of ${label}`;
}

/** Plural noun for the groups of a categorical column: `regions`, `order priorities`. */
export function groupNoun(ctx: AnswerContext, col: CompiledColumn, count: number): string {
  if (col.kind === 'time') return count === 1 ? (col.grain ?? 'period') : pluralize(col.grain ?? 'period');
  const label = lowerFirst(dimensionLabel(ctx.input.model, col.ref));
  return count === 1 ? label : pluralize(label);
}

/** The data/chart title: `Revenue by region, 1997`, `Top 5 customers by revenue, 1997`. */
export function resultTitle(ctx: AnswerContext): string {
  const { model, query } = ctx.input;
  const { shape } = ctx;
  const metricCols = shape.metricCols.length ? shape.metricCols : shape.shareCols;
  const metrics = (metricCols.length ? metricCols.map((c) => c.ref) : query.metrics).filter((v, i, a) => a.indexOf(v) === i);
  const metricText = metrics.map((m) => valueLabel(model, m, shape.columns));
  const metricPart = metricText.length ? [metricText[0], ...metricText.slice(1).map(lowerFirst)] : [];
  let title: string;
  if (shape.ranking && shape.primary) {
    const cat = shape.catCols[0];
    const n = query.limit ?? shape.rowCount;
    const word = shape.direction === 'desc' ? 'Top' : 'Bottom';
    title =
      n === 1
        ? `${upperFirst(lowerFirst(dimensionLabel(model, cat.ref)))} with the ${shape.direction === 'desc' ? 'highest' : 'lowest'} ${lowerFirst(valueLabel(model, shape.primary.ref, shape.columns))}`
        : `${word} ${n} ${groupNoun(ctx, cat, n)} by ${lowerFirst(valueLabel(model, shape.primary.ref, shape.columns))}`;
  } else {
    title = andList(metricPart) || 'Result';
    if (shape.dims.length) title += ` by ${andList(shape.dims.map((d) => dimTitle(ctx, d)))}`;
  }
  const conditions = [...ctx.filters.map((f) => filterPhrase(model, f.filter)), ...anyOfPhrases(model, ctx.input.query)];
  if (conditions.length) title += ` (${andList(conditions)})`;
  if (ctx.frame) title += `, ${periodName(ctx.frame)}`;
  return upperFirst(title);
}

/** Per column: the unit or currency symbol (columns without one are left out). */
export function symbolsOf(ctx: AnswerContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const col of ctx.shape.columns) {
    const format = columnFormat(ctx.input.model, col);
    if (!format) continue;
    const unit = unitSymbol(format);
    if (unit) out[col.name] = unit;
  }
  return out;
}

/** Per column: `dimension`, `time`, or the metric's format kind (`currency`, `percent`, ...). */
export function semanticTypesOf(ctx: AnswerContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const col of ctx.shape.columns) {
    if (col.kind === 'dimension' || col.kind === 'time') out[col.name] = col.kind;
    else out[col.name] = columnFormat(ctx.input.model, col)?.kind ?? 'number';
  }
  return out;
}
