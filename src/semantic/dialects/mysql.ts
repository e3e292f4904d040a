import type { TimeGrain } from '../model.js';
import { SqlDialect } from './dialect.js';

/**
 * MySQL 8 / MariaDB 10.6+. The warehouse's sessions run with ANSI_QUOTES and NO_BACKSLASH_ESCAPES
 * (src/warehouse/mysql.ts), so string literals double their quotes as everywhere else; names are
 * quoted with backquotes, which read the same with or without ANSI_QUOTES.
 */
export class MysqlDialect extends SqlDialect {
  readonly name = 'mysql' as const;
  // Sessions run with ANSI_QUOTES (warehouse/mysql.ts): a double-quoted "text" is a column name here, not a string.
  override readonly quoting =
    "strings in 'single quotes' only (a quote inside doubled: 'it''s'); \"double quotes\" and `backquotes` both mark names, never strings";

  override ident(name: string): string {
    return `\`${name.replace(/`/g, '``')}\``;
  }

  /**
   * No ILIKE: both sides lower-cased (a binary collation would otherwise compare case). The
   * sessions run with NO_BACKSLASH_ESCAPES, so '\\' is one backslash, as the escape clause needs.
   */
  override likeInsensitive(expr: string, pattern: string, negated: boolean): string {
    return `${this.lower(expr)} ${negated ? 'NOT LIKE' : 'LIKE'} ${this.lower(pattern)} ESCAPE ${this.string(this.likeEscape)}`;
  }

  toFloat(expr: string): string {
    return `CAST(${expr} AS DOUBLE)`;
  }

  /** No date_trunc: the first day of the bucket is built from its parts (weeks start on Monday, as date_trunc's). */
  override timeBucket(expr: string, grain: TimeGrain): string {
    switch (grain) {
      case 'year':
        return `YEAR(${expr})`;
      case 'day':
        return `CAST(${expr} AS DATE)`;
      case 'week':
        return `CAST(DATE_SUB(CAST(${expr} AS DATE), INTERVAL WEEKDAY(${expr}) DAY) AS DATE)`;
      case 'month':
        return `CAST(DATE_FORMAT(${expr}, '%Y-%m-01') AS DATE)`;
      case 'quarter':
        return `CAST(MAKEDATE(YEAR(${expr}), 1) + INTERVAL (QUARTER(${expr}) - 1) QUARTER AS DATE)`;
      default:
        return super.timeBucket(expr, grain);
    }
  }

  /** WEEKDAY() counts from 0 = Monday. */
  override isoWeekday(expr: string): string {
    return `(WEEKDAY(${expr}) + 1)`;
  }

  daysBetween(start: string, end: string): string {
    return `DATEDIFF(${end}, ${start})`;
  }

  secondsBetween(start: string, end: string): string {
    return `TIMESTAMPDIFF(SECOND, ${start}, ${end})`;
  }

  override nullSafeEquals(a: string, b: string): string {
    return `${a} <=> ${b}`;
  }

  /** No NULLS LAST: NULLs sort first ascending and last descending, so only ASC needs help. */
  /** LENGTH counts bytes here: characters are CHAR_LENGTH. */
  override textLength(expr: string): string {
    return `CHAR_LENGTH(${expr})`;
  }

  override orderItem(expr: string, direction: 'ASC' | 'DESC'): string {
    return direction === 'DESC' ? `${expr} DESC` : `${expr} IS NULL, ${expr} ASC`;
  }

  /** OFFSET needs a LIMIT: the largest one stands for "no limit". */
  override limitOffset(limit: number | undefined, offset: number | undefined): string {
    if (!offset) return limit !== undefined ? `${this.limit(limit)}\n` : '';
    return `LIMIT ${limit !== undefined ? Math.floor(limit) : '18446744073709551615'} OFFSET ${Math.floor(offset)}\n`;
  }
}
