/**
 * Value formatting for answer text, symbols and charts. Raw values stay in data.data; these only
 * make display strings. Pure functions, reused outside the answer stage.
 */
import type { Format, TimeGrain } from '../semantic/model.js';

export type FormatLike = Partial<Format> | undefined;

export interface FormatOptions {
  /**
   * Compact style for large currency amounts ($1.23M, $4.56B). Default true; false prints the
   * full amount ($1,234,567.89).
   */
  compact?: boolean;
  /** Text for null/undefined/NaN. Default "n/a". */
  empty?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML (element content and attribute values). */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** A JS number from a JSON-ready warehouse value (number, bigint, numeric string), else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value.trim())) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const PREFIX_UNITS = new Set(['$', '€', '£', '¥', '₹', '₩', '₽', '₺', '₪', '₫', '฿', 'R$', 'A$', 'C$', 'US$', 'HK$', 'CHF']);

/** Whether a unit is written before the number ($5) rather than after it (5 days, 5 EUR). */
export function isPrefixUnit(unit: string): boolean {
  return PREFIX_UNITS.has(unit) || /^[^\p{L}\d\s]$/u.test(unit);
}

/** The unit or currency symbol shown with a metric's values ('' when none). */
export function unitSymbol(format: FormatLike): string {
  const kind = format?.kind ?? 'number';
  if (kind === 'currency') return format?.unit ?? '$';
  if (kind === 'percent') return '%';
  if (kind === 'duration') return format?.unit ?? 'days';
  return format?.unit ?? '';
}

/** Formatters by decimals: building an Intl.NumberFormat costs far more than formatting with one. */
const groupedFormats = new Map<string, Intl.NumberFormat>();

function grouped(n: number, minDecimals: number, maxDecimals: number): string {
  const max = Math.max(minDecimals, maxDecimals);
  const key = `${minDecimals}:${max}`;
  let format = groupedFormats.get(key);
  if (!format)
    groupedFormats.set(key, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: minDecimals, maximumFractionDigits: max })));
  return format.format(n);
}

function withUnit(text: string, unit: string, negative: boolean): string {
  if (!unit) return (negative ? '-' : '') + text;
  if (isPrefixUnit(unit)) return `${negative ? '-' : ''}${unit}${text}`;
  return `${negative ? '-' : ''}${text} ${unit}`;
}

const COMPACT_STEPS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
];

/** 1234567 -> "1.23M" (two decimals, trailing zeros kept for a steady look), or null below a million. */
export function compactNumber(abs: number, decimals = 2): string | null {
  for (const [step, suffix] of COMPACT_STEPS) {
    if (abs >= step * 0.9995) return `${grouped(abs / step, decimals, decimals)}${suffix}`;
  }
  return null;
}

/**
 * Formats one value with a metric format:
 * - currency: `$1,234.50`, or compact from a million on: `$1.23M`, `$4.56B` (unit before when a symbol)
 * - percent: a fraction, 0.0523 -> `5.23%` (decimals default 2)
 * - integer: `1,234,567`
 * - duration: `12.3 days` (decimals default 1; the unit defaults to days)
 * - number: `1,234.57` (decimals default up to 2), with its unit when given
 * Non-numeric values are returned as text.
 */
export function formatValue(value: unknown, format?: FormatLike, options: FormatOptions = {}): string {
  const empty = options.empty ?? 'n/a';
  if (value === null || value === undefined) return empty;
  const n = toNumber(value);
  if (n === null) return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const kind = format?.kind ?? 'number';
  const decimals = format?.decimals;
  const negative = n < 0;
  const abs = Math.abs(n);
  switch (kind) {
    case 'currency': {
      const unit = format?.unit ?? '$';
      const compact = options.compact !== false ? compactNumber(abs) : null;
      const d = decimals ?? 2;
      return withUnit(compact ?? grouped(abs, d, d), unit, negative);
    }
    case 'percent': {
      const d = decimals ?? 2;
      const pct = abs * 100;
      let text = grouped(pct, d, d);
      // a small non-zero share never shows as 0.00%
      if (pct !== 0 && Number(text.replace(/,/g, '')) === 0) text = String(Number(pct.toPrecision(2)));
      return `${negative ? '-' : ''}${text}%`;
    }
    case 'integer': {
      const text = grouped(Math.round(abs), 0, 0);
      return withUnit(text, format?.unit ?? '', negative && Math.round(abs) !== 0);
    }
    case 'duration': {
      const d = decimals ?? 1;
      const text = grouped(abs, d, d);
      let unit = format?.unit ?? 'days';
      if (text === '1' && unit.endsWith('s')) unit = unit.slice(0, -1);
      return withUnit(text, unit, negative);
    }
    default: {
      const text = decimals === undefined ? grouped(abs, 0, abs !== 0 && abs < 0.01 ? 4 : 2) : grouped(abs, decimals, decimals);
      return withUnit(text, format?.unit ?? '', negative && Number(text.replace(/,/g, '')) !== 0);
    }
  }
}

// ---- dates ----------------------------------------------------------------------------------

export interface DateParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** Set when the value named a quarter (YYYY-Qn). */
  quarter?: number;
  /** Only a year was given. */
  yearOnly?: boolean;
}

/**
 * Reads a time-bucket value as the warehouse or compiler may return it: `YYYY-MM-DD`, an ISO
 * timestamp, `YYYY-MM`, `YYYY-Qn`, a year number or string, or a Date.
 */
