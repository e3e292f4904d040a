/**
 * any_of: groups of alternative filters (a row is kept when any member holds), AND-ed with the other
 * filters. The IR validates them (at least two members, each a valid filter; the plan tool's schema
 * carries the same definition); every dialect compiles them with the members OR-ed inside one pair of
 * parentheses; on real warehouses (DuckDB always; Postgres and MariaDB when their binaries are here)
 * the rows are those of the OR. Members on two entities are refused. Own fixture: a small clinic.
 */
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { ENGINES, engineForSuite } from '../helpers/engines.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DuckDbDialect, MysqlDialect, PostgresDialect, type SqlDialect } from '../../src/semantic/dialects/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import { SemanticQuerySchema, type DimensionFilterInput, type SemanticQueryInput } from '../../src/semantic/query.js';
import { runGuarded } from '../../src/warehouse/index.js';
import { anyOfPhrase } from '../../src/answer/labels.js';
import { buildAnswer } from '../../src/answer/index.js';
import { col, input } from '../answer/fixtures.js';
import { PlanSchema } from '../../src/nlq/llm/plan.js';
import { redactQueryValues, restoreQueryValues } from '../../src/nlq/llm/retrieval.js';

const model = parseModel(`
name: clinic
entities:
  - name: vet
    table: vet
    primary_key: id
  - name: visit
    table: visit
    primary_key: visit_id
relationships:
  - { from: visit, to: vet, on: [[vet_id, id]] }
time_dimensions:
  - name: seen_on
    entity: visit
    sql: \${TABLE}.seen_on
    grains: [day, month, year]
dimensions:
  - name: vet_id
    entity: vet
    sql: \${TABLE}.id
    type: number
  - name: first_name
    entity: vet
    sql: \${TABLE}.first_name
    type: string
  - name: last_name
    entity: vet
    sql: \${TABLE}.last_name
    type: string
  - name: town
    entity: vet
    sql: \${TABLE}.town
    type: string
  - name: years
    entity: vet
    sql: \${TABLE}.years
    type: number
  - name: species
    entity: visit
    sql: \${TABLE}.species
    type: string
measures:
  - name: vets
    entity: vet
    agg: count
    time_bound: false
  - name: visits
    entity: visit
    agg: count
    time_dimension: seen_on
defaults:
  time_dimension: seen_on
`);

/** id, first name, last name, town, years */
const VETS: [number, string, string | null, string, number | null][] = [
  [1, 'Jane', 'Moss', 'Ashby', 12],
  [2, 'Omar', 'Dawson', 'Ashby', 3],
  [3, 'jill', 'Reed', 'Brompton', null],
  [4, 'Kate', 'Hudson', 'Carlow', 20],
  [5, 'Paul', null, 'Brompton', 1],
  [6, 'Ruth', 'Lee', 'Carlow', 8],
];
/** visit id, vet id, species, seen on */
const VISITS: [number, number, string, string][] = [
  [1, 1, 'cat', '2024-01-03'],
  [2, 2, 'dog', '2024-01-05'],
  [3, 3, 'cat', '2024-02-01'],
  [4, 4, 'horse', '2024-02-11'],
  [5, 6, 'dog', '2024-03-01'],
  [6, 6, 'cat', '2024-03-02'],
];
type Vet = (typeof VETS)[number];
const ids = (f: (v: Vet) => boolean) => VETS.filter(f).map((v) => v[0]);

const J_OR_SON: DimensionFilterInput[] = [
  { dimension: 'first_name', op: 'starts_with', values: ['J'] },
  { dimension: 'last_name', op: 'contains', values: ['son'] },
];
const listed = (q: Partial<SemanticQueryInput>): SemanticQueryInput => ({ group_by: [{ dimension: 'vet_id' }], ...q });

