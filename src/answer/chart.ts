/**
 * The chart: a type chosen from the result's shape, axis metadata and a complete Vega-Lite v5
 * spec with the rows inlined, so any client can draw it.
 */
import type { Format, SemanticModel } from '../semantic/model.js';
import type { AnswerChart, AxisMeta, ChartMetadata, ChartType, CompiledColumn } from './types.js';
import type { Shape } from './shape.js';
import { columnFormat, columnLabel } from './shape.js';
import { d3Format, timeAxisFormat, unitSymbol, vegaAxisFormat } from './format.js';

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

/** Beyond this many categories a bar chart is unreadable: a table instead. */
export const MAX_BAR_CATEGORIES = 50;
/** Beyond this many series (colours) a grouped bar or multi-line chart becomes a table. */
export const MAX_SERIES = 20;

function distinct(rows: Record<string, unknown>[], field: string): number {
  return new Set(rows.map((r) => JSON.stringify(r[field] ?? null))).size;
}

/**
 * kpi: one row, no dimensions, one value; line: a time series; bar: one categorical dimension
 * (up to 50 categories); multi_line: time x category; grouped_bar: two categorical dimensions;
 * table: anything else (several metrics without dimensions, too many categories, 3+ dimensions,
 * no metric, no rows).
 */
export function chooseChartType(shape: Shape, rows: Record<string, unknown>[]): ChartType {
  if (!shape.primary || rows.length === 0) return 'table';
  switch (shape.kind) {
    case 'kpi':
      return 'kpi';
    case 'series':
      return 'line';
    case 'breakdown':
      return distinct(rows, shape.catCols[0].name) > MAX_BAR_CATEGORIES ? 'table' : 'bar';
    case 'two_dim': {
      if (shape.timeCols.length === 1) {
        const cat = shape.catCols[0];
        return distinct(rows, cat.name) > MAX_SERIES ? 'table' : 'multi_line';
      }
      if (shape.timeCols.length === 2) return 'table';
      const [x, series] = shape.catCols;
      return distinct(rows, series.name) > MAX_SERIES || distinct(rows, x.name) > MAX_BAR_CATEGORIES ? 'table' : 'grouped_bar';
    }
    default:
      return 'table';
  }
}

/** A field reference for Vega-Lite: dots and brackets would otherwise mean nested access. */
export function vlField(name: string): string {
  return name.replace(/([.[\]\\])/g, '\\$1');
}

const TIME_UNITS: Record<string, string> = {
  year: 'utcyear',
  quarter: 'utcyearquarter',
  month: 'utcyearmonth',
  week: 'utcyearmonthdate',
  day: 'utcyearmonthdate',
};

const TICKS: Record<string, unknown> = {
  year: { interval: 'year', step: 1 },
  quarter: { interval: 'month', step: 3 },
  month: { interval: 'month', step: 1 },
};

/** Time values Vega can parse as dates (ISO strings); years as numbers or `YYYY-Qn` stay ordinal. */
function isTemporal(rows: Record<string, unknown>[], field: string): boolean {
  const values = rows.map((r) => r[field]).filter((v) => v !== null && v !== undefined);
  return (
    values.length > 0 && values.every((v) => typeof v === 'string' && /^\d{4}-\d{2}(-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)?$/.test(v))
  );
}

interface Ctx {
  model: SemanticModel;
  rows: Record<string, unknown>[];
  shape: Shape;
  symbols: Record<string, string>;
  title: string;
}

function dimEncoding(ctx: Ctx, col: CompiledColumn): { enc: Record<string, unknown>; meta: AxisMeta } {
  const title = columnLabel(ctx.model, col);
  if (col.kind === 'time') {
    if (isTemporal(ctx.rows, col.name)) {
      const fmt = timeAxisFormat(col.grain);
      const axis: Record<string, unknown> = { format: fmt };
      // one tick per bucket while they fit, so a quarter axis does not repeat its labels
      const tick = col.grain ? TICKS[col.grain] : undefined;
      if (tick && distinct(ctx.rows, col.name) <= 24) axis.tickCount = tick;
      const enc: Record<string, unknown> = { field: vlField(col.name), type: 'temporal', title, axis };
      if (col.grain) enc.timeUnit = TIME_UNITS[col.grain];
      return { enc, meta: { field: col.name, title, type: 'temporal', vega_format: fmt } };
    }
    return {
      enc: { field: vlField(col.name), type: 'ordinal', title, sort: 'ascending' },
      meta: { field: col.name, title, type: 'ordinal' },
    };
  }
  return { enc: { field: vlField(col.name), type: 'nominal', title }, meta: { field: col.name, title, type: 'nominal' } };
}

