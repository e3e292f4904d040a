/** Numbers, dates and CSV for people. */
import type { AnswerExplanation, ChartMetadata } from './api.js';

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const integerFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = { format: (n: number) => (Number.isInteger(n) ? integerFormat : decimalFormat).format(n) };

export function formatCell(value: unknown, symbol?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    const n = numberFormat.format(value);
    if (!symbol) return n;
    return symbol.length === 1 ? `${value < 0 ? '-' : ''}${symbol}${numberFormat.format(Math.abs(value))}` : `${n} ${symbol}`;
  }
  return String(value);
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  return [columns.map(csvField).join(','), ...rows.map((r) => columns.map((c) => csvField(r[c])).join(','))].join('\r\n') + '\r\n';
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const fileSafe = (s: string) =>
  s
    .replace(/[^\w.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80) || 'result';

export function elapsed(fromIso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - new Date(fromIso).getTime()) / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A time bucket as people write it: 1997 (never "1,997"), Mar 1997, Q1 1997, 3 Mar 1997. */
export function formatBucket(value: unknown, grain: string): string {
  if (value === null || value === undefined) return '';
  if (grain === 'year') return String(typeof value === 'string' ? value.slice(0, 4) : value);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  if (!m) return String(value);
  const [, y, mo, d] = m;
  const month = MONTHS[Number(mo) - 1];
  if (grain === 'month') return `${month} ${y}`;
  if (grain === 'quarter') return `Q${Math.floor((Number(mo) - 1) / 3) + 1} ${y}`;
  if (grain === 'week') return `Week of ${Number(d)} ${month} ${y}`;
  return `${Number(d)} ${month} ${y}`;
}

/** How an answer's columns are shown: the model's labels, time grains, units, percentages. */
export interface ColumnStyle {
  labels: Record<string, string>;
  grains: Record<string, string>;
  symbols: Record<string, string>;
  percent: Set<string>;
}

export function columnStyle(inquiry: {
  answer_explanation?: unknown;
  chart?: { chart_metadata?: unknown };
  data?: { symbols?: Record<string, string>; semantic_types?: Record<string, unknown> };
}): ColumnStyle {
  const e = (inquiry.answer_explanation ?? {}) as AnswerExplanation;
  const meta = (inquiry.chart?.chart_metadata ?? {}) as Partial<ChartMetadata>;
  const labels: Record<string, string> = {};
  const grains: Record<string, string> = {};
  const percent = new Set<string>();
  for (const d of e.dimensions ?? []) {
    if (d.kind === 'time' && d.grain) {
      grains[`${d.name}_${d.grain}`] = d.grain;
      labels[`${d.name}_${d.grain}`] = `${d.label} (${d.grain})`;
    }
    labels[d.name] = d.label;
  }
  for (const m of e.metrics ?? []) {
    labels[m.name] = m.label;
    if (m.format?.kind === 'percent') percent.add(m.name);
    // comparison columns of a metric
    labels[`${m.name}_previous`] = `${m.label}, previous`;
    labels[`${m.name}_change`] = `${m.label}, change`;
    labels[`${m.name}_change_pct`] = `${m.label}, change %`;
    labels[`${m.name}_share`] = `${m.label}, share`;
    percent.add(`${m.name}_change_pct`);
    percent.add(`${m.name}_share`);
  }
  for (const a of [meta.x_axis, meta.y_axis, meta.series, meta.value, ...(meta.columns ?? [])])
    if (a?.field && a.title) labels[a.field] ??= a.title;
  for (const [c, t] of Object.entries(inquiry.data?.semantic_types ?? {})) if (t === 'percent') percent.add(c);
  const symbols = { ...(inquiry.data?.symbols ?? {}) };
  for (const c of percent) delete symbols[c];
  return { labels, grains, symbols, percent };
}

const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** One cell in a column's style. */
export function styledCell(column: string, value: unknown, style: ColumnStyle): string {
  if (style.grains[column]) return formatBucket(value, style.grains[column]);
  if (typeof value === 'number' && style.percent.has(column))
    return `${value > 0 && column.endsWith('_change_pct') ? '+' : ''}${percentFormat.format(value)}`;
  return formatCell(value, style.symbols[column]);
}

const compactFormat = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 2 });

/** A headline figure: large values compact ($73.36M), small ones as in the table. */
export function headlineCell(column: string, value: unknown, style: ColumnStyle): string {
  if (typeof value !== 'number' || Math.abs(value) < 10_000 || style.percent.has(column) || style.grains[column])
    return styledCell(column, value, style);
  const symbol = style.symbols[column];
  const n = compactFormat.format(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  if (!symbol) return `${sign}${n}`;
  return symbol.length === 1 ? `${sign}${symbol}${n}` : `${sign}${n} ${symbol}`;
}
