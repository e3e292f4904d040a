/**
 * `same_periods`: rows whose date falls in the same calendar bucket as another date of theirs (of the
 * row itself, or of the thing it belongs to: a payment and its member's join date). Every dialect
 * compiles it with its own buckets; on real warehouses (DuckDB always; Postgres and MariaDB when
 * their binaries are here) a timestamp late in the month stays in its month, and a missing date
 * keeps no row. A date the rows do not reach, or the same date twice, is refused.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, engineForSuite } from '../helpers/engines.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import type { SemanticQueryInput } from '../../src/semantic/query.js';
import { runGuarded } from '../../src/warehouse/index.js';

const model = parseModel(`
name: club
entities:
  - name: member
    table: member
    primary_key: id
  - name: payment
    table: payment
    primary_key: id
relationships:
  - from: payment
    to: member
    on: [[member_id, id]]
time_dimensions:
  - name: joined_on
    entity: member
    sql: \${TABLE}.joined_on
  - name: paid_at
    entity: payment
    sql: \${TABLE}.paid_at
  - name: due_on
    entity: payment
    sql: \${TABLE}.due_on
dimensions:
  - name: member_id
    entity: member
    sql: \${TABLE}.id
    type: number
measures:
  - name: payments
    entity: payment
    agg: count
    time_dimension: paid_at
  - name: members
    entity: member
    agg: count
    time_bound: false
defaults:
  time_dimension: paid_at
`);

const MEMBERS: [number, string | null][] = [
  [1, '2024-01-15'],
  [2, '2024-02-29'],
  [3, null],
];
// id, member, paid_at, due_on
const PAYMENTS: [number, number, string, string | null][] = [
  [1, 1, '2024-01-31 23:30:00', '2024-01-31'],
  [2, 1, '2024-02-01 00:10:00', '2024-01-31'],
  [3, 2, '2024-02-29 12:00:00', '2024-03-01'],
  [4, 2, '2025-02-10 12:00:00', null],
  [5, 3, '2024-03-03 12:00:00', '2024-03-03'],
];

describe('compiling same_periods', () => {
  it('buckets both dates by the grain, joining the member', () => {
    const sql = compile(
      model,
      { metrics: ['payments'], same_periods: [{ dimension: 'paid_at', as: 'joined_on', grain: 'month' }] },
      new DuckDbDialect(),
    ).sql;
    expect(sql).toContain("CAST(date_trunc('month', t0.paid_at) AS DATE) = CAST(date_trunc('month', t1.joined_on) AS DATE)");
    expect(sql).toContain('LEFT JOIN member AS t1 ON t0.member_id = t1.id');
  });
  it('the same date twice, a date the rows cannot reach, or an unknown date is refused', () => {
    const d = new DuckDbDialect();
    expect(() =>
      compile(model, { metrics: ['payments'], same_periods: [{ dimension: 'paid_at', as: 'paid_at', grain: 'month' }] }, d),
    ).toThrow(CompileError);
    expect(() =>
      compile(model, { metrics: ['members'], same_periods: [{ dimension: 'joined_on', as: 'paid_at', grain: 'month' }] }, d),
    ).toThrow(/cannot be reached/);
    expect(() =>
      compile(model, { metrics: ['payments'], same_periods: [{ dimension: 'paid_at', as: 'nope', grain: 'month' }] }, d),
    ).toThrow(CompileError);
  });
});

const CASES: { title: string; query: SemanticQueryInput; expected: number }[] = [
  {
    title: 'payments in the month their member joined',
    query: { metrics: ['payments'], same_periods: [{ dimension: 'paid_at', as: 'joined_on', grain: 'month' }] },
    expected: 2,
  },
  {
    title: 'payments in the year their member joined',
    query: { metrics: ['payments'], same_periods: [{ dimension: 'paid_at', as: 'joined_on', grain: 'year' }] },
    expected: 3,
  },
  {
    title: 'payments made in the week they were due',
    query: { metrics: ['payments'], same_periods: [{ dimension: 'paid_at', as: 'due_on', grain: 'week' }] },
    expected: 4,
  },
  {
    title: 'with a period and a breakdown by member',
    query: {
      metrics: ['payments'],
      group_by: [{ dimension: 'member_id' }],
      time_range: { start: '2024-01-01', end: '2025-01-01' },
      same_periods: [{ dimension: 'paid_at', as: 'joined_on', grain: 'month' }],
    },
    expected: 2,
  },
];

describe.each(ENGINES)('same_periods on a real %s warehouse', (engine) => {
  const target = engineForSuite(engine, 'club', (e) => {
    const ts = e === 'mariadb' ? 'DATETIME' : 'TIMESTAMP';
    const lit = (v: string | null, kind: string) => (v === null ? 'NULL' : e === 'mariadb' ? `'${v}'` : `${kind} '${v}'`);
    return [
      'CREATE TABLE member (id INTEGER, joined_on DATE)',
      `CREATE TABLE payment (id INTEGER, member_id INTEGER, paid_at ${ts}, due_on DATE)`,
      ...MEMBERS.map(([id, j]) => `INSERT INTO member VALUES (${id}, ${lit(j, 'DATE')})`),
      ...PAYMENTS.map(([id, m, p, due]) => `INSERT INTO payment VALUES (${id}, ${m}, ${lit(p, 'TIMESTAMP')}, ${lit(due, 'DATE')})`),
    ];
  });
  it.for(CASES)('$title', async ({ query, expected }, ctx) => {
    const t = target.current();
    if (!t) return ctx.skip();
    const sql = compile(model, query, t.dialect).sql;
    const rows = (await runGuarded(t.warehouse, sql)).rows;
    expect(
      rows.reduce((n, r) => n + Number(r.payments ?? 0), 0),
      sql,
    ).toBe(expected);
  });
});
