/**
 * "the total amount of <things>", "<things> amount", "total <money things>": the things' one amount figure,
 * never their count; a bare "amount of" or several amount figures are not understood; with no amount figure the phrase keeps its count. A
 * unit after a ranking figure named with its aggregate ("by average height in cm") is read when the
 * figure's column is kept in it.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

const model = SemanticModelSchema.parse({
  name: 'harbour',
  entities: [
    { name: 'refunds_issued', table: 'refunds_issued', primary_key: 'id', synonyms: ['refund issued'] },
    { name: 'lease', table: 'lease', primary_key: 'id', synonyms: ['leases'] },
    { name: 'visit', table: 'visit', primary_key: 'id', synonyms: ['visits'] },
    { name: 'boat', table: 'boat', primary_key: 'id', synonyms: ['boats'] },
  ],
  dimensions: [
    { name: 'refund_method', entity: 'refunds_issued', sql: '${TABLE}.method', label: 'Refund method', synonyms: ['method'] },
    { name: 'berth', entity: 'lease', sql: '${TABLE}.berth', label: 'Berth' },
    { name: 'kind', entity: 'boat', sql: '${TABLE}.kind', label: 'Kind', synonyms: ['kinds'] },
  ],
  measures: [
    {
      name: 'refunds_issued_count',
      entity: 'refunds_issued',
      agg: 'count',
      label: 'Refunds issued',
      synonyms: ['number of refunds issued'],
      time_bound: false,
    },
    {
      name: 'total_refund_amount',
      entity: 'refunds_issued',
      agg: 'sum',
      sql: '${TABLE}.refund_amount',
      label: 'Total refund amount',
      synonyms: ['refund amount'],
      time_bound: false,
    },
    { name: 'lease_count', entity: 'lease', agg: 'count', label: 'Leases', time_bound: false },
    { name: 'total_rent_amount', entity: 'lease', agg: 'sum', sql: '${TABLE}.rent_amount', label: 'Total rent amount', time_bound: false },
    {
      name: 'total_deposit_value',
      entity: 'lease',
      agg: 'sum',
      sql: '${TABLE}.deposit_value',
      label: 'Total deposit value',
      time_bound: false,
    },
    { name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', time_bound: false },
    { name: 'total_hours', entity: 'visit', agg: 'sum', sql: '${TABLE}.hours', label: 'Total hours', time_bound: false },
    { name: 'boat_count', entity: 'boat', agg: 'count', label: 'Boats', time_bound: false },
    { name: 'total_boat_cost', entity: 'boat', agg: 'sum', sql: '${TABLE}.cost', label: 'Total boat cost', time_bound: false },
    { name: 'average_boat_cost', entity: 'boat', agg: 'avg', sql: '${TABLE}.cost', label: 'Average boat cost', time_bound: false },
    { name: 'total_berth_fee', entity: 'lease', agg: 'sum', sql: '${TABLE}.berth_fee', label: 'Total berth fee', time_bound: false },
    {
      name: 'total_cleaning_fee',
      entity: 'lease',
      agg: 'sum',
      sql: '${TABLE}.cleaning_fee',
      label: 'Total cleaning fee',
      time_bound: false,
    },
    {
      name: 'average_length_m',
      entity: 'boat',
      agg: 'avg',
      sql: '${TABLE}.length_m',
      label: 'Average length m',
      synonyms: ['average length', 'average boat length'],
      time_bound: false,
    },
  ],
});

const tables = duckdbTables(`
  CREATE TABLE refunds_issued (id INTEGER, method VARCHAR, refund_amount DECIMAL(10,2));
  INSERT INTO refunds_issued VALUES (1, 'card', 10.50), (2, 'card', 4.00), (3, 'cash', 7.25);
  CREATE TABLE lease (id INTEGER, berth VARCHAR, rent_amount DECIMAL(10,2), deposit_value DECIMAL(10,2), berth_fee INTEGER, cleaning_fee INTEGER);
  INSERT INTO lease VALUES (1, 'A', 100, 20, 5, 1), (2, 'B', 150, 30, 6, 2);
  CREATE TABLE visit (id INTEGER, hours INTEGER);
  INSERT INTO visit VALUES (1, 2), (2, 5);
  CREATE TABLE boat (id INTEGER, kind VARCHAR, length_m DOUBLE, cost INTEGER);
  INSERT INTO boat VALUES (1, 'yacht', 12.0, 900), (2, 'yacht', 14.0, 1200), (3, 'dinghy', 3.5, 80), (4, 'barge', 20.0, 400);
`);
const ask = (q: string) => interpret(q, { model, values: new Map(), asOf: '2024-06-30' });

describe('the total amount of <things>', () => {
  it('is the one amount figure of the things, by what the question breaks it down by', async () => {
    for (const q of [
      'the total amount of refunds issued by method',
      'sum of the refunds issued by method',
      'the total of refunds issued by method',
    ])
      await expectSameRows(tables, model, q, ask(q), 'SELECT method, SUM(refund_amount) FROM refunds_issued GROUP BY method');
  });
  it('"the refunds issued amount", "total refunds issued" (refunds are money themselves): their amount too', async () => {
    for (const q of ['the refunds issued amount by method', 'total refunds issued by method'])
      await expectSameRows(tables, model, q, ask(q), 'SELECT method, SUM(refund_amount) FROM refunds_issued GROUP BY method');
    // visits are no money: "total visits" is their number
    await expectSameRows(tables, model, 'total visits', ask('total visits'), 'SELECT COUNT(*) FROM visit');
  });
  it('how many, the number of: still their count', async () => {
    await expectSameRows(
      tables,
      model,
      'how many refunds issued by method',
      ask('how many refunds issued by method'),
      'SELECT method, COUNT(*) FROM refunds_issued GROUP BY method',
    );
    await expectSameRows(
      tables,
      model,
      'the number of refunds issued',
      ask('the number of refunds issued'),
      'SELECT COUNT(*) FROM refunds_issued',
    );
  });
  it('a bare "amount of" may also mean how many: not understood', () => {
    const r = ask('the amount of refunds issued');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/amount/);
  });
  it('two amount figures compete: not understood, never the count', () => {
    expect(ask('the total value of leases by berth').kind).toBe('out_of_scope');
  });
  it('no amount figure: the phrase keeps what it meant', async () => {
    await expectSameRows(tables, model, 'the total of visits', ask('the total of visits'), 'SELECT COUNT(*) FROM visit');
  });
});

describe('money named by its own word', () => {
  it('"the cost of boats", "the average cost of boats": the one figure named so', async () => {
    await expectSameRows(
      tables,
      model,
      'the total cost of boats by kind',
      ask('the total cost of boats by kind'),
      'SELECT kind, SUM(cost) FROM boat GROUP BY kind',
    );
    await expectSameRows(
      tables,
      model,
      'the average cost of boats by kind',
      ask('the average cost of boats by kind'),
      'SELECT kind, AVG(cost) FROM boat GROUP BY kind',
    );
  });
  it('two figures named so compete: not understood', () => {
    expect(ask('the total fee of leases').kind).toBe('out_of_scope');
  });
});

describe('a unit after a ranking figure', () => {
  it('"by average length in m": the unit the column is kept in is read with the figure', async () => {
    const q = 'top 2 kinds by average boat length in metres';
    await expectSameRows(tables, model, q, ask(q), 'SELECT kind, AVG(length_m) AS l FROM boat GROUP BY kind ORDER BY l DESC LIMIT 2', true);
  });
  it('another unit is a conversion: not understood', () => {
    expect(ask('top 2 kinds by average boat length in feet').kind).toBe('out_of_scope');
  });
});
