/**
 * The text-pattern construction: "<dimension> starts with / ends with / contains <text>", "<thing>s
 * containing 'x'", "with 'x' in the name", negations, "or", "like '%x%'", and the case-insensitivity
 * phrasing; refused when the dimension or the text is not clear. Own fixture (a small shop model).
 */
import { describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { filterPhrase } from '../../src/answer/labels.js';
import { interpret } from '../../src/nlq/interpret.js';
import type { Interpretation } from '../../src/nlq/types.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const model = parseModel(`
name: shop
entities:
  - name: state
    table: state
    primary_key: state_name
  - name: lake
    table: lake
    primary_key: lake_id
  - name: customer
    table: customer
    primary_key: customer_id
  - name: product
    table: product
    primary_key: product_id
  - name: diagnosis
    table: diagnosis
    primary_key: diag_id
  - name: sale
    table: sale
    primary_key: sale_id
  - name: member
    table: member
    primary_key: member_id
relationships:
  - { from: lake, to: state, on: [[state_name, state_name]] }
  - { from: sale, to: customer, on: [[customer_id, customer_id]] }
  - { from: sale, to: product, on: [[product_id, product_id]] }
time_dimensions:
  - name: sale_date
    entity: sale
    sql: \${TABLE}.sale_date
    grains: [day, month, year]
dimensions:
  - name: state_name
    entity: state
    sql: \${TABLE}.state_name
    type: string
  - name: state_area
    entity: state
    sql: \${TABLE}.area
    type: number
    label: State area
  - name: lake_id
    entity: lake
    sql: \${TABLE}.lake_id
    type: number
  - name: lake_name
    entity: lake
    sql: \${TABLE}.lake_name
    type: string
  - name: customer_id
    entity: customer
    sql: \${TABLE}.customer_id
    type: number
  - name: customer_name
    entity: customer
    sql: \${TABLE}.customer_name
    type: string
  - name: email
    entity: customer
    sql: \${TABLE}.email
    type: string
  - name: city
    entity: customer
    sql: \${TABLE}.city
    type: string
    index_values: true
  - name: product_id
    entity: product
    sql: \${TABLE}.product_id
    type: number
  - name: product_name
    entity: product
    sql: \${TABLE}.product_name
    type: string
  - name: category
    entity: product
    sql: \${TABLE}.category
    type: string
    index_values: true
  - name: diag_id
    entity: diagnosis
    sql: \${TABLE}.diag_id
    type: number
  - name: diag_name
    entity: diagnosis
    sql: \${TABLE}.diag_name
    type: string
    label: Diagnosis name
  - name: first_name
    entity: member
    sql: \${TABLE}.first_name
    type: string
  - name: last_name
    entity: member
    sql: \${TABLE}.last_name
    type: string
measures:
  - name: members
    entity: member
    agg: count
    time_bound: false
  - name: lakes
    entity: lake
    agg: count
    time_bound: false
  - name: customers
    entity: customer
    agg: count
    time_bound: false
  - name: products
    entity: product
    agg: count
    time_bound: false
  - name: diagnoses
    entity: diagnosis
    agg: count
    time_bound: false
  - name: sales
    entity: sale
    agg: count
    time_dimension: sale_date
  - name: revenue
    entity: sale
    agg: sum
    sql: \${TABLE}.amount
    time_dimension: sale_date
defaults:
  time_dimension: sale_date
`);
const values = new Map([
  ['city', ['Boston', 'Leeds', 'Lakeville']],
  ['category', ['Organic', 'Dairy', 'Bakery']],
]);

const ask = (question: string): Interpretation => interpret(question, { model, values, asOf: '2024-05-10' });
function q(question: string): SemanticQuery {
  const r = ask(question);
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
}

describe('text pattern: a text dimension starts with, ends with or contains a text', () => {
  it('reads the name of the thing asked about, a quoted text in double or single quotes', () => {
    const lakes = q('Which lakes have a name that starts with "Lake"?');
    expect(lakes.filters).toEqual([{ dimension: 'lake_name', op: 'starts_with', values: ['Lake'] }]);
    expect(lakes.metrics).toEqual([]);
    expect(q("how many lakes whose name begins with 'Big'")).toMatchObject({
      metrics: ['lakes'],
      filters: [{ dimension: 'lake_name', op: 'starts_with', values: ['Big'] }],
    });
  });
  it('a dimension named right before, and one unquoted word ending the phrase', () => {
    expect(q('list customers whose email ends with .com').filters).toEqual([{ dimension: 'email', op: 'ends_with', values: ['.com'] }]);
    expect(q("how many customers with an email ending in '.org'").filters).toEqual([
      { dimension: 'email', op: 'ends_with', values: ['.org'] },
    ]);
    expect(q('customer names beginning with A').filters).toEqual([{ dimension: 'customer_name', op: 'starts_with', values: ['A'] }]);
    expect(q('list customers whose name starts with the letter b').filters).toEqual([
      { dimension: 'customer_name', op: 'starts_with', values: ['b'] },
    ]);
  });
  it('"<things> containing \'x\'": the one obvious name of the thing; the case words are consumed', () => {
    const r = q("how many diagnoses containing 'psoriasis' (match with wildcards case-insensitively)");
    expect(r).toMatchObject({ metrics: ['diagnoses'], filters: [{ dimension: 'diag_name', op: 'contains', values: ['psoriasis'] }] });
  });
  it('"with \'x\' in the name" is a part of the name, never a value of another dimension', () => {
    const r = q("list products with 'organic' in the name");
    expect(r.filters).toEqual([{ dimension: 'product_name', op: 'contains', values: ['organic'] }]);
  });
  it('"has \'x\' in it", "the word \'x\'", "the letter b"', () => {
    expect(q("list products whose name has 'milk' in it").filters).toEqual([
      { dimension: 'product_name', op: 'contains', values: ['milk'] },
    ]);
    expect(q("how many products whose name does not have 'milk' in it").filters).toEqual([
      { dimension: 'product_name', op: 'not_contains', values: ['milk'] },
    ]);
    expect(q("list products whose name contains the word 'organic'").filters).toEqual([
      { dimension: 'product_name', op: 'contains', values: ['organic'] },
    ]);
  });
  it('a metric filtered through the thing whose name it is', () => {
    expect(q("revenue by city for customers whose name starts with 'X'")).toMatchObject({
      metrics: ['revenue'],
      group_by: [{ dimension: 'city' }],
      filters: [{ dimension: 'customer_name', op: 'starts_with', values: ['X'] }],
    });
  });
  it('negations, several texts with "or", two patterns joined by "and"', () => {
    expect(q("how many customers whose name doesn't contain 'x'").filters).toEqual([
      { dimension: 'customer_name', op: 'not_contains', values: ['x'] },
    ]);
    expect(q("how many customers whose name does not start with 'Al'").filters).toEqual([
      { dimension: 'customer_name', op: 'not_starts_with', values: ['Al'] },
    ]);
    expect(q("list products without 'milk' in the name").filters).toEqual([
      { dimension: 'product_name', op: 'not_contains', values: ['milk'] },
    ]);
    expect(q("how many customers whose city starts with 'Lake' or 'Bos'").filters).toEqual([
      { dimension: 'city', op: 'starts_with', values: ['Lake', 'Bos'] },
    ]);
    expect(q("list customers whose name starts with 'A' and ends with 'z'").filters).toEqual([
      { dimension: 'customer_name', op: 'starts_with', values: ['A'] },
      { dimension: 'customer_name', op: 'ends_with', values: ['z'] },
    ]);
  });
  it('"like" with wildcards at the ends of the text', () => {
    expect(q("list products whose name is like 'milk%'").filters).toEqual([
      { dimension: 'product_name', op: 'starts_with', values: ['milk'] },
    ]);
    expect(q("list products whose name is like '%milk%'").filters).toEqual([
      { dimension: 'product_name', op: 'contains', values: ['milk'] },
    ]);
    expect(q("list products whose name is like '%milk'").filters).toEqual([
      { dimension: 'product_name', op: 'ends_with', values: ['milk'] },
    ]);
  });
  it('notes and answer labels say the pattern and that case is ignored', () => {
    const r = ask("how many customers whose email ends with '.org'");
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.notes.join(' ')).toMatch(/ignoring letter case/);
    expect(filterPhrase(model, r.query.filters[0]!)).toBe('email ending with ".org"');
    expect(filterPhrase(model, { dimension: 'city', op: 'eq_ci', values: ['boston'] })).toBe('city boston (any letter case)');
  });
});

describe('case-insensitive matching of a value', () => {
  it('"match city case insensitively" makes the value filter ignore letter case', () => {
    expect(q('how many customers in boston, match city case insensitively').filters).toEqual([
      { dimension: 'city', op: 'eq_ci', values: ['Boston'] },
    ]);
    expect(q('how many customers in Leeds case-insensitively').filters).toEqual([{ dimension: 'city', op: 'eq_ci', values: ['Leeds'] }]);
  });
  it('"with wildcards" on a value matches it as a part of the text', () => {
    expect(q('how many customers in Boston (match with wildcards case insensitively)').filters).toEqual([
      { dimension: 'city', op: 'contains', values: ['Boston'] },
    ]);
  });
  it('an exclusion of a value: equal to it in no letter case, or with wildcards, not containing it', () => {
    expect(q('how many customers not in boston, match city case insensitively').filters).toEqual([
      { dimension: 'city', op: 'ne_ci', values: ['Boston'] },
    ]);
    expect(q('how many customers not in Boston (match with wildcards case insensitively)').filters).toEqual([
      { dimension: 'city', op: 'not_contains', values: ['Boston'] },
    ]);
    const sql = compile(model, q('how many customers not in boston, match city case insensitively'), new DuckDbDialect()).sql;
    expect(sql).toContain("LOWER(t0.city) <> LOWER('Boston')");
    expect(filterPhrase(model, { dimension: 'city', op: 'ne_ci', values: ['boston'] })).toBe('city not boston (any letter case)');
  });
  it('with nothing to match, the words are not understood', () => {
    expect(ask('how many customers case insensitively').kind).toBe('out_of_scope');
    // a value of a number column has no letter case
    expect(ask('how many customers not in boston, match customer id case insensitively').kind).toBe('out_of_scope');
  });
});

describe('text pattern: refused when the dimension or the text is not clear', () => {
  const refused = (question: string, reason?: RegExp) => {
    const r = ask(question);
    expect(r.kind, question).not.toBe('query');
    if (reason && r.kind !== 'query') expect(r.reason, question).toMatch(reason);
  };
  it('a thing with two names, or none, and a name of nothing named', () => {
    refused("how many members whose name starts with 'A'", /first name.*last name|last name.*first name/i);
    refused("how many sales containing 'x'", /no one text naming it/);
    refused("names starting with 'A'");
  });
  it('a wildcard in a plain text, a "like" with one inside, a text that does not end the phrase', () => {
    refused("list products whose name contains '50%'", /wildcard/);
    refused("list products whose name is like 'mi%lk'");
    refused('list customers whose name starts with a number');
    refused('list customers whose name starts with A and B', /either of them or all of them/);
    refused("how many products whose name contains 'oat' and 'milk'", /either of them or all of them/);
  });
  it('"containing" before a word of the model relates things: no pattern', () => {
    const r = ask('how many sales containing Organic products');
    if (r.kind === 'query') expect(r.query.filters.some((f) => f.op === 'contains')).toBe(false);
  });
});

describe('text pattern through a real DuckDB warehouse', () => {
  it('a _ in the quoted text matches only itself, in any letter case', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    await c.run(
      "CREATE TABLE product AS SELECT * FROM (VALUES (1, 'a_b jam', 'Dairy'), (2, 'axb jam', 'Dairy'), (3, 'A_B Milk', 'Dairy'), (4, 'oat 50% off', 'Bakery'), (5, 'oat 50 off', 'Bakery')) AS t(product_id, product_name, category)",
    );
    const run = async (question: string) => {
      const sql = compile(model, q(question), new DuckDbDialect()).sql;
      return (await c.runAndReadAll(sql)).getRowObjectsJS().map((r) => r.product_name);
    };
    expect(new Set(await run("list products whose name contains 'a_b'"))).toEqual(new Set(['a_b jam', 'A_B Milk']));
    expect(new Set(await run("list products whose name starts with 'A_B'"))).toEqual(new Set(['a_b jam', 'A_B Milk']));
    expect(new Set(await run("list products whose name ends with 'B JAM'"))).toEqual(new Set(['a_b jam', 'axb jam']));
    c.closeSync();
    db.closeSync();
  });
});

describe("a request's dimensions: text patterns", () => {
  it('{starts_with}, {contains: [...]}, {not_ends_with} on a text dimension become pattern filters', async () => {
    const { resolveRequestDimensions } = await import('../../src/nlq/dimensions.js');
    expect(
      resolveRequestDimensions(model, values, {
        email: { ends_with: '.com' },
        customer_name: { starts_with: 'A', not_contains: ['x', 'y'] },
      }),
    ).toEqual([
      { dimension: 'email', op: 'ends_with', values: ['.com'] },
      { dimension: 'customer_name', op: 'starts_with', values: ['A'] },
      { dimension: 'customer_name', op: 'not_contains', values: ['x', 'y'] },
    ]);
  });
  it('refuses a pattern on a number, an unknown key and an empty text, naming what is allowed', async () => {
    const { resolveRequestDimensions, DimensionValidationError } = await import('../../src/nlq/dimensions.js');
    const detail = (dims: Record<string, unknown>) => {
      try {
        resolveRequestDimensions(model, values, dims);
      } catch (e) {
        expect(e).toBeInstanceOf(DimensionValidationError);
        return (e as InstanceType<typeof DimensionValidationError>).detail;
      }
      throw new Error('accepted');
    };
    expect(detail({ state_area: { contains: '1' } })).toMatch(/text pattern .*starts_with.*only applies to text dimensions/);
    expect(detail({ email: { contains: 'a', like: 'b' } })).toMatch(/starts_with, ends_with, contains.*unknown key "like"/);
    expect(detail({ email: { contains: '' } })).toMatch(/dimensions\.email\.contains: expected a non-empty text/);
    expect(detail({ email: { from: 'a', to: 'b' } })).toMatch(/a value, a list of values or a text pattern \{starts_with\|/);
  });
  it('the request schema accepts a pattern object and refuses an unknown key', async () => {
    const { DimensionsSchema } = await import('../../src/schemas/inquiry.js');
    expect(DimensionsSchema.safeParse({ email: { ends_with: '.com' } }).success).toBe(true);
    expect(DimensionsSchema.safeParse({ email: { contains: ['a', 'b'] } }).success).toBe(true);
    expect(DimensionsSchema.safeParse({ email: { ilike: '%a%' } }).success).toBe(false);
    expect(DimensionsSchema.safeParse({ email: {} }).success).toBe(false);
  });
});
