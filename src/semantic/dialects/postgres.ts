import { SqlDialect } from './dialect.js';

export class PostgresDialect extends SqlDialect {
  readonly name = 'postgres' as const;

  toFloat(expr: string): string {
    return `CAST(${expr} AS DOUBLE PRECISION)`;
  }

  /** date - date is an integer number of days in Postgres. */
  daysBetween(start: string, end: string): string {
    return `(CAST(${end} AS DATE) - CAST(${start} AS DATE))`;
  }
}
