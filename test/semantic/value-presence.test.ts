/**
 * is_set / not_set: whether a dimension has a value at all. The IR takes them with no values (and
 * still wants values for the other operators); every dialect compiles them; on real warehouses
 * (DuckDB always; Postgres and MariaDB when their binaries are here) NULL is no value, and on a text
 * dimension neither is the empty text. A request's `dimensions` say it as {set: true|false}.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, engineForSuite } from '../helpers/engines.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect, PostgresDialect, type SqlDialect } from '../../src/semantic/dialects/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import { DimensionFilterSchema, SemanticQuerySchema, type DimensionFilterInput } from '../../src/semantic/query.js';
import { DimensionValidationError, resolveRequestDimensions } from '../../src/nlq/dimensions.js';
import { DimensionValueSchema } from '../../src/schemas/inquiry.js';
import { runGuarded } from '../../src/warehouse/index.js';
import { filterPhrase } from '../../src/answer/labels.js';
import { filterValueWords } from '../../src/semantic/query.js';

const model = parseModel(`
name: desk
entities:
  - name: ticket
    table: ticket
    primary_key: id
time_dimensions:
  - name: closed_on
    entity: ticket
    sql: \${TABLE}.closed_on
    grains: [day, month, year]
dimensions:
  - name: ticket_id
    entity: ticket
    sql: \${TABLE}.id
    type: number
  - name: assignee
    entity: ticket
    sql: \${TABLE}.assignee
    type: string
  - name: effort
    entity: ticket
    sql: \${TABLE}.effort
    type: number
measures:
  - name: tickets
    entity: ticket
    agg: count
    time_bound: false
defaults:
  time_dimension: closed_on
`);

/** id, assignee, effort, closed_on */
const ROWS: [number, string | null, number | null, string | null][] = [
  [1, 'Ann', 3, '2024-01-02'],
  [2, null, 5, null],
  [3, '', null, '2024-02-01'],
  [4, 'Bo', null, null],
  [5, 'Cy', 0, '2024-03-01'],
];
const ids = (f: (r: (typeof ROWS)[number]) => boolean) => ROWS.filter(f).map((r) => r[0]);

const listed = (filters: DimensionFilterInput[]) => ({ group_by: [{ dimension: 'ticket_id' }], filters });

describe('the IR: no values for is_set / not_set, values for the rest', () => {
  it('is_set and not_set parse with values omitted or empty, and refuse values', () => {
    expect(DimensionFilterSchema.parse({ dimension: 'assignee', op: 'not_set' })).toEqual({
      dimension: 'assignee',
      op: 'not_set',
      values: [],
    });
    expect(DimensionFilterSchema.safeParse({ dimension: 'assignee', op: 'is_set', values: [] }).success).toBe(true);
    const r = DimensionFilterSchema.safeParse({ dimension: 'assignee', op: 'is_set', values: ['Ann'] });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('takes no values');
  });
  it('the other operators still need a value', () => {
    for (const op of ['eq', 'in', 'contains', 'between']) {
      const r = SemanticQuerySchema.safeParse({ metrics: ['tickets'], filters: [{ dimension: 'assignee', op }] });
      expect(r.success, op).toBe(false);
      expect(JSON.stringify(r.error?.issues)).toContain('needs at least one value');
    }
  });
});

describe('is_set / not_set compile in every dialect', () => {
  const dialects: [string, SqlDialect][] = [
    ['duckdb', new DuckDbDialect()],
    ['postgres', new PostgresDialect()],
    ['mysql', new MysqlDialect()],
  ];
  it.each(dialects)('%s: NULL tests, and the empty text on a text dimension', (_name, d) => {
    const sql = (f: DimensionFilterInput) => compile(model, listed([f]), d).sql;
    expect(sql({ dimension: 'assignee', op: 'is_set' })).toContain("(t0.assignee IS NOT NULL AND t0.assignee <> '')");
    expect(sql({ dimension: 'assignee', op: 'not_set', values: [] })).toContain("(t0.assignee IS NULL OR t0.assignee = '')");
    expect(sql({ dimension: 'effort', op: 'not_set' })).toContain('(t0.effort IS NULL)');
    expect(sql({ dimension: 'closed_on', op: 'is_set' })).toContain('(t0.closed_on IS NOT NULL)');
  });
  it('a value given to them is refused with a reason; an unknown dimension is named', () => {
    const d = new DuckDbDialect();
    expect(() => compile(model, listed([{ dimension: 'effort', op: 'is_set', values: [1] }]), d)).toThrow(/takes no values/);
    expect(() => compile(model, listed([{ dimension: 'nope', op: 'is_set' }]), d)).toThrow(CompileError);
  });
});

