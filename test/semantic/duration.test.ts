/**
 * Durations between two time dimensions of one entity (`durations`): the errors, and real
 * warehouses (DuckDB always; Postgres and MariaDB when their binaries are here) where whole days,
 * seconds, hours, NULL dates and every aggregate give the numbers computed here by hand.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, engineForSuite } from '../helpers/engines.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect, PostgresDialect, type SqlDialect } from '../../src/semantic/dialects/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import { SemanticQuerySchema, type SemanticQueryInput } from '../../src/semantic/query.js';
import { runGuarded } from '../../src/warehouse/index.js';

const model = parseModel(`
name: clinic
entities:
  - name: visit
    table: visit
    primary_key: id
  - name: ward
    table: ward
    primary_key: id
  - name: supplier
    table: supplier
    primary_key: id
relationships:
  - from: visit
    to: ward
    on: [[ward_id, id]]
time_dimensions:
  - name: booked_on
    entity: visit
    sql: \${TABLE}.booked_on
  - name: seen_on
    entity: visit
    sql: \${TABLE}.seen_on
  - name: check_in
    entity: visit
    sql: \${TABLE}.check_in
  - name: check_out
    entity: visit
    sql: \${TABLE}.check_out
  - name: ward_opened
    entity: ward
    sql: \${TABLE}.opened
  - name: supplier_since
    entity: supplier
    sql: \${TABLE}.since
dimensions:
  - name: ward_name
    entity: ward
    sql: \${TABLE}.name
    type: string
measures:
  - name: visits
    entity: visit
    agg: count
    time_dimension: booked_on
defaults:
  time_dimension: booked_on
`);

/** id, ward, booked_on, seen_on, check_in, check_out (times of day on the check-in/out). */
const VISITS: [number, number, string | null, string | null, string | null, string | null][] = [
  [1, 1, '2024-01-01', '2024-01-04', '2024-01-04 09:00:00', '2024-01-04 09:30:00'],
  [2, 1, '2024-01-10', '2024-01-11', '2024-01-11 23:00:00', '2024-01-12 01:00:00'],
  [3, 1, '2024-02-01', null, '2024-02-03 08:00:00', null],
  [4, 2, '2024-02-27', '2024-03-02', '2024-03-02 10:00:00', '2024-03-02 10:00:45'],
  [5, 2, null, '2024-03-05', null, '2024-03-05 12:00:00'],
  [6, 2, '2024-03-10', '2024-03-09', '2024-03-09 16:00:00', '2024-03-09 15:00:00'],
];
const WARDS: [number, string, string][] = [
  [1, 'North', '2020-01-01'],
  [2, 'South', '2021-06-01'],
];

