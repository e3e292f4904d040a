import { SqlDialect } from './dialect.js';

export class DuckDbDialect extends SqlDialect {
  readonly name = 'duckdb' as const;

  toFloat(expr: string): string {
    return `CAST(${expr} AS DOUBLE)`;
  }

  daysBetween(start: string, end: string): string {
    return `date_diff('day', CAST(${start} AS DATE), CAST(${end} AS DATE))`;
  }

  secondsBetween(start: string, end: string): string {
    return `date_diff('second', CAST(${start} AS TIMESTAMP), CAST(${end} AS TIMESTAMP))`;
  }
}
