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

  /** timestamp - timestamp is an interval; its epoch is the seconds it spans. */
  secondsBetween(start: string, end: string): string {
    return `CAST(EXTRACT(EPOCH FROM (CAST(${end} AS TIMESTAMP) - CAST(${start} AS TIMESTAMP))) AS BIGINT)`;
  }
}
