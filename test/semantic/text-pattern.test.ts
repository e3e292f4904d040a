/**
 * Text-pattern filters (starts_with, ends_with, contains, their negations, eq_ci): the SQL each
 * dialect writes, the errors, and real warehouses (DuckDB always; Postgres and MariaDB when their
 * binaries are here) where a value with `%`, `_` or `\` matches only itself and letter case is ignored.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ENGINES, engineForSuite, startEngine, type EngineName } from '../helpers/engines.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect, PostgresDialect, type SqlDialect } from '../../src/semantic/dialects/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import { SemanticQuerySchema, type DimensionFilter } from '../../src/semantic/query.js';
import { runGuarded } from '../../src/warehouse/index.js';

const model = parseModel(`
name: shelf
entities:
  - name: item
    table: item
    primary_key: id
time_dimensions:
  - name: added_on
    entity: item
    sql: \${TABLE}.added_on
    grains: [day, month, year]
dimensions:
  - name: item_id
    entity: item
    sql: \${TABLE}.id
    type: number
  - name: label
    entity: item
    sql: \${TABLE}.label
    type: string
  - name: weight
    entity: item
    sql: \${TABLE}.weight
    type: number
measures:
  - name: items
    entity: item
    agg: count
    time_bound: false
defaults:
  time_dimension: added_on
`);

const LABELS = [
  '100% cotton',
  '100 cotton',
  '1000 cotton',
  'a_b',
  'axb',
  'back\\slash',
  'backXslash',
  'Lake Erie',
  'lakeside',
  'Big Lake',
  "O'Brien",
  'LAKE TAHOE',
  // (two bytes for one character: a length counts characters)
  'øx',
];

const listed = (filters: DimensionFilter[]) => ({ group_by: [{ dimension: 'label' }], filters });

describe('text patterns compile in every dialect, escaped and case-insensitive', () => {
  const dialects: [string, SqlDialect][] = [
    ['duckdb', new DuckDbDialect()],
    ['postgres', new PostgresDialect()],
    ['mysql', new MysqlDialect()],
  ];
  it.each(dialects)('%s: the text is escaped for LIKE and stays a quoted literal', (name, d) => {
    const sql = compile(model, listed([{ dimension: 'label', op: 'contains', values: ["50%_off\\x'; DROP TABLE item; --"] }]), d).sql;
    const pattern = "'%50\\%\\_off\\\\x''; DROP TABLE item; --%'";
    if (name === 'mysql') expect(sql).toContain(`LOWER(t0.label) LIKE LOWER(${pattern}) ESCAPE '\\'`);
    else expect(sql).toContain(`t0.label ILIKE ${pattern} ESCAPE '\\'`);
  });
  it.each(dialects)('%s: starts_with, ends_with, negations, several values and eq_ci', (name, d) => {
    const sql = (f: DimensionFilter) => compile(model, listed([f]), d).sql;
    const like =
      name === 'mysql'
        ? (p: string, not = false) => `LOWER(t0.label) ${not ? 'NOT LIKE' : 'LIKE'} LOWER('${p}')`
        : (p: string, not = false) => `t0.label ${not ? 'NOT ILIKE' : 'ILIKE'} '${p}'`;
    expect(sql({ dimension: 'label', op: 'starts_with', values: ['Lake'] })).toContain(like('Lake%'));
    expect(sql({ dimension: 'label', op: 'ends_with', values: ['.com'] })).toContain(like('%.com'));
    expect(sql({ dimension: 'label', op: 'not_contains', values: ['x'] })).toContain(like('%x%', true));
    expect(sql({ dimension: 'label', op: 'starts_with', values: ['a', 'b'] })).toContain(
      `(${like('a%')} ESCAPE '\\') OR (${like('b%')} ESCAPE '\\')`,
    );
    expect(sql({ dimension: 'label', op: 'not_starts_with', values: ['a', 'b'] })).toContain(
      `(${like('a%', true)} ESCAPE '\\') AND (${like('b%', true)} ESCAPE '\\')`,
    );
    expect(sql({ dimension: 'label', op: 'eq_ci', values: ['Big Lake'] })).toContain("LOWER(t0.label) = LOWER('Big Lake')");
    expect(sql({ dimension: 'label', op: 'eq_ci', values: ['a', 'b'] })).toContain("LOWER(t0.label) IN (LOWER('a'), LOWER('b'))");
    expect(sql({ dimension: 'label', op: 'ne_ci', values: ['a'] })).toContain("LOWER(t0.label) <> LOWER('a')");
    expect(sql({ dimension: 'label', op: 'ne_ci', values: ['a', 'b'] })).toContain("LOWER(t0.label) NOT IN (LOWER('a'), LOWER('b'))");
  });
  it('refuses patterns on numbers and dates, empty texts and booleans, with a readable reason', () => {
    const d = new DuckDbDialect();
    const bad: [DimensionFilter, RegExp][] = [
      [{ dimension: 'weight', op: 'starts_with', values: ['1'] }, /'starts_with' on 'weight' applies only to text dimensions/],
      [{ dimension: 'added_on', op: 'contains', values: ['2020'] }, /applies only to text dimensions.*time dimension/],
      [{ dimension: 'label', op: 'contains', values: [''] }, /non-empty text/],
      [{ dimension: 'label', op: 'ends_with', values: [true] }, /takes text/],
    ];
    for (const [f, message] of bad) {
      expect(() => compile(model, listed([f]), d)).toThrow(CompileError);
      expect(() => compile(model, listed([f]), d)).toThrow(message);
    }
  });
  it('the IR names the allowed operators when one is unknown', () => {
    const r = SemanticQuerySchema.safeParse({ metrics: ['items'], filters: [{ dimension: 'label', op: 'ilike', values: ['x'] }] });
    expect(r.success).toBe(false);
    const message = JSON.stringify(r.error?.issues);
    for (const op of ['starts_with', 'ends_with', 'contains', 'not_contains', 'eq_ci']) expect(message).toContain(op);
  });
});

/** The rows each filter keeps, on each engine: the expected labels (a set). */
const CASES: [string, DimensionFilter, string[]][] = [
  ['a % in the text matches only a %', { dimension: 'label', op: 'contains', values: ['100%'] }, ['100% cotton']],
  ['a _ in the text matches only a _', { dimension: 'label', op: 'contains', values: ['a_b'] }, ['a_b']],
  ['a backslash in the text matches only a backslash', { dimension: 'label', op: 'contains', values: ['k\\s'] }, ['back\\slash']],
  ['starts_with ignores case', { dimension: 'label', op: 'starts_with', values: ['lake'] }, ['Lake Erie', 'lakeside', 'LAKE TAHOE']],
  ['ends_with ignores case', { dimension: 'label', op: 'ends_with', values: ['LAKE'] }, ['Big Lake']],
  ['a quote in the text', { dimension: 'label', op: 'starts_with', values: ["o'b"] }, ["O'Brien"]],
  ['several values: any', { dimension: 'label', op: 'starts_with', values: ['big', 'lake t'] }, ['Big Lake', 'LAKE TAHOE']],
  [
    'not_contains keeps the others',
    { dimension: 'label', op: 'not_contains', values: ['lake'] },
    LABELS.filter((l) => !l.toLowerCase().includes('lake')),
  ],
  ['eq_ci: equal ignoring case', { dimension: 'label', op: 'eq_ci', values: ['big lake'] }, ['Big Lake']],
  [
    'ne_ci: equal to none ignoring case',
    { dimension: 'label', op: 'ne_ci', values: ['big lake', 'LAKESIDE'] },
    LABELS.filter((l) => !['big lake', 'lakeside'].includes(l.toLowerCase())),
  ],
];