/** Whole days from a to b (dates). */
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const secs = (a: string, b: string) => (Date.parse(b.replace(' ', 'T') + 'Z') - Date.parse(a.replace(' ', 'T') + 'Z')) / 1000;
const both = VISITS.filter((v) => v[2] && v[3]);
const dayGaps = both.map((v) => days(v[2]!, v[3]!)); // [3, 1, 4, -1]
const stays = VISITS.filter((v) => v[4] && v[5]).map((v) => secs(v[4]!, v[5]!)); // [1800, 7200, 45, -3600]
const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('durations: errors', () => {
  const d = new DuckDbDialect();
  it('refuses two time dimensions of entities neither of which belongs to the other, naming them', () => {
    const q: SemanticQueryInput = { durations: [{ name: 'x', from: 'supplier_since', to: 'seen_on', unit: 'day', agg: 'avg' }] };
    expect(() => compile(model, q, d)).toThrow(CompileError);
    expect(() => compile(model, q, d)).toThrow(/'supplier_since' dates supplier and 'seen_on' dates visit/);
  });
  it.each([
    ['duckdb', new DuckDbDialect()],
    ['postgres', new PostgresDialect()],
    ['mysql', new MysqlDialect()],
  ] as [string, SqlDialect][])('%s: a date of the thing the rows belong to is read through the join', (_n, dialect) => {
    const sql = compile(model, { durations: [{ name: 'x', from: 'ward_opened', to: 'seen_on', unit: 'day', agg: 'avg' }] }, dialect).sql;
    expect(sql).toMatch(/JOIN/);
    expect(sql).toMatch(/\.opened/);
  });
  it('a span is of one thing: two dates of different things are refused, naming them', () => {
    const q: SemanticQueryInput = {
      metrics: ['visits'],
      spans: [{ name: 'x', from: 'ward_opened', to: 'seen_on' }],
      filters: [{ dimension: 'x', op: 'gt', values: [1] }],
    };
    expect(() => compile(model, q, d)).toThrow(/'ward_opened' dates ward and 'seen_on' dates visit/);
  });
  it.each([
    ['duckdb', new DuckDbDialect(), "date_diff('day'"],
    ['postgres', new PostgresDialect(), '(CAST(t0.seen_on AS DATE) - CAST(t0.booked_on AS DATE))'],
    ['mysql', new MysqlDialect(), 'DATEDIFF('],
  ] as [string, SqlDialect, string][])("%s writes a row's span in its own way, in the WHERE", (_n, dialect, text) => {
    const q: SemanticQueryInput = {
      metrics: ['visits'],
      spans: [{ name: 'wait', from: 'booked_on', to: 'seen_on' }],
      filters: [{ dimension: 'wait', op: 'lte', values: [2] }],
    };
    const sql = compile(model, q, dialect).sql;
    expect(sql.slice(sql.indexOf('WHERE'))).toContain(text);
  });
  it('a date is aggregated only by its lowest or highest', () => {
    expect(() => compile(model, { column_aggregates: [{ name: 'x', of: 'seen_on', agg: 'avg' }] }, d)).toThrow(CompileError);
    expect(compile(model, { column_aggregates: [{ name: 'x', of: 'seen_on', agg: 'min' }] }, new PostgresDialect()).sql).toContain('MIN(');
  });
  it('refuses an unknown time dimension, naming the known ones', () => {
    expect(() => compile(model, { durations: [{ name: 'x', from: 'booked', to: 'seen_on' }] }, d)).toThrow(/booked/);
  });
  it('the IR defaults to days and the average, and refuses other units', () => {
    const q = SemanticQuerySchema.parse({ durations: [{ name: 'x', from: 'booked_on', to: 'seen_on' }] });
    expect(q.durations![0]).toMatchObject({ unit: 'day', agg: 'avg' });
    expect(SemanticQuerySchema.safeParse({ durations: [{ name: 'x', from: 'booked_on', to: 'seen_on', unit: 'week' }] }).success).toBe(
      false,
    );
  });
  it.each([
    ['duckdb', new DuckDbDialect(), "date_diff('second'"],
    ['postgres', new PostgresDialect(), 'EXTRACT(EPOCH FROM'],
    ['mysql', new MysqlDialect(), 'TIMESTAMPDIFF(SECOND'],
  ] as [string, SqlDialect, string][])('%s writes its own seconds between two timestamps', (_n, dialect, text) => {
    expect(
      compile(model, { durations: [{ name: 'stay', from: 'check_in', to: 'check_out', unit: 'second', agg: 'avg' }] }, dialect).sql,
    ).toContain(text);
  });
});

/** [title, query, expected rows (column -> value), compared as numbers to 2 decimals]. */
const CASES: [string, SemanticQueryInput, Record<string, unknown>[]][] = [
  [
    'average whole days; rows with a NULL date do not count',
    { durations: [{ name: 'wait', from: 'booked_on', to: 'seen_on', unit: 'day', agg: 'avg' }] },
    [{ wait: avg(dayGaps) }],
  ],
  [
    'shortest, longest and total days (a negative gap is kept)',
    {
      durations: [
        { name: 'lo', from: 'booked_on', to: 'seen_on', unit: 'day', agg: 'min' },
        { name: 'hi', from: 'booked_on', to: 'seen_on', unit: 'day', agg: 'max' },
        { name: 'tot', from: 'booked_on', to: 'seen_on', unit: 'day', agg: 'sum' },
      ],
    },
    [{ lo: Math.min(...dayGaps), hi: Math.max(...dayGaps), tot: dayGaps.reduce((s, x) => s + x, 0) }],
  ],
  [
    'whole days of timestamps count calendar days (23:00 to 01:00 is one day)',
    { durations: [{ name: 'd', from: 'check_in', to: 'check_out', unit: 'day', agg: 'max' }] },
    [{ d: 1 }],
  ],
  [
    'average seconds between timestamps',
    { durations: [{ name: 's', from: 'check_in', to: 'check_out', unit: 'second', agg: 'avg' }] },
    [{ s: avg(stays) }],
  ],
  [
    'total hours and minutes',
    {
      durations: [
        { name: 'h', from: 'check_in', to: 'check_out', unit: 'hour', agg: 'sum' },
        { name: 'm', from: 'check_in', to: 'check_out', unit: 'minute', agg: 'max' },
      ],
    },
    [{ h: stays.reduce((s, x) => s + x, 0) / 3600, m: Math.max(...stays) / 60 }],
  ],
  [
    'per ward, next to a metric, ordered by the duration',
    {
      metrics: ['visits'],
      group_by: [{ dimension: 'ward_name' }],
      durations: [{ name: 'wait', from: 'booked_on', to: 'seen_on', unit: 'day', agg: 'avg' }],
      order: [{ by: 'wait', direction: 'asc' }],
    },
    [
      { ward_name: 'South', visits: 3, wait: avg([4, -1]) },
      { ward_name: 'North', visits: 3, wait: avg([3, 1]) },
    ],
  ],
  [
    "from a date of the thing each row belongs to (its ward's opening) to the row's own date: per visit",
    { durations: [{ name: 'since_open', from: 'ward_opened', to: 'seen_on', unit: 'day', agg: 'avg' }] },
    [
      {
        since_open: avg(VISITS.filter((v) => v[3]).map((v) => days(WARDS.find((w) => w[0] === v[1])![2], v[3]!))),
      },
    ],
  ],
  [
    'the period dates the rows by the start date',
    {
      durations: [{ name: 'wait', from: 'booked_on', to: 'seen_on', unit: 'day', agg: 'avg' }],
      time_range: { start: '2024-02-01', end: '2024-04-01' },
    },
    [{ wait: avg([4, -1]) }],
  ],
  [
    "each row's own span, compared row by row (spans): visits waited more than a day",
    {
      metrics: ['visits'],
      spans: [{ name: 'wait', from: 'booked_on', to: 'seen_on' }],
      filters: [{ dimension: 'wait', op: 'gt', values: [1] }],
    },
    [{ visits: dayGaps.filter((g) => g > 1).length }],
  ],
  [
    'a span in minutes between two timestamps, at least 30',
    {
      metrics: ['visits'],
      spans: [{ name: 'stay', from: 'check_in', to: 'check_out', unit: 'minute' }],
      filters: [{ dimension: 'stay', op: 'gte', values: [30] }],
    },
    [{ visits: stays.filter((x) => x / 60 >= 30).length }],
  ],
  [
    'a span listed per row (a breakdown by it), rows with a date missing together last',
    {
      metrics: ['visits'],
      spans: [{ name: 'wait', from: 'booked_on', to: 'seen_on' }],
      group_by: [{ dimension: 'wait' }],
      order: [{ by: 'wait', direction: 'asc' }],
    },
    [...[...dayGaps].sort((x, y) => x - y).map((wait) => ({ wait, visits: 1 })), { wait: null, visits: 2 }],
  ],
];