function valueEncoding(ctx: Ctx, col: CompiledColumn): { enc: Record<string, unknown>; meta: AxisMeta } {
  const format = columnFormat(ctx.model, col) ?? ({ kind: 'number' } as Format);
  const unit = unitSymbol(format);
  const label = columnLabel(ctx.model, col);
  const title = unit && unit !== '%' && unit !== '$' ? `${label} (${unit})` : label;
  const axis = vegaAxisFormat(format);
  return {
    enc: { field: vlField(col.name), type: 'quantitative', title, axis },
    meta: { field: col.name, title, type: 'quantitative', unit, format, vega_format: axis.format },
  };
}

function tooltip(ctx: Ctx): Record<string, unknown>[] {
  return ctx.shape.columns
    .filter((c) => ctx.rows.length === 0 || c.name in ctx.rows[0])
    .map((c) => {
      if (c.kind === 'metric' || c.kind === 'share') {
        return {
          field: vlField(c.name),
          type: 'quantitative',
          title: columnLabel(ctx.model, c),
          format: d3Format(columnFormat(ctx.model, c)),
        };
      }
      const { enc } = dimEncoding(ctx, c);
      const t: Record<string, unknown> = { field: enc.field, type: enc.type, title: enc.title };
      if (enc.timeUnit) t.timeUnit = enc.timeUnit;
      if (enc.type === 'temporal') t.format = (enc.axis as { format: string }).format;
      return t;
    });
}

function base(ctx: Ctx, description: string): Record<string, unknown> {
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: ctx.title,
    description,
    width: 'container',
    height: 300,
    data: { values: ctx.rows },
  };
}

function kpiChart(ctx: Ctx): ChartMetadata {
  const col = ctx.shape.primary!;
  const { meta } = valueEncoding(ctx, col);
  const spec = {
    ...base(ctx, `${meta.title}: a single value`),
    height: 120,
    mark: { type: 'text', fontSize: 44, fontWeight: 'bold', align: 'center', baseline: 'middle' },
    encoding: {
      text: { field: vlField(col.name), type: 'quantitative', format: d3Format(meta.format), title: meta.title },
      tooltip: tooltip(ctx),
    },
  };
  return { title: ctx.title, value: meta, units: ctx.symbols, vega_lite: spec };
}

function barChart(ctx: Ctx): ChartMetadata {
  const cat = ctx.shape.dims[0];
  const val = ctx.shape.primary!;
  const x = dimEncoding(ctx, cat);
  const y = valueEncoding(ctx, val);
  const labels = ctx.rows.map((r) => String(r[cat.name] ?? ''));
  const horizontal = cat.kind === 'dimension' && (labels.length > 12 || Math.max(0, ...labels.map((l) => l.length)) > 12);
  const channel = horizontal ? 'y' : 'x';
  const valueChannel = horizontal ? 'x' : 'y';
  // rankings (and breakdowns ordered by the metric) keep their order on the axis; others keep the rows' order
  const sort = ctx.shape.sortedByMetric ? (ctx.shape.direction === 'desc' ? `-${valueChannel}` : valueChannel) : null;
  const catEnc: Record<string, unknown> = { ...x.enc };
  if (cat.kind === 'dimension') catEnc.sort = sort;
  if (!horizontal && cat.kind === 'dimension') catEnc.axis = { labelAngle: labels.length > 6 ? -40 : 0 };
  const spec = {
    ...base(ctx, `${y.meta.title} by ${x.meta.title.toLowerCase()}`),
    mark: { type: 'bar', tooltip: true },
    encoding: { [channel]: catEnc, [valueChannel]: y.enc, tooltip: tooltip(ctx) },
  };
  return { title: ctx.title, x_axis: x.meta, y_axis: y.meta, units: ctx.symbols, vega_lite: spec };
}

