/**
 * The `answer` text: one or two sentences with the key numbers in <b>…</b>. Every piece of text
 * that is not our own markup (labels, dimension values, the question) is HTML-escaped.
 */
import type { CompiledColumn } from './types.js';
import type { AnswerContext } from './context.js';
import { dimTitle, groupNoun, isAdditive, scopeText } from './context.js';
import { columnFormat } from './shape.js';
import { escapeHtml, formatValue, parseDateish, isoDate, toNumber } from './format.js';
import { andList, displayDimValue, findMetric, isMeasure, lowerFirst, metricLabel, upperFirst } from './labels.js';

/** Escaped text in bold. */
export function bold(text: string): string {
  return `<b>${escapeHtml(text)}</b>`;
}

const e = escapeHtml;

function fmt(ctx: AnswerContext, col: CompiledColumn, value: unknown): string {
  return formatValue(value, columnFormat(ctx.input.model, col));
}

function label(ctx: AnswerContext, col: CompiledColumn): string {
  if (col.kind === 'share') return `share of ${lowerFirst(metricLabel(ctx.input.model, col.ref))}`;
  // constructed columns (a subset's share, a per-entity average, a distinct count) carry their own label
  return findMetric(ctx.input.model, col.ref)
    ? metricLabel(ctx.input.model, col.ref)
    : (col.label ?? metricLabel(ctx.input.model, col.ref));
}

/**
 * A period comparison in words: the total (or the one value) against the previous period, the
 * change and the change %, and in a breakdown the largest rise and fall.
 */
function comparisonText(ctx: AnswerContext): string {
  const { query } = ctx.input;
  const previous = query.comparison?.previous;
  const m = query.metrics[0];
  if (!previous || !m) return '';
  const cols = ctx.shape.columns;
  const cur = cols.find((c) => c.name === m);
  const prev = cols.find((c) => c.name === `${m}_previous`);
  const change = cols.find((c) => c.name === `${m}_change`);
  const pct = cols.find((c) => c.name === `${m}_change_pct`);
  if (!cur || !prev || !change || !pct) return '';
  const sum = (c: CompiledColumn) => ctx.rows.reduce((s, r) => s + (toNumber(r[c.name]) ?? 0), 0);
  const signed = (c: CompiledColumn, v: number) => `${v > 0 ? '+' : ''}${fmt(ctx, c, v)}`;
  const prevName = previous.label ?? `${previous.start} to ${previous.end}`;
  let text = '';
  if (ctx.rows.length === 1 || isAdditive(ctx, m)) {
    const a = ctx.rows.length === 1 ? (toNumber(ctx.rows[0][cur.name]) ?? 0) : sum(cur);
    const b = ctx.rows.length === 1 ? (toNumber(ctx.rows[0][prev.name]) ?? 0) : sum(prev);
    const pctText = b !== 0 ? ` (${signed(pct, (a - b) / Math.abs(b))})` : '';
    text += ` Against ${e(prevName)}: ${bold(fmt(ctx, cur, b))}${ctx.rows.length > 1 ? ' in total' : ''}, a change of ${bold(signed(change, a - b))}${e(pctText)}.`;
  }
  if (ctx.rows.length > 1 && ctx.shape.dims.length === 1) {
    const byChange = [...ctx.rows]
      .filter((r) => toNumber(r[change.name]) !== null)
      .sort((x, y) => (toNumber(y[change.name]) ?? 0) - (toNumber(x[change.name]) ?? 0));
    const up = byChange[0];
    const down = byChange[byChange.length - 1];
    const dim = ctx.shape.dims[0];
    if (up && down && up !== down) {
      text += ` The largest rise: ${bold(dimValue(ctx, dim, up))} (${bold(signed(change, toNumber(up[change.name]) ?? 0))}); the largest fall: ${bold(dimValue(ctx, dim, down))} (${bold(signed(change, toNumber(down[change.name]) ?? 0))}).`;
    }
  }
  return text;
}

function dimValue(ctx: AnswerContext, col: CompiledColumn, row: Record<string, unknown>): string {
  return displayDimValue(ctx.input.model, col.ref, row[col.name], col.kind === 'time' ? col.grain : undefined);
}

function groupName(ctx: AnswerContext, row: Record<string, unknown>, dims = ctx.shape.dims): string {
  return dims.map((d) => dimValue(ctx, d, row)).join(', ');
}

/** Whether a label reads as a plural noun (`Orders`, `Units sold`), for verb agreement. */
function isPlural(text: string): boolean {
  const first = text.split(/\s+/)[0] ?? '';
  return /[^s]s$/i.test(first) && !/ss$/i.test(first);
}

function isCount(ctx: AnswerContext, metric: string): boolean {
  const m = findMetric(ctx.input.model, metric);
  if (!m) return false;
  return (isMeasure(m) && (m.agg === 'count' || m.agg === 'count_distinct')) || m.format.kind === 'integer';
}

