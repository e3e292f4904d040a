/**
 * One member named by its id ("the depot with id D7", "courier ID 3"): an `eq` filter on the
 * entity's key, on a small model of our own (a parcel service: depots with text keys, couriers with
 * numeric keys, deliveries) over a real DuckDB; each answered case is compiled, run and checked
 * against hand-written SQL, and what is no id is never read as one.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'parcels',
  entities: [
    { name: 'depot', table: 'depots', primary_key: 'code', synonyms: ['depots'] },
    { name: 'courier', table: 'couriers', primary_key: 'id', synonyms: ['couriers', 'driver', 'drivers'] },
    { name: 'delivery', table: 'deliveries', primary_key: 'id', synonyms: ['deliveries'] },
  ],
  relationships: [
    { from: 'delivery', to: 'depot', on: [['depot_code', 'code']] },
    { from: 'delivery', to: 'courier', on: [['courier_id', 'id']] },
  ],
  dimensions: [
    { name: 'depot_code', entity: 'depot', sql: '${TABLE}.code', label: 'Depot id', synonyms: ['depot code'] },
    { name: 'depot_town', entity: 'depot', sql: '${TABLE}.town', label: 'Depot town', synonyms: ['town'], index_values: true },
    { name: 'courier_id', entity: 'courier', sql: '${TABLE}.id', type: 'number', label: 'Courier id' },
    { name: 'courier_name', entity: 'courier', sql: '${TABLE}.name', label: 'Courier name', index_values: true },
  ],
  time_dimensions: [{ name: 'delivered_on', entity: 'delivery', sql: '${TABLE}.delivered_on', label: 'Delivery date' }],
  measures: [
    {
      name: 'delivery_count',
      entity: 'delivery',
      agg: 'count',
      label: 'Deliveries',
      synonyms: ['number of deliveries'],
      time_dimension: 'delivered_on',
    },
    {
      name: 'parcel_weight',
      entity: 'delivery',
      agg: 'sum',
      sql: '${TABLE}.weight_kg',
      label: 'Total weight',
      synonyms: ['weight'],
      time_dimension: 'delivered_on',
    },
  ],
  defaults: { time_dimension: 'delivered_on' },
});
const values = new Map([
  ['depot_town', ['Leeds', 'York']],
  ['courier_name', ['Ada', 'Ben', 'Cleo']],
]);

const TABLES = `
CREATE TABLE depots (code VARCHAR, town VARCHAR);
INSERT INTO depots VALUES ('D7', 'Leeds'), ('D12', 'York'), ('X-3', 'York');
CREATE TABLE couriers (id INTEGER, name VARCHAR);
INSERT INTO couriers VALUES (1, 'Ada'), (2, 'Ben'), (3, 'Cleo');
CREATE TABLE deliveries (id INTEGER, depot_code VARCHAR, courier_id INTEGER, weight_kg DOUBLE, delivered_on DATE);
INSERT INTO deliveries VALUES (1, 'D7', 1, 2.5, DATE '2024-01-03'), (2, 'D7', 3, 1.0, DATE '2024-02-10'), (3, 'D12', 3, 4.0, DATE '2024-02-11'),
  (4, 'X-3', 2, 0.5, DATE '2024-03-01'), (5, 'D12', 3, 3.0, DATE '2024-03-02');
`;

const tables = duckdbTables(TABLES);

const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
async function answers(question: string, reference: string) {
  return (await expectSameRows(tables, model, question, ask(question), reference))?.query;
}

describe('one member named by its id', () => {
  it('a text key: "the depot with id D12", "depot id D7"', async () => {
    const q = await answers(
      'How many deliveries did the depot with id D12 make?',
      `SELECT count(*) FROM deliveries WHERE depot_code = 'D12'`,
    );
    expect(q?.filters).toEqual([{ dimension: 'depot_code', op: 'eq', values: ['D12'] }]);
    await answers('total weight for depot id D7', `SELECT sum(weight_kg) FROM deliveries WHERE depot_code = 'D7'`);
    await answers(
      'number of deliveries by month for the depot with the identifier D7',
      `SELECT date_trunc('month', delivered_on), count(*) FROM deliveries WHERE depot_code = 'D7' GROUP BY 1`,
    );
  });
  it('a numeric key: "courier ID 3", "the driver with ID = 1"', async () => {
    const q = await answers('How many deliveries were made by courier ID 3?', `SELECT count(*) FROM deliveries WHERE courier_id = 3`);
    expect(q?.filters).toEqual([{ dimension: 'courier_id', op: 'eq', values: [3] }]);
    await answers('total weight for the driver with ID = 1', `SELECT sum(weight_kg) FROM deliveries WHERE courier_id = 1`);
  });
  it('an id that names no member is filtered all the same (the answer is empty, never another member)', async () => {
    await answers('number of deliveries for the depot with id Z99', `SELECT count(*) FROM deliveries WHERE depot_code = 'Z99'`);
  });
  it('what is no id stays unread: a word with no digit, a fraction or a code for a numeric key', () => {
    for (const q of [
      'How many deliveries did the depot with id Leedsy make?',
      'deliveries of the courier with id 2.5',
      'deliveries of the courier with ID C3',
    ]) {
      const r = ask(q);
      expect(r.kind, q).toBe('out_of_scope');
    }
  });
});
