/**
 * What differs between SQL engines when the compiler writes SQL: quoting, literals, time
 * buckets, date arithmetic. One class per engine; the compiler only talks to this interface.
 */
import type { TimeGrain } from '../model.js';
import type { SqlDialectName } from '../../warehouse/types.js';

export class LiteralError extends Error {}

export abstract class SqlDialect {
  abstract readonly name: SqlDialectName;

  /** How someone writing SQL for this engine by hand (a person, a language model) quotes strings and names. */
  readonly quoting: string = "strings in 'single quotes' (a quote inside doubled: 'it''s'); names in \"double quotes\"";

  /** A quoted identifier (double quotes by default; embedded quotes doubled). */
  ident(name: string): string {
    return `"${name.replace(/"/g, '""')}"`;
  }

  /** A string literal; quotes doubled, control characters refused (never concatenated raw). */
  string(value: string): string {
    // eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
    if (/[\u0000]/.test(value)) throw new LiteralError('a text value may not contain NUL characters');
    return `'${value.replace(/'/g, "''")}'`;
  }

  /** The escape character of LIKE patterns: a backslash, a plain character in every dialect's string literals here. */
  readonly likeEscape: string = '\\';

  /** Text as a LIKE pattern that matches only itself: `%`, `_` and the escape character are escaped. */
  escapeLike(text: string): string {
    const e = this.likeEscape;
    return [...text].map((c) => (c === '%' || c === '_' || c === e ? e + c : c)).join('');
  }

  /** Lower case, for comparisons that ignore letter case. */
  lower(expr: string): string {
    return `LOWER(${expr})`;
  }

  /** The number of characters of a text. */
  textLength(expr: string): string {
    return `LENGTH(${expr})`;
  }

  /** `expr` matches the LIKE pattern `pattern` (a literal) ignoring letter case; negated: does not match. */
  likeInsensitive(expr: string, pattern: string, negated: boolean): string {
    return `${expr} ${negated ? 'NOT ILIKE' : 'ILIKE'} ${pattern} ESCAPE ${this.string(this.likeEscape)}`;
  }

  number(value: number): string {
    if (!Number.isFinite(value)) throw new LiteralError(`not a finite number: ${value}`);
    return String(value);
  }

  boolean(value: boolean): string {
    return value ? 'TRUE' : 'FALSE';
  }

  /** A date literal from YYYY-MM-DD (checked to be a real calendar date). */
  date(value: string): string {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : undefined;
    if (!m || !d || d.getUTCFullYear() !== +m[1]! || d.getUTCMonth() !== +m[2]! - 1 || d.getUTCDate() !== +m[3]!)
      throw new LiteralError(`not a date YYYY-MM-DD: ${value}`);
    return `DATE '${value}'`;
  }

  /** Float cast, so that integer counts divide as fractions. */
  abstract toFloat(expr: string): string;

  /** Division that yields NULL (not an error) when the divisor is 0. */
  divide(numerator: string, denominator: string): string {
    return `${this.toFloat(numerator)} / NULLIF(${denominator}, 0)`;
  }

  /**
   * The bucket of a date for a grain: the bucket's first day as a DATE for day..quarter, the
   * year as an integer for year (both are accepted answer formats).
   */
  timeBucket(expr: string, grain: TimeGrain): string {
    if (grain === 'year') return `CAST(EXTRACT(YEAR FROM ${expr}) AS INTEGER)`;
    if (grain === 'day') return `CAST(${expr} AS DATE)`;
    return `CAST(date_trunc('${grain}', ${expr}) AS DATE)`;
  }

  /** The ISO day of the week of a date or timestamp: 1 = Monday .. 7 = Sunday, as an integer. */
  isoWeekday(expr: string): string {
    return `CAST(EXTRACT(ISODOW FROM ${expr}) AS INTEGER)`;
  }

  /** The time of day of a timestamp (or of a TIME value), comparable with `clockTime`. */
  timeOfDay(expr: string): string {
    return `CAST(${expr} AS TIME)`;
  }

  /** A time-of-day literal from 'HH:MM'. */
  clockTime(hhmm: string): string {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(hhmm)) throw new LiteralError(`not a time of day HH:MM: ${hhmm}`);
    return `TIME '${hhmm}:00'`;
  }

  /** Whole days from date `start` to date `end`. */
  abstract daysBetween(start: string, end: string): string;

  /** Whole seconds from timestamp (or date) `start` to `end`; NULL when either is NULL. */
  abstract secondsBetween(start: string, end: string): string;

  /** Equality that treats two NULLs as equal (joining grouped results on dimension keys). */
  nullSafeEquals(a: string, b: string): string {
    return `${a} IS NOT DISTINCT FROM ${b}`;
  }

  /** Applies a `@name(args)` macro of a model SQL fragment. */
  macro(name: string, args: string[]): string {
    if (name === 'days_between' && args.length === 2) return this.daysBetween(args[0]!, args[1]!);
    throw new LiteralError(`unknown macro @${name}/${args.length}`);
  }

  limit(n: number): string {
    return `LIMIT ${Math.floor(n)}`;
  }

  /** The LIMIT / OFFSET tail of a query (either may be absent). */
  limitOffset(limit: number | undefined, offset: number | undefined): string {
    return (limit !== undefined ? `${this.limit(limit)}\n` : '') + (offset ? `OFFSET ${Math.floor(offset)}\n` : '');
  }

  /** One ORDER BY item, NULLs always last (as the answers expect on every engine). */
  orderItem(expr: string, direction: 'ASC' | 'DESC'): string {
    return `${expr} ${direction} NULLS LAST`;
  }
}