export function parseDateish(value: unknown): DateParts | null {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    return { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() };
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value <= 9999) {
    return { year: value, month: 1, day: 1, yearOnly: true };
  }
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let m = s.match(/^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/);
  if (m) return { year: +m[1], month: +m[2], day: +m[3] };
  m = s.match(/^(\d{4})-(\d{2})$/);
  if (m) return { year: +m[1], month: +m[2], day: 1 };
  const quarter = (year: number, q: number): DateParts => ({ year, month: (q - 1) * 3 + 1, day: 1, quarter: q });
  m = s.match(/^(\d{4})[ -]?Q([1-4])$/i);
  if (m) return quarter(+m[1], +m[2]);
  m = s.match(/^Q([1-4])[ -](\d{4})$/i);
  if (m) return quarter(+m[2], +m[1]);
  m = s.match(/^(\d{4})$/);
  if (m) return { year: +m[1], month: 1, day: 1, yearOnly: true };
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** YYYY-MM-DD of date parts. */
export function isoDate(p: DateParts): string {
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * A time bucket for people: year `1997`, quarter `Q1 1997`, month `Jan 1997`,
 * week `week of 1997-01-06`, day `1997-01-06`. Unreadable values come back as text.
 */
export function formatTimeBucket(value: unknown, grain?: TimeGrain): string {
  const p = parseDateish(value);
  if (!p) return value === null || value === undefined ? 'n/a' : String(value);
  switch (grain ?? (p.yearOnly ? 'year' : p.quarter ? 'quarter' : undefined)) {
    case 'year':
      return String(p.year);
    case 'quarter':
      return `Q${p.quarter ?? Math.floor((p.month - 1) / 3) + 1} ${p.year}`;
    case 'month':
      return `${MONTHS[p.month - 1]} ${p.year}`;
    case 'week':
      return `week of ${isoDate(p)}`;
    default:
      return isoDate(p);
  }
}

/** Adds days to a YYYY-MM-DD date (UTC). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return date;
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last day covered by a period with an exclusive end. */
export function inclusiveEnd(exclusiveEnd: string): string {
  return addDays(exclusiveEnd, -1);
}

/**
 * A period [start, end) by its calendar name when it is one: `1997`, `Q2 1998`, `July 1998`,
 * `1997-03-05` (one day), `May 1998 to July 1998` (whole months), else `1997-03-05 to 1997-06-30`.
 */
export function describePeriod(start: string, endExclusive: string): string {
  const s = parseDateish(start);
  const e = parseDateish(endExclusive);
  const last = inclusiveEnd(endExclusive);
  if (!s || !e) return `${start} to ${last}`;
  if (addDays(start, 1) === endExclusive) return start;
  if (s.day === 1 && e.day === 1) {
    const months = (e.year - s.year) * 12 + (e.month - s.month);
    if (s.month === 1 && months === 12) return String(s.year);
    if (s.month === 1 && months > 12 && months % 12 === 0) return `${s.year} to ${e.year - 1}`;
    if ((s.month - 1) % 3 === 0 && months === 3) return `Q${(s.month - 1) / 3 + 1} ${s.year}`;
    if (months === 1) return `${MONTHS_LONG[s.month - 1]} ${s.year}`;
    if (months > 1) {
      const l = parseDateish(last)!;
      return `${MONTHS_LONG[s.month - 1]} ${s.year} to ${MONTHS_LONG[l.month - 1]} ${l.year}`;
    }
  }
  return `${start} to ${last}`;
}

// ---- Vega-Lite formats ----------------------------------------------------------------------

/** d3-format string for full-precision values of a format (tooltips). */
export function d3Format(format: FormatLike): string {
  const kind = format?.kind ?? 'number';
  const d = format?.decimals;
  switch (kind) {
    case 'currency':
      // d3's default locale writes `$`; other currencies are named in titles instead
      return `${(format?.unit ?? '$') === '$' ? '$' : ''},.${d ?? 2}f`;
    case 'percent':
      return `.${d ?? 2}%`;
    case 'integer':
      return ',d';
    case 'duration':
      return `,.${d ?? 1}f`;
    default:
      return d === undefined ? ',.4~f' : `,.${d}f`;
  }
}

function vegaString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Axis label settings for a metric format: `format` (d3) and, for units d3 cannot write
 * (currency symbols, B for billions), a `labelExpr`.
 */
export function vegaAxisFormat(format: FormatLike): { format: string; labelExpr?: string } {
  const kind = format?.kind ?? 'number';
  switch (kind) {
    case 'currency': {
      const unit = format?.unit ?? '$';
      const body = "replace(format(abs(datum.value), ',.3~s'), 'G', 'B')";
      const sign = "(datum.value < 0 ? '-' : '')";
      const expr = isPrefixUnit(unit) ? `${sign} + ${vegaString(unit)} + ${body}` : `${sign} + ${body} + ${vegaString(' ' + unit)}`;
      return { format: ',.3~s', labelExpr: expr };
    }
    case 'percent':
      return { format: `.${Math.min(format?.decimals ?? 0, 2)}%` };
    case 'integer':
      return {
        format: ',.3~s',
        labelExpr: "abs(datum.value) < 1000 ? format(datum.value, ',d') : replace(format(datum.value, ',.3~s'), 'G', 'B')",
      };
    case 'duration':
      return { format: ',.1~f' };
    default:
      return {
        format: ',.3~s',
        labelExpr: "abs(datum.value) < 1000 ? format(datum.value, ',.2~f') : replace(format(datum.value, ',.3~s'), 'G', 'B')",
      };
  }
}

/** d3-time-format string for the axis of a time bucket. */
export function timeAxisFormat(grain?: TimeGrain): string {
  switch (grain) {
    case 'year':
      return '%Y';
    case 'quarter':
      return 'Q%q %Y';
    case 'month':
      return '%b %Y';
    default:
      return '%Y-%m-%d';
  }
}
