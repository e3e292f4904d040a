/**
 * Members with no rows (`include_empty_members`): a breakdown by one entity's dimensions lists every
 * member of that entity, those with no rows in scope counted 0 (counts and sums) or NULL (other
 * aggregates). Conditions on the rows counted decide only what counts; conditions on the members
 * (their attributes, a period on their own date) decide which members there are. Errors, and real
 * warehouses (DuckDB always; Postgres and MariaDB when their binaries are here).
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, engineForSuite } from '../helpers/engines.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect, PostgresDialect, type SqlDialect } from '../../src/semantic/dialects/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import type { SemanticQueryInput } from '../../src/semantic/query.js';
import { runGuarded } from '../../src/warehouse/index.js';

const model = parseModel(`
name: kiosks
entities:
  - name: kiosk
    table: kiosk
    primary_key: id
  - name: purchase
    table: purchase
    primary_key: id
  - name: poet
    table: poet
    primary_key: id
  - name: poem
    table: poem
    primary_key: id
  - name: authorship
    table: authorship
    primary_key: [poet_id, poem_id]
relationships:
  - from: purchase
    to: kiosk
    on: [[kiosk_id, id]]
  - from: authorship
    to: poet
    on: [[poet_id, id]]
  - from: authorship
    to: poem
    on: [[poem_id, id]]
time_dimensions:
  - name: bought_on
    entity: purchase
    sql: \${TABLE}.bought_on
  - name: opened_on
    entity: kiosk
    sql: \${TABLE}.opened_on
dimensions:
  - name: kiosk_id
    entity: kiosk
    sql: \${TABLE}.id
    type: number
  - name: kiosk_label
    entity: kiosk
    sql: \${TABLE}.label
    type: string
  - name: borough
    entity: kiosk
    sql: \${TABLE}.borough
    type: string
  - name: till
    entity: purchase
    sql: \${TABLE}.till
    type: string
  - name: poet_name
    entity: poet
    sql: \${TABLE}.name
    type: string
measures:
  - name: purchases
    entity: purchase
    agg: count
    time_dimension: bought_on
  - name: takings
    entity: purchase
    agg: sum
    sql: \${TABLE}.price
    time_dimension: bought_on
  - name: mean_price
    entity: purchase
    agg: avg
    sql: \${TABLE}.price
    time_dimension: bought_on
  - name: poems
    entity: poem
    agg: count
    time_bound: false
metrics:
  - name: takings_per_purchase
    expression: takings / purchases
defaults:
  time_dimension: bought_on
`);

// Wick has no purchases at all; Moss only one, in 2023, at the card till; one purchase has no kiosk.
const KIOSKS: [number, string, string, string][] = [
  [1, 'Ash', 'North', '2020-03-01'],
  [2, 'Birch', 'North', '2021-05-01'],
  [3, 'Moss', 'South', '2020-09-01'],
  [4, 'Wick', 'South', '2022-01-01'],
];
const PURCHASES: [number, number | null, number, string, string][] = [
  [1, 1, 10, '2024-01-05', 'cash'],
  [2, 1, 20, '2024-02-01', 'card'],
  [3, 2, 5, '2024-01-10', 'cash'],
  [4, 3, 7, '2023-05-01', 'card'],
  [5, 1, 3, '2023-07-07', 'cash'],
  [6, null, 1, '2024-03-01', 'cash'],
];
const POETS: [number, string][] = [
  [1, 'Ann'],
  [2, 'Bo'],
  [3, 'Cy'],
];
const POEMS: [number, string][] = [
  [1, 'Rain'],
  [2, 'Salt'],
  [3, 'Tide'],
];
const AUTHORSHIP: [number, number][] = [
  [1, 1],
  [1, 2],
  [2, 2],
  [2, 3],
];

describe('members with no rows: errors', () => {
  const d = new DuckDbDialect();
  it('needs a breakdown by dimensions of one entity', () => {
    expect(() => compile(model, { metrics: ['purchases'], include_empty_members: true }, d)).toThrow(CompileError);
    expect(() =>
      compile(model, { metrics: ['purchases'], group_by: [{ dimension: 'bought_on', grain: 'month' }], include_empty_members: true }, d),
    ).toThrow(/time breakdown/);
    expect(() =>
      compile(
        model,
        { metrics: ['purchases'], group_by: [{ dimension: 'kiosk_label' }, { dimension: 'till' }], include_empty_members: true },
        d,
      ),
    ).toThrow(/'kiosk', 'purchase'/);
  });
  it('needs a metric (a list of members shows those with rows)', () => {
    expect(() => compile(model, { group_by: [{ dimension: 'kiosk_label' }], include_empty_members: true }, d)).toThrow(/next to a metric/);
  });
  it.each([
    ['duckdb', new DuckDbDialect(), 'IS NOT DISTINCT FROM'],
    ['postgres', new PostgresDialect(), 'IS NOT DISTINCT FROM'],
    ['mysql', new MysqlDialect(), '<=>'],
  ] as [string, SqlDialect, string][])(
    '%s: the members left join the rows counted, with its own null-safe key equality',
    (_n, dialect, eq) => {
      const sql = compile(
        model,
        { metrics: ['purchases'], group_by: [{ dimension: 'kiosk_label' }], include_empty_members: true },
        dialect,
      ).sql;
      expect(sql).toMatch(/members AS \(/);
      expect(sql).toContain('LEFT JOIN counted ON');
      expect(sql).toContain(eq);
    },
  );
  it('without the field the breakdown is unchanged (only members with rows)', () => {
    const sql = compile(model, { metrics: ['purchases'], group_by: [{ dimension: 'kiosk_label' }] }, d).sql;
    expect(sql).not.toMatch(/members AS|counted/);
  });
});

const byLabel = (q: Omit<SemanticQueryInput, 'group_by'>): SemanticQueryInput => ({
  group_by: [{ dimension: 'kiosk_label' }],
  include_empty_members: true,
  ...q,
});
const all = { order: [{ by: 'kiosk_label', direction: 'asc' as const }] };

/** [title, query, expected rows in order]. */
const CASES: [string, SemanticQueryInput, Record<string, unknown>[]][] = [
  [
    'the fewest purchases: a kiosk with none comes first (ties by label)',
    byLabel({ metrics: ['purchases'], order: [{ by: 'purchases', direction: 'asc' }], limit: 2 }),
    [
      { kiosk_label: 'Wick', purchases: 0 },
      { kiosk_label: 'Birch', purchases: 1 },
    ],
  ],
  [
    'every kiosk, the purchase with no kiosk kept as its own row',
    byLabel({ metrics: ['purchases'], ...all }),
    [
      { kiosk_label: 'Ash', purchases: 3 },
      { kiosk_label: 'Birch', purchases: 1 },
      { kiosk_label: 'Moss', purchases: 1 },
      { kiosk_label: 'Wick', purchases: 0 },
      { kiosk_label: null, purchases: 1 },
    ],
  ],
  [
    'the period dates the purchases only: a kiosk with none in it counts 0',
    byLabel({ metrics: ['purchases'], time_range: { start: '2024-01-01', end: '2025-01-01' }, ...all }),
    [
      { kiosk_label: 'Ash', purchases: 2 },
      { kiosk_label: 'Birch', purchases: 1 },
      { kiosk_label: 'Moss', purchases: 0 },
      { kiosk_label: 'Wick', purchases: 0 },
      { kiosk_label: null, purchases: 1 },
    ],
  ],
  [
    'a filter on the purchases decides what counts, never which kiosks there are',
    byLabel({ metrics: ['purchases'], filters: [{ dimension: 'till', op: 'eq', values: ['cash'] }], ...all }),
    [
      { kiosk_label: 'Ash', purchases: 2 },
      { kiosk_label: 'Birch', purchases: 1 },
      { kiosk_label: 'Moss', purchases: 0 },
      { kiosk_label: 'Wick', purchases: 0 },
      { kiosk_label: null, purchases: 1 },
    ],
  ],
  [
    'a filter on the kiosks decides which kiosks there are',
    byLabel({ metrics: ['purchases'], filters: [{ dimension: 'borough', op: 'eq', values: ['South'] }], ...all }),
    [
      { kiosk_label: 'Moss', purchases: 1 },
      { kiosk_label: 'Wick', purchases: 0 },
    ],
  ],
  [
    "a period on the kiosks' own date keeps the kiosks opened in it",
    byLabel({ metrics: ['purchases'], time_range: { dimension: 'opened_on', start: '2020-01-01', end: '2021-01-01' }, ...all }),
    [
      { kiosk_label: 'Ash', purchases: 3 },
      { kiosk_label: 'Moss', purchases: 1 },
    ],
  ],
  [
    'both at once: South kiosks, cash purchases',
    byLabel({
      metrics: ['purchases'],
      filters: [
        { dimension: 'borough', op: 'eq', values: ['South'] },
        { dimension: 'till', op: 'eq', values: ['cash'] },
      ],
      ...all,
    }),
    [
      { kiosk_label: 'Moss', purchases: 0 },
      { kiosk_label: 'Wick', purchases: 0 },
    ],
  ],
  [
    'a sum is 0, an average NULL, a derived ratio NULL',
    byLabel({
      metrics: ['takings', 'mean_price', 'takings_per_purchase'],
      filters: [{ dimension: 'borough', op: 'eq', values: ['South'] }],
      ...all,
    }),
    [
      { kiosk_label: 'Moss', takings: 7, mean_price: 7, takings_per_purchase: 7 },
      { kiosk_label: 'Wick', takings: 0, mean_price: null, takings_per_purchase: null },
    ],
  ],
  [
    'an entity condition on the kiosks keeps the members it keeps',
    byLabel({
      metrics: ['purchases'],
      filters: [{ dimension: 'till', op: 'eq', values: ['card'] }],
      entity_conditions: [{ entity: 'kiosk', metric: 'purchases', op: 'lte', value: 1 }],
      ...all,
    }),
    [
      { kiosk_label: 'Birch', purchases: 0 },
      { kiosk_label: 'Moss', purchases: 1 },
      { kiosk_label: 'Wick', purchases: 0 },
    ],
  ],
  [
    'the key and a name of one entity, lowest first',
    {
      metrics: ['purchases'],
      group_by: [{ dimension: 'kiosk_id' }, { dimension: 'kiosk_label' }],
      include_empty_members: true,
      time_range: { start: '2024-01-01', end: '2025-01-01' },
      order: [{ by: 'purchases', direction: 'asc' }],
      limit: 3,
    },
    [
      { kiosk_id: 3, kiosk_label: 'Moss', purchases: 0 },
      { kiosk_id: 4, kiosk_label: 'Wick', purchases: 0 },
      { kiosk_id: 2, kiosk_label: 'Birch', purchases: 1 },
    ],
  ],
  [
    'through a linking table (a poet with no poems)',
    {
      metrics: ['poems'],
      group_by: [{ dimension: 'poet_name' }],
      include_empty_members: true,
      order: [{ by: 'poet_name', direction: 'asc' }],
    },
    [
      { poet_name: 'Ann', poems: 2 },
      { poet_name: 'Bo', poems: 2 },
      { poet_name: 'Cy', poems: 0 },
    ],
  ],
  [
    'without the field: only the kiosks with rows',
    { metrics: ['purchases'], group_by: [{ dimension: 'kiosk_label' }], time_range: { start: '2024-01-01', end: '2025-01-01' }, ...all },
    [
      { kiosk_label: 'Ash', purchases: 2 },
      { kiosk_label: 'Birch', purchases: 1 },
      { kiosk_label: null, purchases: 1 },
    ],
  ],
];