/** The labels' table on each engine. */
const shelfTables = (e: EngineName): string[] => [
  e === 'mariadb'
    ? // a binary collation: letter case matters to the column itself, so the compiler must lower both sides
      'CREATE TABLE item (id INT, label VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin, weight INT, added_on DATE)'
    : `CREATE TABLE item (id INTEGER, label ${e === 'postgres' ? 'TEXT' : 'VARCHAR'}, weight INTEGER, added_on DATE)`,
  // the admin session has no NO_BACKSLASH_ESCAPES: there the backslash is doubled
  ...LABELS.map(
    (l, k) =>
      `INSERT INTO item VALUES (${k + 1}, '${(e === 'mariadb' ? l.replace(/\\/g, '\\\\') : l).replace(/'/g, "''")}', ${k}, ${e === 'mariadb' ? "'2024-01-01'" : "DATE '2024-01-01'"})`,
  ),
];

describe.each(ENGINES)('text patterns on a real %s warehouse', (engine) => {
  const engineTarget = engineForSuite(engine, 'shelf', shelfTables);
  it('the stored labels are as written (a backslash and a quote included)', async (ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const rows = (await runGuarded(target.warehouse, compile(model, { group_by: [{ dimension: 'label' }] }, target.dialect).sql)).rows;
    expect(new Set(rows.map((r) => r.label))).toEqual(new Set(LABELS));
  });
  it.for(CASES.map(([title, filter, expected]) => ({ title, filter, expected })))('$title', async ({ filter, expected }, ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const sql = compile(model, listed([filter]), target.dialect).sql;
    const rows = (await runGuarded(target.warehouse, sql)).rows;
    expect(new Set(rows.map((r) => r.label)), sql).toEqual(new Set(expected));
    const count = (await runGuarded(target.warehouse, compile(model, { metrics: ['items'], filters: [filter] }, target.dialect).sql)).rows;
    expect(Number(Object.values(count[0] ?? {})[0])).toBe(expected.length);
  });
});

