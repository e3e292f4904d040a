/**
 * Chart types that fit an answer's shape, and the Vega-Lite spec of each: the server's spec with
 * its mark changed (bar, line, area), so axes, formats and titles stay the model's.
 */
import type { ChartMetadata, InquiryStatusResponse } from './api.js';
import type { ChartView } from '../../src/schemas/inquiry.js';

export type { ChartView };

export const VIEW_NAMES: Record<ChartView, string> = { bar: 'Bar', line: 'Line', area: 'Area', table: 'Table', number: 'Number' };

type Meta = Partial<ChartMetadata>;

export const metaOf = (inquiry: InquiryStatusResponse) => (inquiry.chart?.chart_metadata ?? {}) as Meta;

/** The views that fit: a single value as a number; a time or ordered axis as line, area or bar; categories as bars; always a table. */
export function fittingViews(inquiry: InquiryStatusResponse): ChartView[] {
  const rows = inquiry.data?.data ?? [];
  const meta = metaOf(inquiry);
  if (rows.length === 0) return [];
  if (rows.length === 1 && !meta.x_axis) return ['number', 'table'];
  if (!meta.x_axis || !meta.vega_lite) return ['table'];
  const ordered = meta.x_axis.type === 'temporal' || meta.x_axis.type === 'ordinal';
  return ordered ? ['line', 'area', 'bar', 'table'] : ['bar', 'table'];
}

/** The view the server chose (its chart_type), as one of ours. */
export function defaultView(inquiry: InquiryStatusResponse): ChartView {
  const t = inquiry.chart?.chart_type ?? '';
  const fit = fittingViews(inquiry);
  // a single value (with or without its comparison columns) is a big number
  if (fit[0] === 'number') return 'number';
  const mapped: ChartView = t === 'kpi' ? 'number' : t.includes('line') ? 'line' : t.includes('bar') ? 'bar' : 'table';
  return fit.includes(mapped) ? mapped : (fit[0] ?? 'table');
}

/** The spec for a bar, line or area view. */
export function specFor(spec: Record<string, unknown>, view: ChartView): Record<string, unknown> {
  const mark = (typeof spec.mark === 'string' ? { type: spec.mark } : { ...(spec.mark as object) }) as Record<string, unknown>;
  const current = mark.type;
  if (current === view) return spec;
  const marks: Record<string, Record<string, unknown>> = {
    bar: { type: 'bar', tooltip: true },
    line: { type: 'line', point: true, tooltip: true },
    area: { type: 'area', line: true, opacity: 0.35, tooltip: true },
  };
  return { ...spec, mark: marks[view] ?? mark };
}

/** Bars grouped by two categories can swap them: the axis categories become the colours and back. */
export function canSwapAxes(inquiry: InquiryStatusResponse): boolean {
  const meta = metaOf(inquiry);
  const enc = (meta.vega_lite?.encoding ?? {}) as Record<string, { field?: string; type?: string } | undefined>;
  return !!meta.series && meta.x_axis?.type === 'nominal' && !!enc.color?.field && !!enc.xOffset;
}

export function swapAxes(spec: Record<string, unknown>): Record<string, unknown> {
  const enc = spec.encoding as Record<string, Record<string, unknown>>;
  const { x, color } = enc;
  const keep = (e: Record<string, unknown>) => ({ field: e.field, type: e.type, title: e.title });
  return {
    ...spec,
    encoding: {
      ...enc,
      x: { ...x, ...keep(color), sort: null },
      xOffset: { field: x.field, type: 'nominal', sort: null },
      color: { ...color, ...keep(x) },
    },
  };
}