describe('the IR: any_of groups of at least two valid filters', () => {
  it('parses a group, and refuses a group of one or a member without values', () => {
    expect(SemanticQuerySchema.parse({ metrics: ['vets'], any_of: [{ filters: J_OR_SON }] }).any_of).toEqual([{ filters: J_OR_SON }]);
    expect(SemanticQuerySchema.safeParse({ metrics: ['vets'], any_of: [{ filters: [J_OR_SON[0]] }] }).success).toBe(false);
    const r = SemanticQuerySchema.safeParse({ metrics: ['vets'], any_of: [{ filters: [J_OR_SON[0], { dimension: 'town', op: 'eq' }] }] });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('needs at least one value');
  });
  it("the planner's tool schema carries the same definition", () => {
    const schema = JSON.stringify(toJsonSchema(PlanSchema as never));
    expect(schema).toContain('"any_of"');
    expect(schema).toContain('starts_with');
  });
  it('privacy mode redacts and restores the values of its members', () => {
    const q = SemanticQuerySchema.parse({
      metrics: ['vets'],
      filters: [{ dimension: 'town', op: 'eq', values: ['Ashby'] }],
      any_of: [{ filters: J_OR_SON }],
    });
    const { query, values } = redactQueryValues(q);
    expect(JSON.stringify(query)).not.toMatch(/Ashby|son|"J"/);
    expect(restoreQueryValues(query, values)).toEqual(q);
  });
});

describe('any_of compiles in every dialect', () => {
  const dialects: [string, SqlDialect][] = [
    ['duckdb', new DuckDbDialect()],
    ['postgres', new PostgresDialect()],
    ['mysql', new MysqlDialect()],
  ];
  it.each(dialects)('%s: the members OR-ed inside one pair of parentheses, AND-ed with the other filters', (_name, d) => {
    const sql = compile(
      model,
      listed({ filters: [{ dimension: 'town', op: 'eq', values: ['Ashby'] }], any_of: [{ filters: J_OR_SON }] }),
      d,
    ).sql;
    const where = sql.slice(sql.indexOf('WHERE'));
    expect(where).toMatch(/\(t0\.town = 'Ashby'\) AND \(\(.*first_name.*\) OR \(.*last_name.*\)\)/);
  });
  it('members on two entities are refused with the reason', () => {
    const d = new DuckDbDialect();
    const q = {
      metrics: ['visits'],
      any_of: [
        {
          filters: [
            { dimension: 'species', op: 'eq' as const, values: ['cat'] },
            { dimension: 'town', op: 'eq' as const, values: ['Carlow'] },
          ],
        },
      ],
    };
    expect(() => compile(model, q, d)).toThrow(CompileError);
    expect(() => compile(model, q, d)).toThrow(/one entity/);
    expect(() => compile(model, { metrics: ['vets'], any_of: [{ filters: [J_OR_SON[0]!] }] }, d)).toThrow(/at least two/);
  });
});

const CASES: { title: string; query: Partial<SemanticQueryInput>; expected: number[] }[] = [
  {
    title: 'two text patterns on two dimensions',
    query: { any_of: [{ filters: J_OR_SON }] },
    expected: ids((v) => /^j/i.test(v[1]) || /son/i.test(v[2] ?? '')),
  },
  {
    title: 'a starts-with or an ends-with on one dimension',
    query: {
      any_of: [
        {
          filters: [
            { dimension: 'last_name', op: 'starts_with', values: ['M'] },
            { dimension: 'last_name', op: 'ends_with', values: ['ee'] },
          ],
        },
      ],
    },
    expected: ids((v) => /^m/i.test(v[2] ?? '') || /ee$/i.test(v[2] ?? '')),
  },
  {
    title: 'a value or a comparison, AND-ed with another filter',
    query: {
      filters: [{ dimension: 'town', op: 'in', values: ['Ashby', 'Carlow'] }],
      any_of: [
        {
          filters: [
            { dimension: 'first_name', op: 'eq', values: ['Omar'] },
            { dimension: 'years', op: 'gte', values: [10] },
          ],
        },
      ],
    },
    expected: ids((v) => ['Ashby', 'Carlow'].includes(v[3]) && (v[1] === 'Omar' || (v[4] ?? -1) >= 10)),
  },
  {
    title: 'presence or a negated pattern (a NULL matches neither of those)',
    query: {
      any_of: [
        {
          filters: [
            { dimension: 'years', op: 'not_set' },
            { dimension: 'last_name', op: 'not_contains', values: ['e'] },
          ],
        },
      ],
    },
    expected: ids((v) => v[4] === null || (v[2] !== null && !/e/i.test(v[2]))),
  },
  {
    title: 'three members',
    query: { any_of: [{ filters: [...J_OR_SON, { dimension: 'town', op: 'eq', values: ['Brompton'] }] }] },
    expected: ids((v) => /^j/i.test(v[1]) || /son/i.test(v[2] ?? '') || v[3] === 'Brompton'),
  },
];

