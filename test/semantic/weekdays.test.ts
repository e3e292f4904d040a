/**
 * A period's days of the week (`time_range.days`): `weekend` = Saturday and Sunday, `weekday` =
 * Monday to Friday of the dating date. Every dialect compiles it (ISO day numbers, MySQL's WEEKDAY()
 * counted from 0); on real warehouses (DuckDB always; Postgres and MariaDB when their binaries are
 * here) dates and timestamps late in the day fall on the right day, and a comparison's previous
 * period keeps the same days.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, engineForSuite } from '../helpers/engines.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect, PostgresDialect, type SqlDialect } from '../../src/semantic/dialects/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import { TimeRangeSchema, type SemanticQueryInput } from '../../src/semantic/query.js';
import { runGuarded } from '../../src/warehouse/index.js';

const model = parseModel(`
name: kiosk
entities:
  - name: sale
    table: sale
    primary_key: id
time_dimensions:
  - name: sold_at
    entity: sale
    sql: \${TABLE}.sold_at
    grains: [day, week, month, year]
dimensions:
  - name: sale_id
    entity: sale
    sql: \${TABLE}.id
    type: number
measures:
  - name: sales
    entity: sale
    agg: count
    time_dimension: sold_at
defaults:
  time_dimension: sold_at
`);

// 2024-06-03 is a Monday; 2024-06-08/09 and 2024-05-25/26 are weekends
const ROWS: [number, string][] = [
  [1, '2024-06-03 00:00:00'],
  [2, '2024-06-07 23:59:00'],
  [3, '2024-06-08 00:30:00'],
  [4, '2024-06-09 23:30:00'],
  [5, '2024-06-10 08:00:00'],
  [6, '2024-05-25 12:00:00'],
  [7, '2024-05-29 12:00:00'],
];

const june = (days: 'weekend' | 'weekday'): SemanticQueryInput => ({
  metrics: ['sales'],
  time_range: { start: '2024-06-01', end: '2024-07-01', days },
});

describe('the IR and the dialects', () => {
  it('days is weekend or weekday, nothing else', () => {
    expect(TimeRangeSchema.safeParse({ start: '2024-06-01', end: '2024-07-01', days: 'weekend' }).success).toBe(true);
    expect(TimeRangeSchema.safeParse({ start: '2024-06-01', end: '2024-07-01', days: 'saturday' }).success).toBe(false);
  });
  const dialects: [string, SqlDialect, string][] = [
    ['duckdb', new DuckDbDialect(), 'CAST(EXTRACT(ISODOW FROM t0.sold_at) AS INTEGER)'],
    ['postgres', new PostgresDialect(), 'CAST(EXTRACT(ISODOW FROM t0.sold_at) AS INTEGER)'],
    ['mysql', new MysqlDialect(), '(WEEKDAY(t0.sold_at) + 1)'],
  ];
  it.each(dialects)('%s: ISO day numbers', (_name, d, dow) => {
    expect(compile(model, june('weekend'), d).sql).toContain(`${dow} IN (6, 7)`);
    expect(compile(model, june('weekday'), d).sql).toContain(`${dow} BETWEEN 1 AND 5`);
    expect(compile(model, { metrics: ['sales'], time_range: { start: '2024-06-01', end: '2024-07-01' } }, d).sql).not.toContain(dow);
  });
});

const CASES: { title: string; query: SemanticQueryInput; expected: Record<string, number> }[] = [
  { title: 'weekend sales in June', query: june('weekend'), expected: { sales: 2 } },
  { title: 'weekday sales in June', query: june('weekday'), expected: { sales: 3 } },
  {
    title: 'weekend sales by week in June',
    query: { ...june('weekend'), group_by: [{ dimension: 'sold_at', grain: 'week' }] },
    expected: { sales: 2 },
  },
  {
    title: 'a comparison keeps the days in the previous period',
    query: {
      metrics: ['sales'],
      time_range: { start: '2024-06-01', end: '2024-07-01', days: 'weekend' },
      comparison: { previous: { start: '2024-05-01', end: '2024-06-01' } },
    },
    expected: { sales: 2, sales_previous: 1 },
  },
];

describe.each(ENGINES)('days of the week on a real %s warehouse', (engine) => {
  const target = engineForSuite(engine, 'kiosk', (e) => [
    `CREATE TABLE sale (id INTEGER, sold_at ${e === 'mariadb' ? 'DATETIME' : 'TIMESTAMP'})`,
    ...ROWS.map(([id, at]) => `INSERT INTO sale VALUES (${id}, ${e === 'mariadb' ? '' : 'TIMESTAMP '}'${at}')`),
  ]);
  it.for(CASES)('$title', async ({ query, expected }, ctx) => {
    const t = target.current();
    if (!t) return ctx.skip();
    const sql = compile(model, query, t.dialect).sql;
    const rows = (await runGuarded(t.warehouse, sql)).rows;
    for (const [column, want] of Object.entries(expected)) {
      const total = rows.reduce((n, r) => n + Number(Object.entries(r).find(([k]) => k === column)?.[1] ?? 0), 0);
      expect(total, `${column}: ${sql}`).toBe(want);
    }
  });
});