const q = (v: string | number | null, plain: boolean, date = false) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : date && !plain ? `DATE '${v}'` : `'${v}'`;
const inserts = (plain: boolean) => [
  ...KIOSKS.map((k) => `INSERT INTO kiosk VALUES (${k[0]}, ${q(k[1], plain)}, ${q(k[2], plain)}, ${q(k[3], plain, true)})`),
  ...PURCHASES.map((p) => `INSERT INTO purchase VALUES (${p[0]}, ${q(p[1], plain)}, ${p[2]}, ${q(p[3], plain, true)}, ${q(p[4], plain)})`),
  ...POETS.map((p) => `INSERT INTO poet VALUES (${p[0]}, '${p[1]}')`),
  ...POEMS.map((p) => `INSERT INTO poem VALUES (${p[0]}, '${p[1]}')`),
  ...AUTHORSHIP.map((a) => `INSERT INTO authorship VALUES (${a[0]}, ${a[1]})`),
];

const norm = (v: unknown) =>
  typeof v === 'bigint'
    ? Number(v)
    : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
      ? Number(v)
      : typeof v === 'number'
        ? Math.round(v * 100) / 100
        : v;

describe.each(ENGINES)('members with no rows on a real %s warehouse', (engine) => {
  const engineTarget = engineForSuite(engine, 'kiosks', (e) => {
    const text = e === 'mariadb' ? 'VARCHAR(40)' : e === 'postgres' ? 'TEXT' : 'VARCHAR';
    return [
      `CREATE TABLE kiosk (id INTEGER, label ${text}, borough ${text}, opened_on DATE)`,
      `CREATE TABLE purchase (id INTEGER, kiosk_id INTEGER, price INTEGER, bought_on DATE, till ${text})`,
      `CREATE TABLE poet (id INTEGER, name ${text})`,
      `CREATE TABLE poem (id INTEGER, title ${text})`,
      'CREATE TABLE authorship (poet_id INTEGER, poem_id INTEGER)',
      ...inserts(e === 'mariadb'),
    ];
  });
  it.for(CASES.map(([title, query, expected]) => ({ title, query, expected })))('$title', async ({ query, expected }, ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const sql = compile(model, query, target.dialect).sql;
    const rows = (await runGuarded(target.warehouse, sql)).rows;
    expect(
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, norm(v)]))),
      sql,
    ).toEqual(expected);
  });
});