describe.each(ENGINES)('an order by the length of a text on a real %s warehouse', (engine) => {
  const engineTarget = engineForSuite(engine, 'shelf', shelfTables);
  it('orders by characters, shortest first, equal lengths by the text', async (ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const sql = compile(
      model,
      { group_by: [{ dimension: 'label' }], order: [{ by: 'label', direction: 'asc', expr: 'length' }] },
      target.dialect,
    ).sql;
    const got = (await runGuarded(target.warehouse, sql)).rows.map((r) => String(r.label));
    const lengths = got.map((l) => [...l].length);
    expect(lengths, sql).toEqual([...lengths].sort((x, y) => x - y));
    expect(got.indexOf('øx'), sql).toBeLessThan(got.indexOf('a_b'));
  });
  it('refuses the length of a number', () => {
    expect(() =>
      compile(
        model,
        { group_by: [{ dimension: 'weight' }], order: [{ by: 'weight', direction: 'asc', expr: 'length' }] },
        new DuckDbDialect(),
      ),
    ).toThrow(/not a text dimension/);
  });
});

describe('text patterns on DuckDB agree with plain string matching (property)', () => {
  it('for any text of letters, %, _, \\ and quotes: starts_with/ends_with/contains keep exactly the rows JavaScript would', async () => {
    const target = (await startEngine('duckdb', 'shelf', shelfTables))!;
    try {
      const lower = LABELS.map((l) => l.toLowerCase());
      const text = fc.string({
        unit: fc.constantFrom('a', 'B', 'k', 'L', 'o', 'c', '%', '_', '\\', "'", ' ', '1', '0', 'e'),
        minLength: 1,
        maxLength: 4,
      });
      await fc.assert(
        fc.asyncProperty(
          text,
          fc.constantFrom<DimensionFilter['op']>('starts_with', 'ends_with', 'contains', 'not_contains'),
          async (t, op) => {
            const sql = compile(model, listed([{ dimension: 'label', op, values: [t] }]), target.dialect).sql;
            const got = new Set((await runGuarded(target.warehouse, sql)).rows.map((r) => r.label));
            const n = t.toLowerCase();
            const keep = (l: string) =>
              op === 'starts_with'
                ? l.startsWith(n)
                : op === 'ends_with'
                  ? l.endsWith(n)
                  : op === 'contains'
                    ? l.includes(n)
                    : !l.includes(n);
            expect(got).toEqual(new Set(LABELS.filter((_, k) => keep(lower[k]!))));
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      await target.stop();
    }
  }, 60_000);
});
