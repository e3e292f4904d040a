/**
 * Time expressions -> calendar ranges (inclusive start, exclusive end), resolved against an
 * "as of" date (today). Calendar rules:
 *  - a bare year / quarter / half / month / date is that calendar period;
 *  - this year|quarter|month|week = its start .. today (inclusive), also "year to date", "YTD";
 *  - last|previous year|quarter|month|week = the full previous calendar period;
 *  - the year|quarter|month|week before last = two calendar periods back;
 *  - the last (N) full|complete|whole weeks|months|... = the N (1) whole periods before the current
 *    one ("the last full months" says no N: unread);
 *  - since the start|beginning of the year|this month|X = from the first day of it through today;
 *  - last N months|quarters|years = the N full calendar periods before the current one;
 *  - last N days|weeks = the N days (7N days) ending today, today included;
 *  - since/after X = from X's start (after: X's end) to today; before X = open start .. X's start;
 *    on or after X = from X's start; on or before X = open start .. X's end;
 *    until/through X = open start .. X's end;
 *  - between/from X and|to Y = X's start .. Y's end; "(inclusive of start and end dates)", "both
 *    inclusive" after it only restates that both ends are included (consumed with the range);
 *  - N days|weeks|months|quarters|years ago = the calendar period (of that unit) N units back:
 *    "2 years ago" is the whole calendar year two years back, "3 months ago" that calendar month,
 *    "2 weeks ago" that Monday-to-Sunday week, "5 days ago" that day;
 *  - the last|past N calendar weeks|months|quarters|years = from the start of the calendar period
 *    N units back through today (the current period so far included);
 *  - the last|past N weeks|months|quarters|years from today = rolling: from the same day N units
 *    back through today;
 *  - the whole of X = X; an ISO week (or calendar week) is the Monday-to-Sunday week, as every week
 *    here; "not including|excluding the current week|month|..." after a period that ends before the
 *    current one only restates it (consumed); after "the last|past N <units>" (or N calendar units)
 *    of the same unit it makes them the N whole periods before the current one ("the last 3 weeks
 *    excluding the current week", "the last 10 days excluding today"; "the current one" names the
 *    window's unit); "excluding today" after a window ending today ends it yesterday; after any
 *    other period it is left unread (refused);
 *  - "inclusive of|including today" after a window that ends with today restates it; "inclusive
 *    of N units ago" after "the past N units" (same N and unit) starts it on that day: "the past
 *    month, inclusive of 1 month ago" = the same day a month back through today; any other
 *    qualifier is left unread (refused);
 *  - N days|weeks|months|quarters|years before|after X (X a period) = X moved N units back or on,
 *    when the unit is as coarse as X's or coarser: "2 months after March 2021" is May 2021, "3 days
 *    before 2021-03-10" is 2021-03-07, "a year before Q2 2020" is Q2 2019. A finer unit ("3 days
 *    before March 2021": which days?) is not a period here and stays unread; so is a day moved by
 *    weeks, months or years ("a week after March 3" may be the week that follows) unless "exactly"
 *    says the one day ("exactly a month after 2024-01-31" is 2024-02-29).
 * An open start is OPEN_START. Nothing here knows about a semantic model.
 */
import { lookupTable } from './lookup.js';
import { NUMBER_WORDS } from './text.js';

export type TimeUnit = 'day' | 'week' | 'month' | 'quarter' | 'year' | 'span';

export interface TimeRangeValue {
  start: string;
  end: string;
  label: string;
  /** "on weekends" (Saturday and Sunday) / "on weekdays" (Monday to Friday) / "on Mondays" (ISO day numbers) with the period. */
  days?: 'weekend' | 'weekday' | number[];
  /** "before 1pm", "in the morning": only those times of day of the period (see `Clock`). */
  clock?: Clock;
}

/**
 * Times of day, 'HH:MM' on a 24-hour clock: `from` inclusive, `to` exclusive, either open; `from` after
 * `to` runs over midnight. "before 1pm" = {to: 13:00}, "after 9pm" = {from: 21:00}, "between 9am and 5pm"
 * = {from: 09:00, to: 17:00}; parts of the day (`PARTS_OF_DAY`): morning 05:00-12:00, afternoon
 * 12:00-17:00, evening 17:00-21:00, night 21:00-05:00.
 */