const lit = (v: string | number | null, date = false) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `${date ? 'DATE ' : ''}'${v}'`;

describe.each(ENGINES)('any_of on a real %s warehouse', (engine) => {
  const engineTarget = engineForSuite(engine, 'clinic', (e) => {
    const text = e === 'mariadb' ? 'VARCHAR(50)' : e === 'postgres' ? 'TEXT' : 'VARCHAR';
    return [
      `CREATE TABLE vet (id INTEGER, first_name ${text}, last_name ${text}, town ${text}, years INTEGER)`,
      `CREATE TABLE visit (visit_id INTEGER, vet_id INTEGER, species ${text}, seen_on DATE)`,
      ...VETS.map((v) => `INSERT INTO vet VALUES (${v.map((x) => lit(x)).join(', ')})`),
      ...VISITS.map(([i, vt, s, d]) => `INSERT INTO visit VALUES (${i}, ${vt}, ${lit(s)}, ${lit(d, e !== 'mariadb')})`),
    ];
  });
  it.for(CASES)('$title', async ({ query, expected }, ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const sql = compile(model, listed(query), target.dialect).sql;
    const rows = (await runGuarded(target.warehouse, sql)).rows;
    expect(new Set(rows.map((r) => Number(r.vet_id))), sql).toEqual(new Set(expected));
    const count = (await runGuarded(target.warehouse, compile(model, { metrics: ['vets'], ...query }, target.dialect).sql)).rows;
    expect(Number(Object.values(count[0] ?? {})[0])).toBe(expected.length);
  });
  it('a metric of related rows filtered by a group on the vet (visits by vets whose name starts with J or contains son)', async (ctx) => {
    const target = engineTarget.current();
    if (!target) return ctx.skip();
    const sql = compile(model, { metrics: ['visits'], any_of: [{ filters: J_OR_SON }] }, target.dialect).sql;
    const rows = (await runGuarded(target.warehouse, sql)).rows;
    const vets = new Set(ids((v) => /^j/i.test(v[1]) || /son/i.test(v[2] ?? '')));
    expect(Number(Object.values(rows[0] ?? {})[0])).toBe(VISITS.filter((x) => vets.has(x[1])).length);
  });
});

describe('answer words', () => {
  it('a group reads "either ... or ..."', () => {
    expect(anyOfPhrase(model, { filters: J_OR_SON.map((f) => ({ ...f, values: f.values ?? [] })) })).toBe(
      'either first name starting with "J" or last name containing "son"',
    );
  });
  it('the answer, its explanation and its explanation structure name the group beside the other filters', () => {
    const r = buildAnswer(
      input(
        {
          metrics: ['orders'],
          filters: [{ dimension: 'region', op: 'eq', values: ['EUROPE'] }],
          any_of: [
            {
              filters: [
                { dimension: 'customer', op: 'starts_with', values: ['J'] },
                { dimension: 'order_status', op: 'eq', values: ['F'] },
              ],
            },
          ],
        },
        [col.orders],
        [{ orders: 12 }],
      ),
    );
    expect(r.answer).toContain('for region EUROPE and either customer starting with &quot;J&quot; or order status F (fulfilled)');
    expect(r.explanation).toContain('Filtered to region EUROPE and either customer starting with "J" or order status F (fulfilled).');
    expect(JSON.stringify(r)).toContain(
      '"any_of":[{"filters":[{"dimension":"customer","label":"Customer","op":"starts_with","values":["J"]}',
    );
  });
});