const CASES: [string, DimensionFilterInput, number[]][] = [
  ['text is_set: neither NULL nor empty', { dimension: 'assignee', op: 'is_set' }, ids((r) => !!r[1])],
  ['text not_set: NULL or empty', { dimension: 'assignee', op: 'not_set' }, ids((r) => !r[1])],
  ['number is_set keeps 0', { dimension: 'effort', op: 'is_set' }, ids((r) => r[2] !== null)],
  ['number not_set', { dimension: 'effort', op: 'not_set' }, ids((r) => r[2] === null)],
  ['time dimension not_set', { dimension: 'closed_on', op: 'not_set' }, ids((r) => r[3] === null)],
  ['time dimension is_set', { dimension: 'closed_on', op: 'is_set' }, ids((r) => r[3] !== null)],
];

const lit = (v: string | number | null, date = false) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `${date ? 'DATE ' : ''}'${v}'`;
const inserts = (date: boolean) => ROWS.map(([i, a, e, c]) => `INSERT INTO ticket VALUES (${i}, ${lit(a)}, ${lit(e)}, ${lit(c, date)})`);

describe.each(ENGINES)('is_set / not_set on a real %s warehouse', (engine) => {
  const engineTarget = engineForSuite(engine, 'desk', (e) => [
    e === 'mariadb'
      ? 'CREATE TABLE ticket (id INT, assignee VARCHAR(50), effort INT, closed_on DATE)'
      : `CREATE TABLE ticket (id INTEGER, assignee ${e === 'postgres' ? 'TEXT' : 'VARCHAR'}, effort INTEGER, closed_on DATE)`,
    ...inserts(e !== 'mariadb'),
  ]);
  it.for(CASES.map(([title, filter, expected]) => ({ title, filter, expected })))('$title', async ({ filter, expected }, ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const sql = compile(model, listed([filter]), target.dialect).sql;
    const rows = (await runGuarded(target.warehouse, sql)).rows;
    expect(new Set(rows.map((r) => Number(r.ticket_id))), sql).toEqual(new Set(expected));
    const count = (await runGuarded(target.warehouse, compile(model, { metrics: ['tickets'], filters: [filter] }, target.dialect).sql))
      .rows;
    expect(Number(Object.values(count[0] ?? {})[0])).toBe(expected.length);
  });
});

describe('answer words', () => {
  it('a filter phrase and a column label say present / missing', () => {
    expect(filterPhrase(model, { dimension: 'assignee', op: 'not_set', values: [] })).toBe('assignee missing');
    expect(filterPhrase(model, { dimension: 'closed_on', op: 'is_set', values: [] })).toBe('closed on present');
    expect(filterValueWords({ dimension: 'closed_on', op: 'not_set' })).toBe('closed on missing');
  });
});

describe("a request's dimensions: {set: true|false}", () => {
  it('becomes is_set / not_set on dimensions and time dimensions', () => {
    expect(resolveRequestDimensions(model, new Map(), { assignee: { set: false }, closed_on: { set: true } })).toEqual([
      { dimension: 'assignee', op: 'not_set', values: [] },
      { dimension: 'closed_on', op: 'is_set', values: [] },
    ]);
    expect(DimensionValueSchema.safeParse({ set: true }).success).toBe(true);
    expect(DimensionValueSchema.safeParse({ set: 'yes' }).success).toBe(false);
  });
  it('anything else with "set" is refused with a detail naming what is allowed', () => {
    for (const bad of [{ set: 'yes' }, { set: true, from: 1 }]) {
      try {
        resolveRequestDimensions(model, new Map(), { effort: bad });
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(DimensionValidationError);
        expect((e as DimensionValidationError).detail).toMatch(/dimensions\.effort: \{set: true\}.*\{set: false\}/);
      }
    }
  });
});