export interface Clock {
  from?: string;
  to?: string;
  /** Read from a bare number ("before 1000"): a time only on a column of HHMM numbers (`clockNumbers`). */
  bare?: true;
  /** "around 7pm": no exact time, so no reading. */
  around?: true;
}
export const PARTS_OF_DAY: Record<string, Clock> = {
  morning: { from: '05:00', to: '12:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '21:00' },
  night: { from: '21:00', to: '05:00' },
};

export interface TimeHit {
  /** Char offsets in the (normalised, lower-case) question. */
  from: number;
  to: number;
  range: TimeRangeValue;
  /** The calendar unit the expression names (1997 -> year, Q3 1996 -> quarter). */
  unit: TimeUnit;
  /** Relative to today (last year, YTD ...) rather than absolute. */
  relative: boolean;
  /** A bound open on one side ("since 2020", "before June", "from 1996"): no period to join another to. */
  open?: boolean;
  /** "in April", "in Q3": a month or quarter named without its year (resolved to the latest one up to today). */
  yearless?: boolean;
}

/** Start used for ranges open to the past ("before 1995"). */
export const OPEN_START = '1900-01-01';

// ---------------------------------------------------------------- date arithmetic (UTC days)

export interface Ymd {
  y: number;
  m: number; // 1..12
  d: number;
}

export function parseYmd(s: string): Ymd {
  const [y, m, d] = s.split('-').map(Number);
  return { y, m, d };
}
export function fmt(y: number, m: number, d: number): string {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.toISOString().slice(0, 10);
}
export function addDays(s: string, n: number): string {
  const { y, m, d } = parseYmd(s);
  return fmt(y, m, d + n);
}
export function addMonths(s: string, n: number): string {
  const { y, m, d } = parseYmd(s);
  return fmt(y, m + n, d);
}
function quarterOf(m: number): number {
  return Math.floor((m - 1) / 3) + 1;
}
function weekStart(s: string): string {
  const dt = new Date(`${s}T00:00:00Z`);
  const dow = (dt.getUTCDay() + 6) % 7; // Monday = 0
  return addDays(s, -dow);
}

function yearRange(y: number): [string, string] {
  return [fmt(y, 1, 1), fmt(y + 1, 1, 1)];
}
function quarterRange(y: number, q: number): [string, string] {
  return [fmt(y, (q - 1) * 3 + 1, 1), fmt(y, q * 3 + 1, 1)];
}
function monthRange(y: number, m: number): [string, string] {
  return [fmt(y, m, 1), fmt(y, m + 1, 1)];
}

export type CalendarUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';
const UNIT_RANK: Record<CalendarUnit, number> = { day: 0, week: 1, month: 2, quarter: 3, year: 4 };

/** A date moved n units on (back when negative); a day past the end of a shorter month is its last day. */
function shiftDate(s: string, unit: CalendarUnit, n: number): string {
  if (unit === 'day') return addDays(s, n);
  if (unit === 'week') return addDays(s, 7 * n);
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n;
  const { y, m, d } = parseYmd(s);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return fmt(y, m + months, Math.min(d, last));
}
/** The first day of the calendar period of a unit that contains a date (weeks start on Monday). */
function periodStart(s: string, unit: CalendarUnit): string {
  const { y, m } = parseYmd(s);
  switch (unit) {
    case 'day':
      return s;
    case 'week':
      return weekStart(s);
    case 'month':
      return fmt(y, m, 1);
    case 'quarter':
      return quarterRange(y, quarterOf(m))[0];
    default:
      return fmt(y, 1, 1);
  }
}

// ---------------------------------------------------------------- vocab

const MONTHS: Record<string, number> = lookupTable({
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
});
/** The month a name or its short form says ('April', 'apr', 'Sept.'), if it is one. */
export const monthNumber = (word: string): number | undefined => MONTHS[word.trim().toLowerCase().replace(/\.$/, '')];
const MONTH_RE = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const ORD_RE = 'first|second|third|fourth|1st|2nd|3rd|4th|last|final';
const ORD: Record<string, number> = lookupTable({
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  last: 4,
  final: 4,
});
const NUM_RE = `\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')}`;
/** A count of units: a number, or "a"/"an" (one). */
const COUNT_RE = `${NUM_RE}|an|a`;
const YEAR = '((?:19|20)\\d\\d)(?![\\d.,]?\\d)';

function num(s: string): number {
  if (s === 'a' || s === 'an') return 1;
  return /^\d+$/.test(s) ? Number(s) : NUMBER_WORDS[s];
}

// ---------------------------------------------------------------- periods

interface Period {
  start: string;
  end: string;
  unit: TimeUnit;
  /** A month or quarter named without a year (resolved to the latest one up to today). */
  yearless?: { month?: number; quarter?: number };
  relative?: boolean;
  /** "the last 3 weeks", "the past month", "the past 6 calendar months": N units counted back from today. */
  trail?: Trail;
}

/** A window of N units counted back from today; `calendar`: whole calendar periods ("calendar months"). */
interface Trail {
  n: number;
  unit: CalendarUnit;
  calendar: boolean;
}

type Parser = (s: string, at: number, today: string) => { p: Period; len: number } | null;

function sticky(src: string): RegExp {
  return new RegExp(src, 'y');
}
function run(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(s);
}

const R = {
  isoDate: sticky('(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b'),
  mdy: sticky(`(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+${YEAR}`),
  dmy: sticky(`(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_RE})\\.?,?\\s+${YEAR}`),
  qy: sticky(`q([1-4])\\s*(?:of\\s+|in\\s+|,\\s*|-\\s*|')?${YEAR}`),
  yq: sticky(`${YEAR}\\s*-?\\s*q([1-4])\\b`),
  ordQ: sticky(`(?:the\\s+)?(${ORD_RE})\\s+quarter\\s+(?:of\\s+|in\\s+)?${YEAR}`),
  half: sticky(`(?:h([12])|(?:the\\s+)?(first|second|1st|2nd|last)\\s+half)\\s*(?:of\\s+|in\\s+)?${YEAR}`),
  my: sticky(`(${MONTH_RE})\\.?\\s*(?:of\\s+|,\\s*)?${YEAR}`),
  ym: sticky('((?:19|20)\\d\\d)-(0[1-9]|1[0-2])\\b(?!-\\d)'),
  // "2023 dec", "2023 December" (year first; not "may", which is a verb after a year as often as a month)
  yMonth: sticky(`${YEAR}\\s+(?!may\\b)(${MONTH_RE})\\b\\.?`),
  mSlashY: sticky(`(0?[1-9]|1[0-2])/${YEAR}`),
  // "in year 2014", "during year 2014": the word "year" is the period's own after a preposition (never "model year 2014")
  year: sticky(
    `(?:fy\\s?|calendar\\s+(?:year\\s+)?|the\\s+year\\s+|(?<=\\b(?:in|during|for|throughout|from|since|before|after|until|of)\\s+)year\\s+)?${YEAR}`,
  ),
  qNoYear: sticky('q([1-4])\\b'),
  ordQNoYear: sticky(`(?:the\\s+)?(${ORD_RE})\\s+quarter\\b`),
  monthNoYear: sticky(`(${MONTH_RE})\\b`),
};

/** An absolute period (with a year) at `at`. */
const absolute: Parser = (s, at) => {
  let m: RegExpExecArray | null;
  if ((m = run(R.isoDate, s, at))) {
    const st = fmt(+m[1], +m[2], +m[3]);
    return { p: { start: st, end: addDays(st, 1), unit: 'day' }, len: m[0].length };
  }
  if ((m = run(R.mdy, s, at))) {
    const st = fmt(+m[3], MONTHS[m[1]], +m[2]);
    return { p: { start: st, end: addDays(st, 1), unit: 'day' }, len: m[0].length };
  }
  if ((m = run(R.dmy, s, at))) {
    const st = fmt(+m[3], MONTHS[m[2]], +m[1]);
    return { p: { start: st, end: addDays(st, 1), unit: 'day' }, len: m[0].length };
  }
  if ((m = run(R.qy, s, at))) {
    const [a, b] = quarterRange(+m[2], +m[1]);
    return { p: { start: a, end: b, unit: 'quarter' }, len: m[0].length };
  }
  if ((m = run(R.yq, s, at))) {
    const [a, b] = quarterRange(+m[1], +m[2]);
    return { p: { start: a, end: b, unit: 'quarter' }, len: m[0].length };
  }
  if ((m = run(R.ordQ, s, at))) {
    const [a, b] = quarterRange(+m[2], ORD[m[1]]);
    return { p: { start: a, end: b, unit: 'quarter' }, len: m[0].length };
  }
  if ((m = run(R.half, s, at))) {
    const h = m[1] ? +m[1] : m[2] === 'first' || m[2] === '1st' ? 1 : 2;
    const y = +m[3];
    return {
      p: { start: fmt(y, h === 1 ? 1 : 7, 1), end: fmt(y, h === 1 ? 7 : 13, 1), unit: 'span' },
      len: m[0].length,
    };
  }
  if ((m = run(R.my, s, at))) {
    const [a, b] = monthRange(+m[2], MONTHS[m[1]]);
    return { p: { start: a, end: b, unit: 'month' }, len: m[0].length };
  }
  if ((m = run(R.yMonth, s, at))) {
    const [a, b] = monthRange(+m[1], MONTHS[m[2]]);
    return { p: { start: a, end: b, unit: 'month' }, len: m[0].length };
  }
  if ((m = run(R.ym, s, at))) {
    const [a, b] = monthRange(+m[1], +m[2]);
    return { p: { start: a, end: b, unit: 'month' }, len: m[0].length };
  }
  if ((m = run(R.mSlashY, s, at))) {
    const [a, b] = monthRange(+m[2], +m[1]);
    return { p: { start: a, end: b, unit: 'month' }, len: m[0].length };
  }
  if ((m = run(R.year, s, at))) {
    if (yearBlocked(s, at)) return null;
    const [a, b] = yearRange(+m[1]);
    return { p: { start: a, end: b, unit: 'year' }, len: m[0].length };
  }
  return null;
};

/** A number that is a quantity, not a year: "more than 2000 orders", "top 1995", "$1998". */
function yearBlocked(s: string, at: number): boolean {
  const before = s.slice(Math.max(0, at - 24), at);
  return /(than|over|above|under|below|least|most|top|bottom|exceed\w*|[$#€£<>=]|by)\s*$/.test(before);
}

/** A month or quarter named without a year: resolved to the latest one that has begun by today. */
function yearless(s: string, at: number, today: string, loose: boolean): { p: Period; len: number } | null {
  const t = parseYmd(today);
  let m: RegExpExecArray | null;
  if ((m = run(R.qNoYear, s, at)) || (m = run(R.ordQNoYear, s, at))) {
    if (m[0].startsWith('q') || m[0].includes('quarter')) {
      const q = /^\d$/.test(m[1]) ? +m[1] : ORD[m[1]];
      const y = q <= quarterOf(t.m) ? t.y : t.y - 1;
      const [a, b] = quarterRange(y, q);
      return { p: { start: a, end: b, unit: 'quarter', yearless: { quarter: q } }, len: m[0].length };
    }
  }
  if (loose && (m = run(R.monthNoYear, s, at))) {
    const mo = MONTHS[m[1]];
    const y = mo <= t.m ? t.y : t.y - 1;
    const [a, b] = monthRange(y, mo);
    return { p: { start: a, end: b, unit: 'month', yearless: { month: mo } }, len: m[0].length };
  }
  return null;
}

/** Re-anchors a yearless month/quarter to the year of the period that closes a range. */
function anchor(p: Period, to: Period): Period {
  if (!p.yearless) return p;
  const y = parseYmd(to.start).y;
  if (p.yearless.month) {
    const yy = p.yearless.month <= parseYmd(to.start).m ? y : y - 1;
    const [a, b] = monthRange(yy, p.yearless.month);
    return { ...p, start: a, end: b };
  }
  if (p.yearless.quarter) {
    const yy = p.yearless.quarter <= quarterOf(parseYmd(to.start).m) ? y : y - 1;
    const [a, b] = quarterRange(yy, p.yearless.quarter);
    return { ...p, start: a, end: b };
  }
  return p;
}

/** "this year", "last quarter", "last 3 months", "YTD", "the year before last", "today" ... */
const relative: Parser = (s, at, today) => {
  const t = parseYmd(today);
  const tomorrow = addDays(today, 1);
  let m: RegExpExecArray | null;
  const rel = (start: string, end: string, unit: TimeUnit, trail?: Trail) => ({
    p: { start, end, unit, relative: true, trail },
    len: m ? m[0].length : 0,
  });
  // "the year before last", "the month before last": two calendar periods back
  if ((m = run(/(?:the\s+)?(week|month|quarter|year)\s+before\s+last\b/y, s, at))) {
    const unit = m[1] as CalendarUnit;
    const start = shiftDate(periodStart(today, unit), unit, -2);
    return rel(start, shiftDate(start, unit, 1), unit);
  }
  // "the last 3 full months", "the last complete week": whole periods before the current one
  if (
    (m = run(
      new RegExp(
        `(?:the\\s+)?(?:last|past|previous|prior|preceding)\\s+(?:(${NUM_RE})\\s+)?(?:full|complete|completed|whole)\\s+(?:calendar\\s+)?(day|week|month|quarter|year)(s?)\\b`,
        'y',
      ),
      s,
      at,
    ))
  ) {
    const n = m[1] ? num(m[1]) : 1;
    // "the last full months": how many?
    if (n === undefined || n <= 0 || (!m[1] && m[3])) return null;
    const unit = m[2] as CalendarUnit;
    const cur = periodStart(today, unit);
    return rel(shiftDate(cur, unit, -n), cur, n === 1 ? unit : 'span', { n, unit, calendar: true });
  }
  if ((m = run(/(?:year|yr)[\s-]+to[\s-]+date\b|ytd\b|so\s+far\s+this\s+year\b/y, s, at))) return rel(fmt(t.y, 1, 1), tomorrow, 'year');
  if ((m = run(/quarter[\s-]+to[\s-]+date\b|qtd\b/y, s, at))) return rel(quarterRange(t.y, quarterOf(t.m))[0], tomorrow, 'quarter');
  if ((m = run(/month[\s-]+to[\s-]+date\b|mtd\b/y, s, at))) return rel(fmt(t.y, t.m, 1), tomorrow, 'month');
  if ((m = run(/today\b/y, s, at))) return rel(today, tomorrow, 'day');
  if ((m = run(/yesterday\b/y, s, at))) return rel(addDays(today, -1), today, 'day');
  if ((m = run(/(?:trailing\s+twelve\s+months|ttm|ltm)\b/y, s, at))) return rel(addMonths(fmt(t.y, t.m, 1), -12), fmt(t.y, t.m, 1), 'span');
  // "2 years ago": the calendar period of that unit N units back
  if ((m = run(new RegExp(`(${COUNT_RE})\\s+(day|week|month|quarter|year)s?\\s+ago\\b`, 'y'), s, at))) {
    const n = num(m[1]);
    if (n === undefined || n <= 0) return null;
    const unit = m[2] as CalendarUnit;
    const start = shiftDate(periodStart(today, unit), unit, -n);
    return rel(start, shiftDate(start, unit, 1), unit);
  }
  // "the past 6 calendar months": from the start of the calendar period N units back through today
  if (
    (m = run(
      new RegExp(
        `(?:the\\s+)?(?:last|past|previous|prior|trailing|preceding)\\s+(${NUM_RE})\\s+calendar\\s+(week|month|quarter|year)s?\\b`,
        'y',
      ),
      s,
      at,
    ))
  ) {
    const n = num(m[1]);
    if (n === undefined || n <= 0) return null;
    const unit = m[2] as CalendarUnit;
    return rel(shiftDate(periodStart(today, unit), unit, -n), tomorrow, 'span', { n, unit, calendar: true });
  }
  // "the last 6 months from today": rolling, from the same day N units back through today
  if (
    (m = run(
      new RegExp(
        `(?:the\\s+)?(?:last|past|previous|prior|trailing|preceding)\\s+(${NUM_RE})\\s+(week|month|quarter|year)s?\\s+(?:from|before|until|up\\s+to|counting\\s+back\\s+from)\\s+today\\b`,
        'y',
      ),
      s,
      at,
    ))
  ) {
    const n = num(m[1]);
    if (n === undefined || n <= 0) return null;
    return rel(shiftDate(today, m[2] as CalendarUnit, -n), tomorrow, 'span');
  }
  if (
    (m = run(
      new RegExp(
        `(?:the\\s+)?(?:last|past|previous|prior|trailing|recent|preceding)\\s+(${NUM_RE})\\s+(day|week|month|quarter|year)s?\\b`,
        'y',
      ),
      s,
      at,
    ))
  ) {
    const n = num(m[1]);
    if (n === undefined || n <= 0) return null;
    const trail: Trail = { n, unit: m[2] as CalendarUnit, calendar: false };
    switch (m[2]) {
      case 'day':
        return rel(addDays(tomorrow, -n), tomorrow, 'span', trail);
      case 'week':
        return rel(addDays(tomorrow, -7 * n), tomorrow, 'span', trail);
      case 'month': {
        const cur = fmt(t.y, t.m, 1);
        return rel(addMonths(cur, -n), cur, 'span', trail);
      }
      case 'quarter': {
        const cur = quarterRange(t.y, quarterOf(t.m))[0];
        return rel(addMonths(cur, -3 * n), cur, 'span', trail);
      }
      default:
        return rel(fmt(t.y - n, 1, 1), fmt(t.y, 1, 1), 'span', trail);
    }
  }
  if ((m = run(/(?:the\s+)?(?:this|current|present)\s+(year|quarter|month|(?:iso\s+|calendar\s+)?week)\b/y, s, at))) {
    switch (m[1]) {
      case 'year':
        return rel(fmt(t.y, 1, 1), tomorrow, 'year');
      case 'quarter':
        return rel(quarterRange(t.y, quarterOf(t.m))[0], tomorrow, 'quarter');
      case 'month':
        return rel(fmt(t.y, t.m, 1), tomorrow, 'month');
      default:
        return rel(weekStart(today), tomorrow, 'week');
    }
  }
  if (
    (m = run(
      /(?:the\s+)?(last|previous|prior|past|preceding|next|coming)\s+(calendar\s+|fiscal\s+|iso\s+)?(year|quarter|month|week)\b/y,
      s,
      at,
    ))
  ) {
    // an ISO year begins on the Monday of its first week: not the calendar year
    if (m[2]?.startsWith('iso') && m[3] !== 'week') return null;
    const k = m[1] === 'next' || m[1] === 'coming' ? 1 : -1;
    // "the past month": one unit back (only "inclusive of a month ago" after it makes it a rolling month)
    const trail: Trail | undefined = k < 0 && !m[2] ? { n: 1, unit: m[3] as CalendarUnit, calendar: false } : undefined;
    switch (m[3]) {
      case 'year': {
        const [a, b] = yearRange(t.y + k);
        return rel(a, b, 'year', trail);
      }
      case 'quarter': {
        const cur = quarterRange(t.y, quarterOf(t.m))[0];
        return rel(addMonths(cur, 3 * k), addMonths(cur, 3 * k + 3), 'quarter', trail);
      }
      case 'month': {
        const cur = fmt(t.y, t.m, 1);
        return rel(addMonths(cur, k), addMonths(cur, k + 1), 'month', trail);
      }
      default: {
        const cur = weekStart(today);
        return rel(addDays(cur, 7 * k), addDays(cur, 7 * k + 7), 'week', trail);
      }
    }
  }
  return null;
};

/** One period: relative or absolute; with `loose`, also a bare month name without a year. */
function period(s: string, at: number, today: string, loose: boolean): { p: Period; len: number } | null {
  // "the whole of last week" is last week
  const whole = run(/(?:the\s+)?(?:whole|entirety)\s+of\s+/y, s, at);
  if (whole) {
    const inner = period(s, at + whole[0].length, today, loose);
    return inner ? { p: inner.p, len: whole[0].length + inner.len } : null;
  }
  return absolute(s, at, today) ?? relative(s, at, today) ?? yearless(s, at, today, loose);
}

/**
 * "2 months after March 2021": the period moved by N units, when the unit is as coarse as the
 * period's (a week moves only by weeks). A finer unit names no period: `skip` then points at the
 * period, so "after"/"before" is not read as an open range and the words before it stay unread.
 */
function shifted(s: string, i: number, today: string): { p: Period; len: number } | { skip: number } | null {
  const m = run(
    new RegExp(
      `(?:exactly\\s+)?(${COUNT_RE})\\s+(day|week|month|quarter|year)s?\\s+(before|after|prior\\s+to|earlier\\s+than|later\\s+than)\\s+`,
      'y',
    ),
    s,
    i,
  );
  if (!m) return null;
  // "the 3 months before March 2021", "top 2 years before 2000", "within a week after X": a span
  // or a ranking, not one period moved; not read here, and not as an open range either
  if (
    /\b(?:the|top|bottom|first|last|best|worst|within|over|during|for|those|these|all|next|past|previous|following)\s+$/.test(
      s.slice(Math.max(0, i - 12), i),
    )
  )
    return { skip: i + m[0].length };
  const n = num(m[1]!);
  const x = period(s, i + m[0].length, today, true);
  if (!x || n === undefined) return null;
  const unit = m[2] as CalendarUnit;
  const k = m[3] === 'after' || m[3]!.startsWith('later') ? n : -n;
  const xu = x.p.unit;
  // a day moved by weeks or months may also mean the span after it ("a week after March 3"): only
  // "exactly" says the one day
  const exactly = m[0].startsWith('exactly');
  const fits =
    xu !== 'span' &&
    (xu === 'week' ? unit === 'week' : xu === 'day' ? unit === 'day' || exactly : UNIT_RANK[unit] >= UNIT_RANK[xu]) &&
    n > 0 &&
    x.p.start !== OPEN_START;
  if (!fits) return { skip: i + m[0].length };
  const start = shiftDate(x.p.start, unit, k);
  const end = xu === 'day' ? addDays(start, 1) : shiftDate(x.p.end, unit, k);
  return { p: { start, end, unit: xu, relative: x.p.relative }, len: m[0].length + x.len };
}

const RANGE_SEP = /\s*(?:and|to|through|thru|until|till|up\s+to|-)\s*/y;

/** Finds all time expressions in a lower-case question, left to right, longest first. */
const MONTH_LABELS = 'January February March April May June July August September October November December'.split(' ');

/**
 * In a follow-up, "the year before (that)", "the previous quarter", "the following month" speak of
 * the period the previous question asked about, not of today: the words are replaced by that
 * neighbouring period ("1995", "Q4 1995", "December 1995") before the periods are read. "Last year"
 * and "the year before last" stay anchored on today; so does anything when the previous question had
 * no closed period.
 */
export function anchorToPrevious(text: string, previous: { start: string; end: string } | undefined): string {
  if (!previous || previous.start === OPEN_START || previous.start >= previous.end) return text;
  const unitRe = '(year|quarter|month)';
  const notAbsolute = '(?!\\s+(?:last\\b|\\d|q[1-4]\\b|(?:' + Object.keys(MONTHS).join('|') + ')\\b))';
  const shifted = (unit: CalendarUnit, before: boolean): string => {
    const start = before ? shiftDate(periodStart(previous.start, unit), unit, -1) : periodStart(previous.end, unit);
    const { y, m } = parseYmd(start);
    return unit === 'year' ? `${y}` : unit === 'quarter' ? `Q${quarterOf(m)} ${y}` : `${MONTH_LABELS[m - 1]} ${y}`;
  };
  return text
    .replace(
      new RegExp(`\\b(?:the\\s+)?(previous|prior|preceding|next|following)\\s+${unitRe}\\b${notAbsolute}`, 'gi'),
      (_, w: string, u: string) => shifted(u.toLowerCase() as CalendarUnit, /^(previous|prior|preceding)$/i.test(w)),
    )
    .replace(
      new RegExp(`\\b(?:the\\s+)?${unitRe}\\s+(before|after|earlier|later)(?:\\s+(?:that|this|it|then))?\\b${notAbsolute}`, 'gi'),
      (_, u: string, w: string) => shifted(u.toLowerCase() as CalendarUnit, /^(before|earlier)$/i.test(w)),
    );
}

/**
 * Years written with two digits after an apostrophe ("in '97", "Q3 '05") as four: the century that
 * puts the year nearest the data's today. A decade ("the '90s") or a quoted text ("'50%'") is left alone.
 */
export function expandShortYears(text: string, today: string): string {
  const now = Number(today.slice(0, 4));
  const nearest = (yy: string) => {
    const base = now - (now % 100) + Number(yy);
    return [base - 100, base, base + 100].reduce((a, b) => (Math.abs(b - now) < Math.abs(a - now) ? b : a));
  };
  return (
    text
      // time units written short: "last yr", "this qtr"
      .replace(/\b(yr|qtr|wk)(s?)\b/gi, (_, u: string, s: string) => `${{ yr: 'year', qtr: 'quarter', wk: 'week' }[u.toLowerCase()]}${s}`)
      // a month or quarter and two digits that cannot be its day ("march 98", "q3 97"): a year
      .replace(
        new RegExp(`\\b(${Object.keys(MONTHS).join('|')}|q[1-4])\\.?\\s+(3[2-9]|[4-9]\\d)\\b(?![:.,]?\\d)`, 'gi'),
        (_, m: string, yy: string) => `${m} ${nearest(yy)}`,
      )
      .replace(/(^|[\s(,/-]|q[1-4]\s*)'(\d{2})(?=$|[\s?.,;:!)])/gi, (_, before: string, yy: string) => {
        return `${before}${nearest(yy)}`;
      })
  );
}

export function findTimeExpressions(s: string, today: string, clockNumbers = false): TimeHit[] {
  const hits: TimeHit[] = [];
  const tomorrow = addDays(today, 1);
  let i = 0;
  while (i < s.length) {
    if (i > 0 && /[a-z0-9]/.test(s[i - 1])) {
      i++;
      continue;
    }
    if (!/[a-z0-9]/.test(s[i])) {
      i++;
      continue;
    }
    // "on weekends in the last 3 weeks": the days before their period
    const daysFirst = run(R_DAYS_FIRST, s, i);
    // (with `clockNumbers`, "after 1900" is a time of day before it is a year)
    const bare = clockNumbers ? clockExpression(s, i, true) : null;
    const found = bare?.clock.bare ? null : daysFirst ? daysBefore(s, i, daysFirst, today, tomorrow) : at(s, i, today, tomorrow);
    if (typeof found === 'number') {
      i = found;
      continue;
    }
    // "orders before 1pm (in 2023)": times of day of all the data up to today, or of the period after them
    const clock = !found ? (bare ?? clockExpression(s, i)) : null;
    if (clock) {
      const gap = run(/\s*,?\s+/y, s, i + clock.len);
      const then = gap ? at(s, i + clock.len + gap[0].length, today, tomorrow) : null;
      const period = then && typeof then !== 'number' ? onDays(s, restated(s, then, today)) : undefined;
      const to = period ? period.to : i + clock.len;
      const range: Omit<TimeRangeValue, 'label'> = period?.range ?? { start: OPEN_START, end: tomorrow };
      if (!(clock.days && range.days))
        hits.push({
          from: i,
          to,
          range: { ...range, label: cleanLabel(s.slice(i, to)), clock: clock.clock, ...(clock.days ? { days: clock.days } : {}) },
          unit: period?.unit ?? 'span',
          relative: period?.relative ?? false,
          ...(period ? (period.open ? { open: true } : {}) : { open: true }),
        });
      i = to;
      continue;
    }
    // "how many sales on weekends": the days alone are those days of all the data up to today (an open bound,
    // never joined to another period: beside one it is refused like any bound)
    const alone = !found ? run(R_DAYS_ALONE, s, i) : null;
    if (alone) {
      const days = onClock(s, {
        from: i,
        to: i + alone[0].length,
        range: { start: OPEN_START, end: tomorrow, label: cleanLabel(alone[0]), days: daysOf(alone[1]!) },
        unit: 'span',
        relative: false,
        open: true,
      });
      hits.push(days);
      i = days.to;
      continue;
    }
    const hit = found && onClock(s, onDays(s, restated(s, found, today)));
    if (hit) {
      // "since 2050" when today is 1998: an empty period (no data), never an inverted one
      if (hit.range.start > hit.range.end) hit.range = { ...hit.range, end: hit.range.start };
      hits.push(hit);
      i = hit.to;
    } else i++;
  }
  return hits;
}

/** Ranges that name both ends and include them ("between X and Y", "from X to Y"). */
const closedRanges = new WeakSet<TimeHit>();
/** Windows of N units counted back from today ("the last 3 weeks"), and how they were counted. */
const trails = new WeakMap<TimeHit, Trail>();

const UNIT_WORD = '(day|week|month|quarter|year)s?';
/** An aside's opening: ", (" or " (" or ", " or " ". */
const ASIDE = '\\s*,?\\s*(\\(\\s*)?';
const INCLUSIVE = '(?:(?:up\\s+to\\s+and\\s+)?including|inclusive\\s+of|counting)';
const EXCLUDING = '(?:not\\s+including|not\\s+counting|excluding|except(?:\\s+for)?|without|but\\s+not)';
const R_INCL_TODAY = sticky(`${ASIDE}(?:${INCLUSIVE}\\s+today(?![\\w'’])|(?:with\\s+)?today\\s+included)\\s*(\\))?`);
const R_INCL_AGO = sticky(`${ASIDE}${INCLUSIVE}\\s+(?:the\\s+day\\s+)?(${COUNT_RE})\\s+${UNIT_WORD}\\s+ago\\s*(\\))?`);
const R_EXCL = sticky(
  `${ASIDE}${EXCLUDING}\\s+(?:(?:the\\s+)?(?:current|present|ongoing|this)\\s+(?:iso\\s+|calendar\\s+)?(day|week|month|quarter|year)|(today)(?![\\w'’])|(?:the\\s+)?(?:current|present|ongoing)\\s+(one))\\s*(\\))?`,
);

/**
 * Words after a period that say which days it holds, consumed with it (each leaves one window):
 *  - "(inclusive of start and end dates)" after a range that includes both ends;
 *  - "inclusive of today", "including today" after a window that ends with today;
 *  - "inclusive of N units ago" after "the past N units": the window starts on the day N units
 *    back ("the past month, inclusive of 1 month ago" = 2024-05-30 to 2024-06-30);
 *  - "excluding the current week / today / the current one" after "the last N weeks / days /
 *    calendar months": the N whole periods before the current one; after a period that already
 *    ends before the current one it only restates it; "excluding today" after a window that ends
 *    with today ends it yesterday.
 * Anything else (another unit, another count) is left for the rest of the question (refused).
 */
function restated(s: string, hit: TimeHit, today: string): TimeHit {
  let m: RegExpExecArray | null;
  const tomorrow = addDays(today, 1);
  const extend = (len: number, range?: { start: string; end: string }): TimeHit => {
    const to = hit.to + len;
    return { ...hit, to, range: { ...hit.range, ...range, label: cleanLabel(s.slice(hit.from, to)) } };
  };
  const trail = trails.get(hit);
  if (
    closedRanges.has(hit) &&
    (m = run(
      /\s*,?\s*(\(\s*)?(?:both\s+(?:dates\s+|ends\s+|days\s+)?)?inclusive(?:\s+of\s+(?:the\s+)?(?:both\s+)?(?:start\s+and\s+end|both|ends)(?:\s+dates?)?)?\s*(\))?/y,
      s,
      hit.to,
    )) &&
    !!m[1] === !!m[2]
  )
    return extend(m[0].length);
  if ((m = run(R_INCL_TODAY, s, hit.to)) && !!m[1] === !!m[2] && hit.range.end === tomorrow && hit.range.start < today)
    return extend(m[0].length);
  if ((m = run(R_INCL_AGO, s, hit.to)) && !!m[1] === !!m[4] && trail && !trail.calendar && trail.unit === m[3] && trail.n === num(m[2]!))
    return extend(m[0].length, { start: shiftDate(today, trail.unit, -trail.n), end: tomorrow });
  if ((m = run(R_EXCL, s, hit.to)) && !!m[1] === !!m[5]) {
    const unit = (m[2] ?? (m[3] ? 'day' : trail?.unit)) as CalendarUnit | undefined;
    if (!unit) return hit;
    const current = periodStart(today, unit);
    if (trail && trail.unit === unit) return extend(m[0].length, { start: shiftDate(current, unit, -trail.n), end: current });
    if (m[3] || m[4]) {
      // "the current one" names the window's own unit; "excluding today" cuts a window ending today
      if (m[3] && !trail && hit.range.end === tomorrow && hit.range.start < today)
        return extend(m[0].length, { start: hit.range.start, end: today });
      return hit;
    }
    if (hit.range.end <= current) return extend(m[0].length);
  }
  return hit;
}

/**
 * Days of the week said in the plural ("on Mondays"), or one said as any of them ("on a Monday", "every
 * Monday"): every such day of the period. "on Monday" alone may be one date (last Monday?): not read here.
 */
export const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const DAY_NAME = `(?:${DAY_NAMES.join('|')})`;
const NAMED_DAYS = `${DAY_NAME}s(?:(?:\\s*,\\s*|\\s*,?\\s+(?:and|or)\\s+)${DAY_NAME}s)*`;
const DAYS = `(?:the\\s+)?(?:a\\s+)?(weekends?|weekend\\s+days|weekdays|week\\s+days|${NAMED_DAYS}|(?<=\\ba\\s+)${DAY_NAME}|(?:any|every)\\s+${DAY_NAME})`;
const R_DAYS = sticky(`${ASIDE}(?:on|during|over|at|in)\\s+${DAYS}\\b\\s*(\\))?`);
const R_DAYS_FIRST = sticky(`(?:on|during|over|at)\\s+${DAYS}\\s*,?\\s+`);
const R_DAYS_ALONE = sticky(`(?:on|during|over|at)\\s+${DAYS}(?![\\w'’])`);
function daysOf(w: string): 'weekend' | 'weekday' | number[] {
  const named = DAY_NAMES.flatMap((d, i) => (new RegExp(`\\b${d}`).test(w) ? [i + 1] : []));
  return named.length ? named : w.startsWith('weekend') ? 'weekend' : 'weekday';
}

// "1pm", "10.30 a.m.", "615pm", "21:00", "noon", "7 o'clock pm", "17 o'clock": a time of day (an hour of 12 with
// am/pm, of 24 with minutes or o'clock)
const AM_PM = '\\s*([ap])\\.?\\s?m\\b\\.?';
const CLOCK_RE = `(?:(\\d{1,2})(?:[:.]?(\\d{2}))?${AM_PM}|(\\d{1,2}):(\\d{2})(?![\\d:])|(noon|midday|midnight)\\b|(\\d{1,4})\\s*o['’]?\\s?clock\\b(?:${AM_PM})?)`;
const R_CLOCK = sticky(CLOCK_RE);
// "before 1000", "at 720": a bare number read as HHMM (only with `clockNumbers`); never a sum, a count or a decimal
const R_BARE_HHMM = sticky(
  `(\\d{3,4})(?![\\d:.,%a-z$£€]|\\s*(?:[ap]\\.?\\s?m\\b|o['’]?\\s?clock|(?:dollars?|euros?|pounds?|minutes?|mins?|hours?|hrs?|seconds?|secs?|miles?|km|kilomet(?:er|re)s?|met(?:er|re)s?|feet|ft)\\b))`,
);
const two = (n: number) => String(n).padStart(2, '0');
/** HHMM as 'HH:MM' (930 = 09:30), or null when it is no time of day. */
function hhmmTime(n: number): string | null {
  const [h, min] = [Math.floor(n / 100), n % 100];
  return h > 23 || min > 59 ? null : `${two(h)}:${two(min)}`;
}
function clockAt(s: string, i: number, clockNumbers = false): { t: string; len: number; bare?: true } | null {
  const m = run(R_CLOCK, s, i);
  if (!m) {
    const b = clockNumbers ? run(R_BARE_HHMM, s, i) : null;
    const t = b && hhmmTime(Number(b[1]));
    return t ? { t, len: b[0].length, bare: true } : null;
  }
  if (m[6]) return { t: m[6] === 'midnight' ? '00:00' : '12:00', len: m[0].length };
  if (m[7]) {
    // "2100 o'clock", "17 o'clock", "7 o'clock pm"; "7 o'clock" alone may be either half of the day
    const n = Number(m[7]);
    if (m[8]) return n >= 1 && n <= 12 ? { t: `${two((n % 12) + (m[8] === 'p' ? 12 : 0))}:00`, len: m[0].length } : null;
    const t = m[7].length > 2 ? hhmmTime(n) : n >= 13 && n <= 23 ? `${n}:00` : null;
    return t ? { t, len: m[0].length } : null;
  }
  const h = Number(m[1] ?? m[4]);
  const min = Number(m[2] ?? m[5] ?? 0);
  if (min > 59) return null;
  if (m[3]) {
    if (h < 1 || h > 12) return null;
    return { t: `${two((h % 12) + (m[3] === 'p' ? 12 : 0))}:${two(min)}`, len: m[0].length };
  }
  return h > 23 ? null : { t: `${two(h)}:${two(min)}`, len: m[0].length };
}
/** 'HH:MM' moved by `minutes` ("at 7pm" is 19:00 up to 19:01), or undefined outside the day. */
export function clockPlus(t: string, minutes: number): string | undefined {
  const n = Number(t.slice(0, 2)) * 60 + Number(t.slice(3)) + minutes;
  return n >= 0 && n < 24 * 60 ? `${two(Math.floor(n / 60))}:${two(n % 60)}` : undefined;
}
const PART_RE = `(${Object.keys(PARTS_OF_DAY).join('|')})`;
const R_CLOCK_BEFORE = sticky('(?:before|until|till|up\\s+to)\\s+');
const R_CLOCK_AFTER = sticky('(?:after|since|from|starting\\s+at)\\s+');
const R_CLOCK_BETWEEN = sticky('(?:between|from)\\s+');
const R_CLOCK_AND = sticky('\\s*(?:and|to|until|till|-)\\s*');
const R_CLOCK_AT = sticky('at\\s+');
const R_CLOCK_AROUND = sticky('(?:(?:at\\s+)?(?:around|about|approximately|roughly|near|close\\s+to)|in\\s+the\\s+vicinity\\s+of)\\s+');
const R_PART = sticky(`(?:(?:in|during)\\s+the\\s+${PART_RE}s?|at\\s+(night)|(?:on|during|in)\\s+(?:the\\s+)?${PART_RE}s)(?![\\w'’])`);
// "on Thursday mornings": a day and a part of it, every week
const R_DAY_PART = sticky(`on\\s+(?:a\\s+)?(${DAY_NAMES.join('|')})s?\\s+${PART_RE}s(?![\\w'’])`);

/**
 * A time of day at `i` ("before 1pm", "between 9am and 5pm", "at 7pm", "in the morning", "on Friday evenings"); with
 * `clockNumbers`, bare numbers after a preposition of time are HHMM too ("before 1000", "between 2000 and 2100").
 */
function clockExpression(s: string, i: number, clockNumbers = false): { clock: Clock; days?: number[]; len: number } | null {
  let m: RegExpExecArray | null;
  const bare = (...cs: ({ bare?: true } | null)[]) => (cs.some((c) => c?.bare) ? { bare: true as const } : {});
  if ((m = run(R_CLOCK_BETWEEN, s, i))) {
    const a = clockAt(s, i + m[0].length, clockNumbers);
    const sep = a && run(R_CLOCK_AND, s, i + m[0].length + a.len);
    const b = sep && clockAt(s, i + m[0].length + a.len + sep[0].length, clockNumbers);
    if (a && sep && b && a.t !== b.t)
      return { clock: { from: a.t, to: b.t, ...bare(a, b) }, len: m[0].length + a.len + sep[0].length + b.len };
  }
  for (const [re, side] of [
    [R_CLOCK_BEFORE, 'to'],
    [R_CLOCK_AFTER, 'from'],
  ] as const) {
    const c = (m = run(re, s, i)) && clockAt(s, i + m[0].length, clockNumbers);
    if (m && c) return { clock: { [side]: c.t, ...bare(c) }, len: m[0].length + c.len };
  }
  const around = (m = run(R_CLOCK_AROUND, s, i)) && clockAt(s, i + m[0].length, clockNumbers);
  if (m && around) return { clock: { from: around.t, around: true }, len: m[0].length + around.len };
  const at = (m = run(R_CLOCK_AT, s, i)) && clockAt(s, i + m[0].length, clockNumbers);
  if (m && at) {
    const to = clockPlus(at.t, 1);
    return { clock: { from: at.t, ...(to ? { to } : {}), ...bare(at) }, len: m[0].length + at.len };
  }
  if ((m = run(R_PART, s, i))) return { clock: PARTS_OF_DAY[(m[1] ?? m[2] ?? m[3])!]!, len: m[0].length };
  if ((m = run(R_DAY_PART, s, i))) return { clock: PARTS_OF_DAY[m[2]!]!, days: [DAY_NAMES.indexOf(m[1]!) + 1], len: m[0].length };
  return null;
}

/** "... before 1pm" right after a period: only those times of its days. */
function onClock(s: string, hit: TimeHit): TimeHit {
  const gap = run(/\s*,?\s*/y, s, hit.to)![0].length;
  const c = hit.range.clock ? null : clockExpression(s, hit.to + gap);
  if (!c || (c.days && hit.range.days)) return hit;
  const to = hit.to + gap + c.len;
  return {
    ...hit,
    to,
    range: { ...hit.range, clock: c.clock, ...(c.days ? { days: c.days } : {}), label: cleanLabel(s.slice(hit.from, to)) },
  };
}

/** "... on weekends" / "... on weekdays" right after a period: only those days of it. */
function onDays(s: string, hit: TimeHit): TimeHit {
  const m = run(R_DAYS, s, hit.to);
  if (!m || !!m[1] !== !!m[3] || hit.range.days) return hit;
  const to = hit.to + m[0].length;
  return { ...hit, to, range: { ...hit.range, days: daysOf(m[2]!), label: cleanLabel(s.slice(hit.from, to)) } };
}

/** "on weekends in the last 3 weeks": the days, then their period (none: not read here). */
function daysBefore(s: string, i: number, m: RegExpExecArray, today: string, tomorrow: string): TimeHit | number | null {
  const found = at(s, i + m[0].length, today, tomorrow);
  if (!found || typeof found === 'number') return found;
  const hit: TimeHit = { ...found, from: i, range: { ...found.range, days: daysOf(m[1]!), label: cleanLabel(s.slice(i, found.to)) } };
  // the qualifiers after the period still read it ("on weekends in the last 3 weeks excluding the current week")
  const trail = trails.get(found);
  if (trail) trails.set(hit, trail);
  if (closedRanges.has(found)) closedRanges.add(hit);
  return hit;
}

/** Whether a range is made of whole calendar periods of a unit (for one row per period). */
export function wholePeriods(range: { start: string; end: string }, unit: CalendarUnit): boolean {
  return periodStart(range.start, unit) === range.start && periodStart(range.end, unit) === range.end;
}

function at(s: string, i: number, today: string, tomorrow: string): TimeHit | number | null {
  let m: RegExpExecArray | null;
  const make = (start: string, end: string, unit: TimeUnit, to: number, relative = false): TimeHit => ({
    from: i,
    to,
    range: { start, end, label: cleanLabel(s.slice(i, to)) },
    unit,
    relative,
  });
  const closed = (h: TimeHit): TimeHit => (closedRanges.add(h), h);
  const opened = (h: TimeHit): TimeHit => ({ ...h, open: true });
  // "2 months after March 2021": a period moved by N units
  const sh = shifted(s, i, today);
  if (sh && 'skip' in sh) return sh.skip;
  if (sh) return make(sh.p.start, sh.p.end, sh.p.unit, i + sh.len, sh.p.relative);
  // between X and Y / from X to Y
  if ((m = run(/(between|from)\s+/y, s, i))) {
    const a = period(s, i + m[0].length, today, true);
    if (a) {
      const sepAt = i + m[0].length + a.len;
      const sep = run(RANGE_SEP, s, sepAt);
      if (sep) {
        const b = period(s, sepAt + sep[0].length, today, true);
        if (b) {
          const p1 = anchor(a.p, b.p);
          return closed(make(p1.start, b.p.end, 'span', sepAt + sep[0].length + b.len));
        }
      }
      if (m[1] === 'from') {
        // "from 1996 on/onwards": from its start to today. A bare "from 1996" is where a thing comes from
        // ("books from 1996"): that period itself, never 1996 through today.
        const on = run(/\s+(?:on|onwards?|forwards?|and\s+(?:after|later))\b/y, s, sepAt);
        if (on) return opened(make(a.p.start, tomorrow, 'span', sepAt + on[0].length, a.p.relative));
        return make(a.p.start, a.p.end, a.p.unit, sepAt, a.p.relative);
      }
    }
  }
  // "since the start of the year", "since the beginning of last month": from its first day to today
  if ((m = run(/since\s+the\s+(?:start|beginning)\s+of\s+/y, s, i))) {
    const from = i + m[0].length;
    const cur = run(/(?:the|this)\s+(year|quarter|month|week)\b/y, s, from);
    const a = cur ? null : period(s, from, today, true);
    if (cur) return opened(make(periodStart(today, cur[1] as CalendarUnit), tomorrow, 'span', from + cur[0].length, true));
    if (a && a.p.start !== OPEN_START) return opened(make(a.p.start, tomorrow, 'span', from + a.len, a.p.relative));
  }
  // since / after / starting X
  // ("on or after X" includes X)
  if ((m = run(/(since|on\s+or\s+after|after|starting(?:\s+(?:in|from|with))?|beginning(?:\s+(?:in|with))?)\s+/y, s, i))) {
    const a = period(s, i + m[0].length, today, true);
    if (a) {
      const start = m[1] === 'after' ? a.p.end : a.p.start;
      return opened(make(start, tomorrow, 'span', i + m[0].length + a.len));
    }
  }
  // before / until X
  // ("on or before X" includes X)
  if ((m = run(/(on\s+or\s+before|before|prior\s+to|until|till|up\s+to|through|thru|ending(?:\s+in)?)\s+/y, s, i))) {
    const a = period(s, i + m[0].length, today, true);
    if (a) {
      const end = m[1] === 'before' || m[1].startsWith('prior') ? a.p.start : a.p.end;
      return opened(make(OPEN_START, end, 'span', i + m[0].length + a.len));
    }
  }
  // in / during / for <month> (a bare month needs a preposition: "may" is also a verb)
  const prep = run(/(?:in|during|for|of|over|within)\s+(?:the\s+(?:month\s+of\s+)?)?/y, s, i);
  const a = period(s, i, today, false) ?? (prep ? period(s, i + prep[0].length, today, true) : null);
  const aLen = a ? (period(s, i, today, false) ? a.len : (prep?.[0].length ?? 0) + a.len) : 0;
  if (a) {
    const sepAt = i + aLen;
    const sep = run(/\s*(?:to|through|thru|until|till|-)\s*/y, s, sepAt);
    if (sep) {
      const b = period(s, sepAt + sep[0].length, today, true);
      if (b && !b.p.relative && !a.p.relative) {
        const p1 = anchor(a.p, b.p);
        if (p1.start < b.p.end) return closed(make(p1.start, b.p.end, 'span', sepAt + sep[0].length + b.len));
      }
    }
    const hit = make(a.p.start, a.p.end, a.p.unit, sepAt, a.p.relative);
    if (a.p.yearless) hit.yearless = true;
    if (a.p.trail) trails.set(hit, a.p.trail);
    return hit;
  }
  return null;
}

function cleanLabel(t: string): string {
  return t
    .trim()
    .replace(/^(?:in|during|for|of|over|within)\s+(?:the\s+month\s+of\s+)?/, '')
    .trim();
}

/** A grain that suits a range (for "trend", "over time"): days up to ~6 weeks, else months. */
export function naturalGrain(range: { start: string; end: string } | undefined): 'day' | 'week' | 'month' {
  if (!range || range.start === OPEN_START) return 'month';
  const days = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000;
  if (days <= 45) return 'day';
  return 'month';
}