const lit = (v: string | null, ts: boolean) => (v === null ? 'NULL' : ts ? `TIMESTAMP '${v}'` : `DATE '${v}'`);
const inserts = (plain = false) => [
  ...VISITS.map(
    (v) =>
      `INSERT INTO visit VALUES (${v[0]}, ${v[1]}, ${[v[2], v[3]].map((x) => (plain && x ? `'${x}'` : lit(x, false))).join(', ')}, ${[v[4], v[5]].map((x) => (plain && x ? `'${x}'` : lit(x, true))).join(', ')})`,
  ),
  ...WARDS.map((w) => `INSERT INTO ward VALUES (${w[0]}, '${w[1]}', ${plain ? `'${w[2]}'` : `DATE '${w[2]}'`})`),
];

const round = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && /^-?\d/.test(v)) || typeof v === 'bigint' ? Math.round(Number(v) * 100) / 100 : v;

describe.each(ENGINES)('durations on a real %s warehouse', (engine) => {
  const engineTarget = engineForSuite(engine, 'clinic', (e) =>
    e === 'mariadb'
      ? [
          'CREATE TABLE visit (id INT, ward_id INT, booked_on DATE, seen_on DATE, check_in DATETIME, check_out DATETIME)',
          'CREATE TABLE ward (id INT, name VARCHAR(50), opened DATE)',
          ...inserts(true),
        ]
      : [
          'CREATE TABLE visit (id INTEGER, ward_id INTEGER, booked_on DATE, seen_on DATE, check_in TIMESTAMP, check_out TIMESTAMP)',
          `CREATE TABLE ward (id INTEGER, name ${e === 'postgres' ? 'TEXT' : 'VARCHAR'}, opened DATE)`,
          ...inserts(),
        ],
  );
  it("a date's earliest and latest per group (column aggregates of a time dimension), joined from the rows", async (ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const query: SemanticQueryInput = {
      group_by: [{ dimension: 'ward_name' }],
      column_aggregates: [
        { name: 'first_seen', of: 'seen_on', agg: 'min' },
        { name: 'last_booked', of: 'booked_on', agg: 'max' },
      ],
    };
    const sql = compile(model, query, target.dialect).sql;
    const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
    const rows = (await runGuarded(target.warehouse, sql)).rows.map((r) => [r.ward_name, day(r.first_seen), day(r.last_booked)]);
    expect(rows, sql).toEqual([
      ['North', '2024-01-04', '2024-02-01'],
      ['South', '2024-03-02', '2024-03-10'],
    ]);
  });
  it.for(CASES.map(([title, query, expected]) => ({ title, query, expected })))('$title', async ({ query, expected }, ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const sql = compile(model, query, target.dialect).sql;
    const rows = (await runGuarded(target.warehouse, sql)).rows;
    expect(
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v)]))),
      sql,
    ).toEqual(expected.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v)]))));
  });
});