function numericRows(ctx: AnswerContext, col: CompiledColumn): Record<string, unknown>[] {
  return ctx.rows.filter((r) => toNumber(r[col.name]) !== null);
}

/** Why rows were cut, in words: the row limit or the result size limit. */
function cutBy(ctx: AnswerContext): string {
  return ctx.input.truncatedBy === 'bytes' ? 'the result size limit' : 'the row limit';
}

/** The rows the figures of the text are taken from: all of them (the warehouse's summary), or only those listed. */
function truncationNote(ctx: AnswerContext): string {
  if (!ctx.input.truncated) return '';
  const listed = bold(formatValue(ctx.rows.length, { kind: 'integer' }));
  const summary = ctx.input.summary;
  if (summary) {
    return ` The result was truncated by ${cutBy(ctx)}: the table lists the first ${listed} of ${bold(formatValue(summary.rowCount, { kind: 'integer' }))} rows; the count, total, highest and lowest above cover all of them.`;
  }
  return ` The result was truncated by ${cutBy(ctx)}: only the first ${listed} rows are listed, and the figures above describe those rows only.`;
}

function shareNote(ctx: AnswerContext, row: Record<string, unknown>): string {
  const share = ctx.shape.shareCols.find((c) => c.ref === ctx.shape.primary?.ref) ?? ctx.shape.shareCols[0];
  if (!share || ctx.shape.primary === share || toNumber(row[share.name]) === null) return '';
  return ` (${bold(fmt(ctx, share, row[share.name]))} of the total)`;
}

/** The total of an additive metric over every row: summed here, or by the warehouse when rows were cut. */
function totalNote(ctx: AnswerContext, col: CompiledColumn, prefix: string): string {
  if (col.kind !== 'metric' || !isAdditive(ctx, col.ref)) return '';
  let total: number | null;
  if (ctx.input.truncated) {
    total = ctx.input.summary?.totals[col.name] ?? null;
    if (total === null) return '';
  } else {
    total = numericRows(ctx, col).reduce((s, r) => s + (toNumber(r[col.name]) ?? 0), 0);
  }
  return ` ${prefix} ${bold(fmt(ctx, col, total))}.`;
}

/** Highest and lowest rows by a metric: over every row when the warehouse summarised a cut result, else over those listed. */
function extremes(
  ctx: AnswerContext,
  col: CompiledColumn,
  rows: Record<string, unknown>[],
): { hi: Record<string, unknown>; lo: Record<string, unknown> } {
  const summary = ctx.input.truncated ? ctx.input.summary : undefined;
  let hi = rows[0]!;
  let lo = rows[0]!;
  for (const r of rows) {
    if (toNumber(r[col.name])! > toNumber(hi[col.name])!) hi = r;
    if (toNumber(r[col.name])! < toNumber(lo[col.name])!) lo = r;
  }
  if (summary?.highest && ctx.shape.primary === col) hi = summary.highest;
  if (summary?.lowest && ctx.shape.primary === col) lo = summary.lowest;
  return { hi, lo };
}

// ---- shapes ---------------------------------------------------------------------------------

function kpiText(ctx: AnswerContext): string {
  const col = ctx.shape.primary!;
  const row = ctx.rows[0];
  const value = bold(fmt(ctx, col, row[col.name]));
  const scope = scopeText(ctx, { allData: true });
  const lbl = label(ctx, col);
  const past = ctx.frame !== undefined;
  if (col.kind === 'metric' && isCount(ctx, col.ref) && isPlural(lbl)) {
    const verb = past ? 'There were' : 'There are';
    return `${verb} ${value} ${e(lowerFirst(lbl))}${e(scope)}.`;
  }
  // `Units sold were`, `Gross sales were`, but `Days to ship is 60.5 days` (a duration reads as one quantity)
  const kind = columnFormat(ctx.input.model, col)?.kind;
  const plural = isPlural(lbl) && kind !== 'duration' && kind !== 'percent';
  const verb = plural ? (past ? 'were' : 'are') : past ? 'was' : 'is';
  return `${e(upperFirst(lbl))}${e(scope)} ${verb} ${value}.`;
}

function multiKpiText(ctx: AnswerContext): string {
  const cols = [...ctx.shape.metricCols, ...ctx.shape.shareCols];
  if (ctx.rows.length !== 1) {
    return `The query returned ${bold(formatValue(ctx.rows.length, { kind: 'integer' }))} rows${e(scopeText(ctx))}.`;
  }
  const scope = scopeText(ctx, { allData: true }).trim();
  const parts = cols.map((c) => `${e(lowerFirst(label(ctx, c)))} ${bold(fmt(ctx, c, ctx.rows[0][c.name]))}`);
  return scope ? `${e(upperFirst(scope))}: ${andList(parts)}.` : `${upperFirst(andList(parts))}.`;
}