function lineChart(ctx: Ctx): ChartMetadata {
  const time = ctx.shape.timeCols[0];
  const val = ctx.shape.primary!;
  const x = dimEncoding(ctx, time);
  const y = valueEncoding(ctx, val);
  const spec = {
    ...base(ctx, `${y.meta.title} over time`),
    mark: { type: 'line', point: ctx.rows.length <= 60, tooltip: true },
    encoding: { x: x.enc, y: y.enc, tooltip: tooltip(ctx) },
  };
  return { title: ctx.title, x_axis: x.meta, y_axis: y.meta, units: ctx.symbols, vega_lite: spec };
}

function multiLineChart(ctx: Ctx): ChartMetadata {
  const time = ctx.shape.timeCols[0];
  const cat = ctx.shape.catCols[0];
  const x = dimEncoding(ctx, time);
  const y = valueEncoding(ctx, ctx.shape.primary!);
  const color = dimEncoding(ctx, cat);
  const spec = {
    ...base(ctx, `${y.meta.title} over time by ${color.meta.title.toLowerCase()}`),
    mark: { type: 'line', point: ctx.rows.length <= 120, tooltip: true },
    encoding: { x: x.enc, y: y.enc, color: color.enc, tooltip: tooltip(ctx) },
  };
  return seriesMetadata(ctx, x, y, color, spec);
}

function groupedBarChart(ctx: Ctx): ChartMetadata {
  const [xCol, seriesCol] = ctx.shape.catCols;
  const x = dimEncoding(ctx, xCol);
  const y = valueEncoding(ctx, ctx.shape.primary!);
  const color = dimEncoding(ctx, seriesCol);
  const spec = {
    ...base(ctx, `${y.meta.title} by ${x.meta.title.toLowerCase()} and ${color.meta.title.toLowerCase()}`),
    mark: { type: 'bar', tooltip: true },
    encoding: {
      x: { ...x.enc, sort: null, axis: { labelAngle: distinct(ctx.rows, xCol.name) > 6 ? -40 : 0 } },
      xOffset: { field: vlField(seriesCol.name), type: 'nominal', sort: null },
      y: y.enc,
      color: color.enc,
      tooltip: tooltip(ctx),
    },
  };
  return seriesMetadata(ctx, x, y, color, spec);
}

type Encoding = ReturnType<typeof dimEncoding>;

/** The metadata of a chart with one colour per series (multi-line, grouped bars): its axes, series and spec. */
function seriesMetadata(ctx: Ctx, x: Encoding, y: Encoding, color: Encoding, spec: Record<string, unknown>): ChartMetadata {
  return {
    title: ctx.title,
    x_axis: x.meta,
    y_axis: y.meta,
    series: { field: color.meta.field, title: color.meta.title },
    units: ctx.symbols,
    vega_lite: spec,
  };
}

function tableChart(ctx: Ctx): ChartMetadata {
  const cols = ctx.shape.columns.length > 0 ? ctx.shape.columns.map((c) => c.name) : Object.keys(ctx.rows[0] ?? {});
  const titles = ctx.shape.columns.map((c) => ({ field: c.name, title: columnLabel(ctx.model, c), type: c.kind }));
  const spec = {
    ...base(ctx, 'Result table'),
    height: { step: 22 },
    transform: [{ window: [{ op: 'row_number', as: 'quarry_row' }] }, { fold: cols.map(vlField), as: ['quarry_column', 'quarry_value'] }],
    mark: { type: 'text', align: 'left', limit: 240 },
    encoding: {
      y: { field: 'quarry_row', type: 'ordinal', axis: null },
      x: { field: 'quarry_column', type: 'nominal', sort: cols, axis: { orient: 'top', title: null, labelAngle: 0 } },
      text: { field: 'quarry_value', type: 'nominal' },
    },
  };
  return { title: ctx.title, columns: titles, units: ctx.symbols, vega_lite: spec };
}

export function buildChart(
  model: SemanticModel,
  shape: Shape,
  rows: Record<string, unknown>[],
  title: string,
  symbols: Record<string, string>,
): AnswerChart {
  const chartType = chooseChartType(shape, rows);
  const ctx: Ctx = { model, rows, shape, symbols, title };
  const metadata =
    chartType === 'kpi'
      ? kpiChart(ctx)
      : chartType === 'line'
        ? lineChart(ctx)
        : chartType === 'bar'
          ? barChart(ctx)
          : chartType === 'multi_line'
            ? multiLineChart(ctx)
            : chartType === 'grouped_bar'
              ? groupedBarChart(ctx)
              : tableChart(ctx);
  return { chart_type: chartType, chart_metadata: metadata, chart_data: rows };
}
