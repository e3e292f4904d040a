/**
 * Honest framing of incomplete periods: a period that the data does not cover to its end (the
 * current year, month or quarter against full ones) is named as such, and so is a trend whose last
 * bucket is partial — a "-62%" that only means "the month has just begun" must say so.
 */
import type { TimeGrain } from '../semantic/model.js';
import type { AnswerContext } from './context.js';

/** The day after `iso` (YYYY-MM-DD). */
function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The exclusive end of the bucket that starts at `start`. */
function bucketEnd(start: string, grain: TimeGrain): string {
  const d = new Date(`${start}T00:00:00Z`);
  if (grain === 'day') d.setUTCDate(d.getUTCDate() + 1);
  else if (grain === 'week') d.setUTCDate(d.getUTCDate() + 7);
  else if (grain === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else if (grain === 'quarter') d.setUTCMonth(d.getUTCMonth() + 3);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

function bucketStart(value: unknown, grain: TimeGrain): string | null {
  if (grain === 'year' && (typeof value === 'number' || /^\d{4}$/.test(String(value)))) return `${value}-01-01`;
  const s = value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? '');
  return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
}

/**
 * Sentences naming the incomplete periods of an answer (empty when every period is complete):
 * the question's period, the compared period, and the last bucket of a time breakdown.
 */
export function incompletePeriods(ctx: AnswerContext): string[] {
  const asOf = ctx.input.asOf;
  if (!asOf) return [];
  const dataEnd = nextDay(asOf);
  const notes: string[] = [];
  const range = ctx.input.query.time_range;
  // a range that reaches past the last day of data (includes "today" and more, or ends at today's
  // cut-off of a calendar period: "this year" is 1998-01-01 up to today)
  const label = range?.label ?? '';
  const calendarCut = range && (range.end > dataEnd || (range.end === dataEnd && /\b(this|current)\b/i.test(label)));
  if (range && range.start <= asOf && calendarCut) {
    const name = label || `${range.start} onwards`;
    const previous = ctx.input.query.comparison?.previous;
    notes.push(
      `${name[0].toUpperCase()}${name.slice(1)} is not complete: the data ends on ${asOf}${previous ? `, while ${previous.label ?? previous.start} is a complete period` : ''}.`,
    );
  }
  for (const col of ctx.shape.timeCols) {
    const grain = col.grain;
    if (!grain || !ctx.rows.length) continue;
    const starts = ctx.rows.map((r) => bucketStart(r[col.name], grain)).filter((s): s is string => !!s);
    if (!starts.length) continue;
    const last = starts.reduce((a, b) => (a > b ? a : b));
    const end = bucketEnd(last, grain);
    if (last <= asOf && end > dataEnd) {
      notes.push(
        `The last ${grain} (${grain === 'year' ? last.slice(0, 4) : last}) is partial: the data ends on ${asOf}, so its value is not comparable with complete ${grain}s.`,
      );
    }
  }
  return notes;
}