function timeKey(value: unknown): string {
  const p = parseDateish(value);
  return p ? isoDate(p) : String(value ?? '');
}

function seriesText(ctx: AnswerContext): string {
  const time = ctx.shape.timeCols[0];
  const col = ctx.shape.primary!;
  const rows = numericRows(ctx, col).sort((a, b) => timeKey(a[time.name]).localeCompare(timeKey(b[time.name])));
  const lbl = label(ctx, col);
  const scope = e(scopeText(ctx, { allData: true }));
  const when = (r: Record<string, unknown>) => e(dimValue(ctx, time, r));
  if (rows.length === 0) return `${e(upperFirst(lbl))} by ${e(dimTitle(ctx, time))}${scope} has no values.`;
  if (rows.length === 1) {
    return `${e(upperFirst(lbl))}${scope} was ${bold(fmt(ctx, col, rows[0][col.name]))} in ${when(rows[0])}.`;
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const a = toNumber(first[col.name])!;
  const z = toNumber(last[col.name])!;
  let change = '';
  const kind = columnFormat(ctx.input.model, col)?.kind;
  if (a !== 0 && kind !== 'percent' && col.kind === 'metric') {
    const pct = (z - a) / Math.abs(a);
    change = ` (${bold(`${pct >= 0 ? '+' : '-'}${formatValue(Math.abs(pct), { kind: 'percent', decimals: 1 })}`)})`;
  }
  const n = (ctx.input.truncated ? ctx.input.summary?.rowCount : undefined) ?? rows.length;
  let text = `${e(upperFirst(lbl))} by ${e(dimTitle(ctx, time))}${scope} went from ${bold(fmt(ctx, col, a))} in ${when(first)} to ${bold(fmt(ctx, col, z))} in ${when(last)}${change} over ${bold(String(n))} ${e(groupNoun(ctx, time, n))}.`;
  if (n > 2) {
    const { hi: peak, lo: low } = extremes(ctx, col, rows);
    text += ` It peaked at ${bold(fmt(ctx, col, peak[col.name]))} in ${when(peak)}; the low was ${bold(fmt(ctx, col, low[col.name]))} in ${when(low)}.`;
  }
  text += totalNote(ctx, col, 'The total over the period is');
  for (const other of ctx.shape.metricCols.filter((c) => c !== col).slice(0, 2)) {
    const o = ctx.rows
      .filter((r) => toNumber(r[other.name]) !== null)
      .sort((x, y) => timeKey(x[time.name]).localeCompare(timeKey(y[time.name])));
    if (o.length < 2) continue;
    text += ` ${e(upperFirst(label(ctx, other)))} went from ${bold(fmt(ctx, other, o[0][other.name]))} to ${bold(fmt(ctx, other, o[o.length - 1][other.name]))}.`;
  }
  return text;
}

function rankingText(ctx: AnswerContext): string {
  const cat = ctx.shape.catCols[0];
  const col = ctx.shape.primary!;
  const rows = ctx.rows;
  const lbl = lowerFirst(label(ctx, col));
  const desc = ctx.shape.direction === 'desc';
  const scope = e(scopeText(ctx, { allData: true }));
  const limit = ctx.input.query.limit ?? rows.length;
  if (limit === 1 || rows.length === 1) {
    const r = rows[0];
    const prefix = limit === 1 ? '' : `Only one ${e(groupNoun(ctx, cat, 1))} matched: `;
    return `${prefix}${bold(dimValue(ctx, cat, r))} had the ${desc ? 'highest' : 'lowest'} ${e(lbl)}${scope}, with ${bold(fmt(ctx, col, r[col.name]))}${shareNote(ctx, r)}.${truncationNote(ctx)}`;
  }
  const shown = rows
    .slice(0, 5)
    .map(
      (r, i) =>
        `${bold(dimValue(ctx, cat, r))} (${bold(fmt(ctx, col, r[col.name]))}${i === 0 ? shareNote(ctx, r).replace(/^ \(/, ', ').replace(/\)$/, '') : ''})`,
    );
  let list = andList(shown);
  if (rows.length > 5) {
    const lastRow = rows[rows.length - 1];
    list = `${shown.join(', ')}, … down to ${bold(dimValue(ctx, cat, lastRow))} (${bold(fmt(ctx, col, lastRow[col.name]))}) at number ${rows.length}`;
  }
  const word = desc ? 'top' : 'bottom';
  const n = (ctx.input.truncated ? ctx.input.summary?.rowCount : undefined) ?? rows.length;
  let text = `The ${word} ${formatValue(n, { kind: 'integer' })} ${e(groupNoun(ctx, cat, n))} by ${e(lbl)}${scope}: ${list}.`;
  if (rows.length < limit && !ctx.input.truncated) text += ` Only ${rows.length} ${e(groupNoun(ctx, cat, rows.length))} matched.`;
  text += totalNote(ctx, col, 'Together they account for');
  return text + truncationNote(ctx);
}

function breakdownText(ctx: AnswerContext): string {
  const dims = ctx.shape.dims;
  const col = ctx.shape.primary!;
  const rows = numericRows(ctx, col);
  const lbl = label(ctx, col);
  const scope = e(scopeText(ctx, { allData: true }));
  const summary = ctx.input.truncated ? ctx.input.summary : undefined;
  const n = summary?.rowCount ?? ctx.rows.length;
  const byWhat = e(andList(dims.map((d) => dimTitle(ctx, d))));
  const groups = dims.length === 1 ? e(groupNoun(ctx, dims[0], n)) : n === 1 ? 'combination' : 'combinations';
  const count = `${ctx.input.truncated && !summary ? 'at least ' : ''}${bold(formatValue(n, { kind: 'integer' }))} ${groups}`;
  if (rows.length === 0) return `${e(upperFirst(lbl))} by ${byWhat}${scope}: ${count}, with no values.${truncationNote(ctx)}`;
  if (rows.length === 1) {
    const r = rows[0];
    return `${e(upperFirst(lbl))} by ${byWhat}${scope}: ${bold(groupName(ctx, r))} is the only one, with ${bold(fmt(ctx, col, r[col.name]))}${shareNote(ctx, r)}.${truncationNote(ctx)}`;
  }
  const { hi, lo } = extremes(ctx, col, rows);
  let text = `${e(upperFirst(lbl))} by ${byWhat}${scope} covers ${count}: the highest is ${bold(groupName(ctx, hi))} with ${bold(fmt(ctx, col, hi[col.name]))}${shareNote(ctx, hi)}, the lowest ${bold(groupName(ctx, lo))} with ${bold(fmt(ctx, col, lo[col.name]))}${shareNote(ctx, lo)}.`;
  text += totalNote(ctx, col, 'The total is');
  return text + truncationNote(ctx);
}

function dimensionsOnlyText(ctx: AnswerContext): string {
  const summary = ctx.input.truncated ? ctx.input.summary : undefined;
  const n = summary?.rowCount ?? ctx.rows.length;
  const dims = ctx.shape.dims;
  const noun = dims.length === 1 ? groupNoun(ctx, dims[0], n) : n === 1 ? 'row' : 'rows';
  const names = ctx.rows.slice(0, 10).map((r) => bold(groupName(ctx, r)));
  const more = n > 10 ? ', …' : '';
  return `Found ${ctx.input.truncated && !summary ? 'at least ' : ''}${bold(formatValue(n, { kind: 'integer' }))} ${e(noun)}${e(scopeText(ctx))}: ${names.join(', ')}${more}.${truncationNote(ctx)}`;
}

/** The answer sentence(s) for a result with at least one row. */
export function answerText(ctx: AnswerContext): string {
  const { shape } = ctx;
  if (ctx.rows.length === 0) return noDataText(ctx);
  if (!shape.primary) return dimensionsOnlyText(ctx);
  if (ctx.input.query.comparison) return baseText(ctx) + comparisonText(ctx);
  return baseText(ctx);
}

function baseText(ctx: AnswerContext): string {
  const { shape } = ctx;
  switch (shape.kind) {
    case 'kpi':
      return kpiText(ctx) + truncationNote(ctx);
    case 'multi_kpi':
      return multiKpiText(ctx) + truncationNote(ctx);
    case 'series':
      return seriesText(ctx) + truncationNote(ctx);
    case 'breakdown':
      return shape.ranking ? rankingText(ctx) : breakdownText(ctx);
    default:
      return breakdownText(ctx);
  }
}

/** The answer when the query ran and returned no rows: what was asked, and for which period. */
export function noDataText(ctx: AnswerContext): string {
  const { model, query } = ctx.input;
  const metrics = andList(query.metrics.map((m) => lowerFirst(metricLabel(model, m))));
  const by = ctx.shape.dims.length
    ? ` by ${andList(ctx.shape.dims.map((d) => dimTitle(ctx, d)))}`
    : query.group_by.length
      ? ` by ${andList(query.group_by.map((g) => g.grain ?? lowerFirst(g.dimension.replace(/_/g, ' '))))}`
      : '';
  const what = metrics ? `${metrics}${by}` : 'the question';
  const question = ctx.input.question?.trim();
  const asked = question ? ` for “${e(question)}”` : '';
  return `No data was found${asked}: the query for ${e(what)}${e(scopeText(ctx, { allData: true }))} returned no rows.`;
}
