/**
 * Ratios on a small model of our own (a courier: parcels sent from depots to customers): "ratio of
 * A to B", "A to B ratio", "A out of all B", "proportion of A to B", "A per B". Each side must be
 * fully understood, or the question is refused; the answered ones run on DuckDB with known numbers.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratioDefinition } from '../../src/answer/labels.js';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

const raw = {
  name: 'courier',
  entities: [
    { name: 'parcel', table: 'parcel', primary_key: 'id', synonyms: ['parcels', 'package', 'packages'] },
    { name: 'depot', table: 'depot', primary_key: 'id', synonyms: ['depots'] },
    { name: 'customer', table: 'customer', primary_key: 'id', synonyms: ['customers', 'client', 'clients'] },
  ],
  relationships: [
    { from: 'parcel', to: 'depot', on: [['depot_id', 'id']] },
    { from: 'parcel', to: 'customer', on: [['customer_id', 'id']] },
  ],
  dimensions: [
    { name: 'depot', entity: 'depot', sql: '${TABLE}.name', label: 'Depot', index_values: true },
    { name: 'state', entity: 'customer', sql: '${TABLE}.state', label: 'State', index_values: true },
    { name: 'customer', entity: 'customer', sql: '${TABLE}.name', label: 'Customer', index_values: true },
    { name: 'status', entity: 'parcel', sql: '${TABLE}.status', label: 'Status', index_values: true },
    { name: 'service', entity: 'parcel', sql: '${TABLE}.service', label: 'Service', index_values: true },
    { name: 'size', entity: 'parcel', sql: '${TABLE}.size', label: 'Size', type: 'number' },
    { name: 'depot_id', entity: 'depot', sql: '${TABLE}.id', label: 'Depot id', type: 'number' },
    { name: 'docks', entity: 'depot', sql: '${TABLE}.docks', label: 'Docks', type: 'number' },
    { name: 'staff', entity: 'depot', sql: '${TABLE}.staff', label: 'Staff', type: 'number' },
  ],
  time_dimensions: [{ name: 'sent_date', entity: 'parcel', sql: '${TABLE}.sent_on', label: 'Sent date' }],
  measures: [
    {
      name: 'parcels',
      entity: 'parcel',
      agg: 'count',
      label: 'Parcels',
      synonyms: ['number of parcels'],
      format: { kind: 'integer' },
      time_dimension: 'sent_date',
    },
    { name: 'customers', entity: 'customer', agg: 'count', label: 'Customers', format: { kind: 'integer' }, time_bound: false },
    {
      name: 'total_weight',
      entity: 'parcel',
      agg: 'sum',
      sql: '${TABLE}.weight',
      label: 'Total weight',
      synonyms: ['weight'],
      time_dimension: 'sent_date',
    },
    {
      name: 'total_volume',
      entity: 'parcel',
      agg: 'sum',
      sql: '${TABLE}.volume',
      label: 'Total volume',
      synonyms: ['volume'],
      time_dimension: 'sent_date',
    },
    { name: 'average_weight', entity: 'parcel', agg: 'avg', sql: '${TABLE}.weight', label: 'Average weight', time_dimension: 'sent_date' },
    {
      name: 'average_rating',
      entity: 'customer',
      agg: 'avg',
      sql: '${TABLE}.rating',
      label: 'Average rating',
      synonyms: ['rating'],
      time_bound: false,
    },
    { name: 'average_docks', entity: 'depot', agg: 'avg', sql: '${TABLE}.docks', label: 'Average docks', time_bound: false },
    { name: 'average_staff', entity: 'depot', agg: 'avg', sql: '${TABLE}.staff', label: 'Average staff', time_bound: false },
  ],
  defaults: { time_dimension: 'sent_date' },
};
const model = SemanticModelSchema.parse(raw);
const values = new Map([
  ['depot', ['Northgate', 'Southport']],
  ['state', ['Ohio', 'Texas']],
  ['customer', ['Acme', 'Birch', 'Cobalt']],
  ['status', ['delivered', 'returned', 'lost']],
  ['service', ['Express', 'Standard']],
]);
const ask = (question: string, previous?: SemanticQuery) => interpret(question, { model, values, asOf: '2023-06-30', previous });
function query(question: string): SemanticQuery {
  const r = ask(question);
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
}

let db: DuckDBInstance;
const run = async (q: SemanticQuery) => {
  const con = await db.connect();
  const rows = (await con.runAndReadAll(compile(model, q, new DuckDbDialect()).sql)).getRowObjectsJS();
  con.closeSync();
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])));
};

beforeAll(async () => {
  db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  await con.run(`CREATE TABLE depot AS SELECT * FROM (VALUES (1, 'Northgate', 4, 10), (2, 'Southport', 6, 12)) t(id, name, docks, staff)`);
  await con.run(
    `CREATE TABLE customer AS SELECT * FROM (VALUES (1, 'Acme', 'Ohio', 4.5), (2, 'Birch', 'Ohio', 3.0), (3, 'Cobalt', 'Texas', 5.0), (4, 'Dune', 'Texas', 2.0), (5, 'Elm', 'Texas', 4.0)) t(id, name, state, rating)`,
  );
  // parcels: depot, customer, status, service, size, weight, volume, sent_on
  await con.run(`CREATE TABLE parcel AS SELECT * FROM (VALUES
    (1, 1, 1, 'delivered', 'Express', 2, 10.0, 4.0, DATE '2022-03-01'),
    (2, 1, 2, 'delivered', 'Standard', 5, 20.0, 8.0, DATE '2022-04-01'),
    (3, 1, 3, 'returned', 'Standard', 6, 5.0, 5.0, DATE '2022-05-01'),
    (4, 2, 3, 'delivered', 'Express', 1, 3.0, 1.0, DATE '2022-06-01'),
    (5, 2, 4, 'returned', 'Standard', 7, 8.0, 2.0, DATE '2022-07-01'),
    (6, 2, 5, 'returned', 'Express', 3, 6.0, 3.0, DATE '2021-07-01'),
    (7, 2, 5, 'lost', 'Standard', 9, 4.0, 4.0, DATE '2022-08-01')
  ) t(id, depot_id, customer_id, status, service, size, weight, volume, sent_on)`);
  con.closeSync();
});
afterAll(() => db?.closeSync());

describe('ratio of two metrics', () => {
  it('"ratio of parcels to customers": a decimal of two counts', async () => {
    const q = query('what is the ratio of parcels to customers');
    expect(q.ratios).toEqual([
      {
        name: 'parcels_to_customers',
        numerator: { metric: 'parcels', label: 'parcels' },
        denominator: { metric: 'customers', label: 'customers' },
        label: 'Ratio of parcels to customers',
      },
    ]);
    expect(q.metrics).toEqual([]);
    expect(await run(q)).toEqual([{ parcels_to_customers: 7 / 5 }]);
  });
  it('"ratio of total weight to total volume for each depot": per group', async () => {
    const q = query('ratio of total weight to total volume for each depot');
    expect(q.group_by).toEqual([{ dimension: 'depot' }]);
    expect(q.ratios?.[0]).toMatchObject({ numerator: { metric: 'total_weight' }, denominator: { metric: 'total_volume' } });
    const rows = await run(q);
    expect(rows.map((r) => [r.depot, r[q.ratios![0]!.name]])).toEqual([
      ['Northgate', 35 / 17],
      ['Southport', 21 / 10],
    ]);
  });
  it('"weight per volume by depot": "per" a metric that counts no thing', () => {
    const q = query('weight per volume by depot');
    expect(q.ratios?.[0]).toMatchObject({ numerator: { metric: 'total_weight' }, denominator: { metric: 'total_volume' } });
    expect(q.group_by).toEqual([{ dimension: 'depot' }]);
  });
  it('"parcels per customer" is no ratio (a breakdown by customer), "average weight per parcel" no ratio either', () => {
    expect(query('parcels per customer').ratios).toBeUndefined();
    expect(query('parcels per customer').group_by).toEqual([{ dimension: 'customer' }]);
    expect(ask('total weight per parcel').kind === 'query' ? query('total weight per parcel').ratios : undefined).toBeUndefined();
  });
  it('"ratio of weight over volume"', () => {
    expect(query('ratio of weight over volume').ratios?.[0]).toMatchObject({
      numerator: { metric: 'total_weight' },
      denominator: { metric: 'total_volume' },
    });
  });
  it('"the parcels to customers ratio": the ratio word after the sides', () => {
    const q = query('what is the parcels to customers ratio');
    expect(q.ratios?.[0]).toMatchObject({ numerator: { metric: 'parcels' }, denominator: { metric: 'customers' } });
  });
});

describe('ratio of two subsets of one metric', () => {
  it('"ratio of delivered parcels to returned parcels in 2022": each side its own value, the period for both', async () => {
    const q = query('what is the ratio of delivered parcels to returned parcels in 2022');
    expect(q.filters).toEqual([]);
    expect(q.time_range).toMatchObject({ start: '2022-01-01', end: '2023-01-01' });
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'parcels', filters: [{ dimension: 'status', op: 'eq', values: ['delivered'] }] },
      denominator: { metric: 'parcels', filters: [{ dimension: 'status', op: 'eq', values: ['returned'] }] },
    });
    expect(Object.values((await run(q))[0]!)).toEqual([3 / 2]);
  });
  it('"weight ratio of Express to Standard": the metric named before the ratio word, on both sides', () => {
    const q = query('weight ratio of Express to Standard');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'total_weight', filters: [{ dimension: 'service', values: ['Express'] }] },
      denominator: { metric: 'total_weight', filters: [{ dimension: 'service', values: ['Standard'] }] },
      label: 'Weight ratio of Express to Standard',
    });
  });
  it('"delivered to returned parcels ratio": one side names only a value and counts what the other counts', () => {
    const q = query('delivered to returned parcels ratio');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'parcels', filters: [{ dimension: 'status', values: ['delivered'] }] },
      denominator: { metric: 'parcels', filters: [{ dimension: 'status', values: ['returned'] }] },
    });
  });
  it('"ratio of customers in Ohio to customers in Texas": the values after each side are its own', async () => {
    const q = query('ratio of customers in Ohio to customers in Texas');
    expect(q.filters).toEqual([]);
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'customers', filters: [{ dimension: 'state', values: ['Ohio'] }] },
      denominator: { metric: 'customers', filters: [{ dimension: 'state', values: ['Texas'] }] },
    });
    expect(Object.values((await run(q))[0]!)).toEqual([2 / 3]);
  });
  it('"ratio of parcels to customers in Texas": a value after the second side of two metrics filters both', async () => {
    const q = query('ratio of parcels to customers in Texas');
    expect(q.filters).toEqual([{ dimension: 'state', op: 'eq', values: ['Texas'] }]);
    expect(q.ratios?.[0]).toMatchObject({ numerator: { metric: 'parcels' }, denominator: { metric: 'customers' } });
    // parcels of Texan customers: 5; Texan customers: 3
    expect(Object.values((await run(q))[0]!)).toEqual([5 / 3]);
  });
  it('numeric conditions on each side, a value for both: "... with a size above 4 to ... with a size below 4 in Texas"', async () => {
    const q = query('ratio of parcels with a size above 4 to parcels with a size below 4 in Texas');
    expect(q.filters).toEqual([{ dimension: 'state', op: 'eq', values: ['Texas'] }]);
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'parcels', filters: [{ dimension: 'size', op: 'gt', values: [4] }] },
      denominator: { metric: 'parcels', filters: [{ dimension: 'size', op: 'lt', values: [4] }] },
    });
    // Texas: sizes 6, 1, 7, 3, 9 -> 3 above 4, 2 below
    expect(Object.values((await run(q))[0]!)).toEqual([3 / 2]);
  });
  it('"proportion of delivered parcels to lost parcels per depot": NULL where nothing was lost', async () => {
    const q = query('proportion of delivered parcels to lost parcels per depot');
    expect(q.group_by).toEqual([{ dimension: 'depot' }]);
    const rows = await run(q);
    expect(rows.map((r) => Object.values(r))).toEqual([
      ['Northgate', null],
      ['Southport', 1],
    ]);
  });
  it('"which depot has the highest ratio of delivered to returned parcels": ranked by the ratio', () => {
    const q = query('which depot has the highest ratio of delivered to returned parcels');
    expect(q.order).toEqual([{ by: q.ratios![0]!.name, direction: 'desc' }]);
    expect(q.limit).toBe(1);
    expect(q.metrics).toEqual([]);
  });
});

describe('ranked by the ratio, never by a default metric', () => {
  it('"top 1 depot by ratio of weight to volume"', () => {
    const q = query('top 1 depot by ratio of weight to volume');
    expect(q.order).toEqual([{ by: 'total_weight_to_total_volume', direction: 'desc' }]);
    expect(q.limit).toBe(1);
    expect(q.metrics).toEqual([]);
  });
  it('"... by depot sorted by the ratio ascending"', () => {
    const q = query('ratio of weight to volume by depot sorted by the ratio ascending');
    expect(q.order).toEqual([{ by: 'total_weight_to_total_volume', direction: 'asc' }]);
  });
  it('a share word with "per" stays a share of the total by group ("percentage of parcels per depot")', () => {
    const q = query('percentage of parcels per depot');
    expect(q.ratios).toBeUndefined();
    expect(q.share_of_total).toEqual(['parcels']);
  });
});

describe('a subset out of all: the share of the subset', () => {
  it('"ratio of Express parcels out of all parcels"', async () => {
    const q = query('ratio of Express parcels out of all parcels');
    expect(q.subset_metrics).toBeUndefined();
    expect(q.ratios).toEqual([
      {
        name: 'parcels_share_express',
        numerator: { metric: 'parcels', filters: [{ dimension: 'service', op: 'eq', values: ['Express'] }], label: 'Express parcels' },
        denominator: { metric: 'parcels', label: 'parcels' },
        as: 'share',
        label: 'Share of Express parcels',
      },
    ]);
    expect(Object.values((await run(q))[0]!)).toEqual([3 / 7]);
  });
  it('"ratio of Express parcels to the total number of parcels in Texas": "total number of" is all of them', () => {
    const q = query('ratio of Express parcels to the total number of parcels in Texas');
    expect(q.filters).toEqual([{ dimension: 'state', op: 'eq', values: ['Texas'] }]);
    expect(q.subset_metrics?.[0]).toMatchObject({
      metric: 'parcels',
      filters: [{ dimension: 'service', values: ['Express'] }],
      as: 'share',
    });
  });
  it('"proportion of returned parcels out of all parcels in Texas": the trailing value filters the whole', async () => {
    const q = query('proportion of returned parcels out of all parcels in Texas');
    expect(q.filters).toEqual([{ dimension: 'state', op: 'eq', values: ['Texas'] }]);
    expect(q.subset_metrics?.[0]).toMatchObject({
      metric: 'parcels',
      filters: [{ dimension: 'status', values: ['returned'] }],
      as: 'share',
    });
    expect(Object.values((await run(q))[0]!)).toEqual([3 / 5]);
  });
});

describe('follow-ups keep the ratio', () => {
  it('"by depot", then "in 2022"', () => {
    const first = query('ratio of delivered parcels to returned parcels');
    const byDepot = ask('by depot', first);
    expect(byDepot.kind).toBe('query');
    if (byDepot.kind !== 'query') return;
    expect(byDepot.query.group_by).toEqual([{ dimension: 'depot' }]);
    expect(byDepot.query.ratios).toEqual(first.ratios);
    const in2022 = ask('what about in 2022', byDepot.query);
    expect(in2022.kind === 'query' && in2022.query.ratios).toEqual(first.ratios);
  });
});

describe('refused: a side not fully understood', () => {
  it.each([
    'ratio of parcels handled quickly to customers',
    // a period of each side and one of the question
    'ratio of parcels in 2021 to parcels in 2022 in Ohio in 2022',
    'ratio of parcels in 2021 to parcels in 2022 by month',
    // "a period" of a metric that is not dated
    'ratio of customers in 2021 to customers in 2022',
    'ratio of parcels',
    'ratio of parcels to parcels',
    'ratio of delivered parcels to Express',
    'ratio of delivered parcels to returned parcels in Ohio to Texas',
    'ratio of customers in Ohio to customers in Texas in Ohio',
    'ratio of total average weight to customers',
    'weight of Express parcels per volume',
    'ratio of Express parcels to parcels in Texas',
    'weight ratio of Express to parcels',
  ])('%s', (question) => {
    const r = ask(question);
    expect(r.kind, JSON.stringify(r.kind === 'query' ? r.query : r.reason)).not.toBe('query');
  });
  it('names the words it did not understand', () => {
    const r = ask('ratio of parcels handled quickly to customers');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.unconsumed).toEqual(expect.arrayContaining(['ratio']));
  });
});

describe('each side a subset defined by conditions', () => {
  it('"customers with a rating above 3 to customers with a rating below 3 in Texas": a condition on the members of each side only', async () => {
    const q = query('what is the ratio of customers with a rating above 3 to customers with a rating below 3 in Texas?');
    expect(q.filters).toEqual([{ dimension: 'state', op: 'eq', values: ['Texas'] }]);
    expect(q.entity_conditions).toBeUndefined();
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'average_rating', op: 'gt', value: 3 }] },
      denominator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'average_rating', op: 'lt', value: 3 }] },
    });
    expect(q.ratios![0]!.numerator.filters).toBeUndefined();
    // Texas: ratings 5, 2, 4 -> two above 3, one below
    expect(Object.values((await run(q))[0]!)).toEqual([2]);
  });
  it('"happy customers (rating > 3) to unhappy customers (rating < 3)": a condition in brackets defines the word before the members', async () => {
    const q = query('ratio of happy customers (rating > 3) to unhappy customers (rating < 3)');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: {
        metric: 'customers',
        conditions: [{ entity: 'customer', metric: 'average_rating', op: 'gt', value: 3 }],
        label: 'happy customers (rating > 3)',
      },
      denominator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'average_rating', op: 'lt', value: 3 }] },
    });
    expect(Object.values((await run(q))[0]!)).toEqual([3]);
    // a number column in brackets is a filter on the rows
    expect(query('ratio of parcels (size > 4) to parcels (size < 4)').ratios?.[0]).toMatchObject({
      numerator: { filters: [{ dimension: 'size', op: 'gt', values: [4] }] },
    });
  });
  it('"... match service case insensitively": the sides\' values are matched ignoring case, an exclusion too', () => {
    const q = query('ratio of Express parcels to Standard parcels? match service case insensitively');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { filters: [{ dimension: 'service', op: 'eq_ci', values: ['Express'] }] },
      denominator: { filters: [{ dimension: 'service', op: 'eq_ci', values: ['Standard'] }] },
    });
    expect(query('ratio of Express parcels to non Express parcels? match service case insensitively').ratios?.[0]).toMatchObject({
      numerator: { filters: [{ dimension: 'service', op: 'eq_ci', values: ['Express'] }] },
      denominator: { filters: [{ dimension: 'service', op: 'ne_ci', values: ['Express'] }] },
    });
    // a side with no value of the dimension named leaves the words unread
    expect(ask('ratio of parcels with a size above 4 to parcels? match service case insensitively').kind).not.toBe('query');
  });
  it('the answer says how each side is computed, its condition included', () => {
    const q = query('ratio of customers with a rating above 3 to customers with a rating below 3');
    expect(ratioDefinition(model, q, q.ratios![0]!.name)).toBe(
      'Customers where the customer has average rating above 3 divided by customers where the customer has average rating below 3, per row of the result (empty where the second is 0).',
    );
  });
  it('"proportion of customers with more than 1 parcel out of all customers": members by a count of their rows, over all of them', async () => {
    const q = query('proportion of customers with more than 1 parcel out of all customers');
    expect(q.subset_metrics).toBeUndefined();
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'parcels', op: 'gt', value: 1 }] },
      denominator: { metric: 'customers' },
    });
    expect(q.ratios![0]!.denominator.conditions).toBeUndefined();
    // Cobalt and Elm sent 2 parcels each, 5 customers
    expect(Object.values((await run(q))[0]!)).toEqual([2 / 5]);
  });
  it('the two sides of one condition have distinct column names', () => {
    const q = query('ratio of parcels with a size above 4 to parcels with a size below 4');
    expect(q.ratios![0]!.name).toBe('parcels_size_above_4_to_parcels_size_below_4');
    expect(query('ratio of Express parcels to non Express parcels').ratios![0]!.name).toBe('parcels_express_to_parcels_not_express');
  });
  it('"customers living in Ohio to customers living in Texas": a verb between the thing counted and its own value', async () => {
    const q = query('ratio of customers living in Ohio to customers living in Texas');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'customers', filters: [{ dimension: 'state', op: 'eq', values: ['Ohio'] }] },
      denominator: { metric: 'customers', filters: [{ dimension: 'state', op: 'eq', values: ['Texas'] }] },
    });
    expect(Object.values((await run(q))[0]!)).toEqual([2 / 3]);
  });
  it('"parcels in 2021 to parcels in 2022": a period of each side only, on the date of its rows', async () => {
    const q = query('ratio of parcels in 2021 to parcels in 2022');
    expect(q.time_range).toBeUndefined();
    expect(q.ratios?.[0]).toMatchObject({
      numerator: {
        metric: 'parcels',
        filters: [
          { dimension: 'sent_date', op: 'gte', values: ['2021-01-01'] },
          { dimension: 'sent_date', op: 'lt', values: ['2022-01-01'] },
        ],
      },
      denominator: {
        metric: 'parcels',
        filters: [
          { dimension: 'sent_date', op: 'gte', values: ['2022-01-01'] },
          { dimension: 'sent_date', op: 'lt', values: ['2023-01-01'] },
        ],
      },
    });
    expect(Object.values((await run(q))[0]!)).toEqual([1 / 6]);
  });
  it('"Express parcels in 2022 to all parcels": a period of the subset only', async () => {
    const q = query('ratio of Express parcels in 2022 to all parcels');
    expect(q.time_range).toBeUndefined();
    expect(q.subset_metrics?.[0]).toMatchObject({
      metric: 'parcels',
      as: 'share',
      filters: [
        { dimension: 'service', values: ['Express'] },
        { dimension: 'sent_date', op: 'gte' },
        { dimension: 'sent_date', op: 'lt' },
      ],
    });
    // Express in 2022: parcels 1 and 4, of 7
    expect(Object.values((await run(q))[0]!)).toEqual([2 / 7]);
  });
  it('"... in the database": every row there is', () => {
    const q = query('what is the ratio of parcels to customers in the database?');
    expect(q.filters).toEqual([]);
    expect(q.ratios?.[0]).toMatchObject({ numerator: { metric: 'parcels' }, denominator: { metric: 'customers' } });
  });
  it('"ratio of docks to staff for each depot id": two number columns of one depot, per depot', async () => {
    const q = query('ratio of docks to staff for each depot id');
    expect(q.group_by).toEqual([{ dimension: 'depot_id' }]);
    expect(q.ratios?.[0]).toMatchObject({ numerator: { metric: 'average_docks' }, denominator: { metric: 'average_staff' } });
    const rows = await run(q);
    expect(rows.map((r) => [r.depot_id, r[q.ratios![0]!.name]])).toEqual([
      [1, 0.4],
      [2, 0.5],
    ]);
  });
  it('a value stored in two dimensions that select the same rows is one reading', () => {
    const twice = SemanticModelSchema.parse({
      ...raw,
      dimensions: [
        ...raw.dimensions,
        { name: 'territory', entity: 'customer', sql: '${TABLE}.state', label: 'Territory', index_values: true },
      ],
    });
    const vals = new Map([...values, ['territory', ['Ohio', 'Texas']]]);
    const question = 'ratio of customers in Ohio to customers in Texas';
    expect(interpret(question, { model: twice, values: vals, asOf: '2023-06-30' }).kind).not.toBe('query');
    const r = interpret(question, {
      model: twice,
      values: vals,
      asOf: '2023-06-30',
      sameRows: { ohio: [['state', 'territory']], texas: [['state', 'territory']] },
    });
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.ratios?.[0]?.numerator.filters?.[0]?.values).toEqual(['Ohio']);
  });
});

describe('a share of members by a condition', () => {
  it('"what proportion of customers have a rating above 3": one side out of all of its members', async () => {
    const q = query('what proportion of customers have a rating above 3');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'average_rating', op: 'gt', value: 3 }] },
      denominator: { metric: 'customers' },
    });
    expect(q.ratios![0]!.label).toMatch(/^Share of /);
    // a part of a whole: the fraction, shown as a percentage
    expect(q.ratios![0]!.as).toBe('share');
    expect(compile(model, q, new DuckDbDialect()).columns.find((c) => c.name === q.ratios![0]!.name)?.format).toEqual({
      kind: 'percent',
      decimals: 1,
    });
    expect(query('ratio of customers with a rating above 3 to customers with a rating below 3').ratios![0]!.as).toBeUndefined();
    // ratings 4.5, 3, 5, 2, 4
    expect(Object.values((await run(q))[0]!)).toEqual([3 / 5]);
  });
  it('"share of customers with a rating above 3 for each state": per group', async () => {
    const q = query('share of customers with a rating above 3 for each state');
    expect(q.group_by).toEqual([{ dimension: 'state' }]);
    const rows = await run(q);
    expect(rows.map((r) => [r.state, r[q.ratios![0]!.name]])).toEqual([
      ['Ohio', 1 / 2],
      ['Texas', 2 / 3],
    ]);
  });
  it('"proportion of customers with a rating of at least 4 by state": "of" before the comparison', async () => {
    const q = query('proportion of customers with a rating of at least 4 by state');
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'average_rating', op: 'gte', value: 4 }] },
      denominator: { metric: 'customers' },
    });
    const rows = await run(q);
    expect(rows.map((r) => [r.state, r[q.ratios![0]!.name]])).toEqual([
      ['Ohio', 1 / 2],
      ['Texas', 2 / 3],
    ]);
  });
  it('"what share of customers with more than 1 parcel are in Texas": the part after "are", among the members kept', async () => {
    const q = query('what share of customers with more than 1 parcel are in Texas');
    expect(q.entity_conditions).toEqual([{ entity: 'customer', metric: 'parcels', op: 'gt', value: 1 }]);
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'customers', filters: [{ dimension: 'state', values: ['Texas'] }] },
      denominator: { metric: 'customers' },
      as: 'share',
    });
    // Cobalt and Elm: both in Texas
    expect(Object.values((await run(q))[0]!)).toEqual([1]);
  });
});

describe('a share of a subset of values: the part after "are", the whole before it', () => {
  it('"what share of parcels from Northgate are Express": among the depot\'s parcels', async () => {
    const q = query('what share of parcels from Northgate are Express');
    expect(q.filters).toEqual([{ dimension: 'depot', op: 'eq', values: ['Northgate'] }]);
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'parcels', filters: [{ dimension: 'service', values: ['Express'] }] },
      denominator: { metric: 'parcels' },
      as: 'share',
    });
    // Northgate: parcels 1 (Express), 2, 3
    expect(Object.values((await run(q))[0]!)).toEqual([1 / 3]);
  });
  it('"proportion of customers in Ohio with a rating above 3": the things and their scope before "with" are the whole', () => {
    const q = query('proportion of customers in Ohio with a rating above 3');
    expect(q.filters).toEqual([{ dimension: 'state', op: 'eq', values: ['Ohio'] }]);
    expect(q.ratios?.[0]).toMatchObject({
      numerator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'average_rating', op: 'gt', value: 3 }] },
      denominator: { metric: 'customers', label: 'customers in Ohio' },
      as: 'share',
    });
  });
  it('"share of Express parcels from Northgate" does not say which is the whole', () => {
    expect(ask('share of Express parcels from Northgate').kind).not.toBe('query');
  });
});

describe('refused: a condition or column side not clear', () => {
  it.each([
    // whose condition: the second side's or both?
    'ratio of parcels to customers with more than 1 parcel',
    // the same subset twice
    'ratio of customers with a rating above 3 to customers with a rating above 3',
    // a negated verb
    'ratio of customers not living in Ohio to customers',
    // a number column per depot, asked for no depot
    'ratio of docks to staff',
    // a number column per depot over a count
    'ratio of docks to parcels for each depot id',
    // which is the whole: the customers in Texas, or all of them? (the scope said after the condition)
    'what fraction of customers with a rating above 3 in Texas',
    // words defined by nothing
    'ratio of happy customers to unhappy customers',
    // a share of an average
    'percentage of average weight that is Express',
    'share of average rating by state',
  ])('%s', (question) => {
    const r = ask(question);
    expect(r.kind, JSON.stringify(r.kind === 'query' ? r.query : r.reason)).not.toBe('query');
  });
});
