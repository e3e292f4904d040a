/**
 * Several outputs for each group, listed after the question: "How many distinct clients made each kind of
 * trade? Return the kind, the number of distinct clients and the average number of units, for the top 2
 * kinds by number of clients". A listed "number of distinct X" is the question's distinct count of X;
 * "the average number of <a quantity the model sums>" is the model's average of that same column (never
 * of a count: "average number of trades" is no such column); a ranking "by number of X" beside a distinct
 * count of X ranks by it (the same count, never a second column of that name). Two vocabularies of our
 * own (a broker's trades, a courier's drops).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { askBroker, brokerModel } from './broker-fixture.js';

const broker = brokerModel({
  kindSynonyms: ['kind'],
  measures: [
    {
      name: 'total_units',
      entity: 'trade',
      agg: 'sum',
      sql: '${TABLE}.units',
      label: 'Total units',
      synonyms: ['units'],
      time_bound: false,
    },
    { name: 'average_units', entity: 'trade', agg: 'avg', sql: '${TABLE}.units', label: 'Average units', time_bound: false },
  ],
  defaults: { ranking_metric: 'total_units' },
});
const courier = SemanticModelSchema.parse({
  name: 'courier',
  entities: [
    { name: 'driver', table: 'driver', primary_key: 'id', synonyms: ['drivers'] },
    { name: 'drop', table: 'drops', primary_key: 'id', synonyms: ['drops'] },
  ],
  relationships: [{ from: 'drop', to: 'driver', on: [['driver_id', 'id']] }],
  dimensions: [
    { name: 'driver_name', entity: 'driver', sql: '${TABLE}.name', label: 'Driver name' },
    { name: 'zone', entity: 'drop', sql: '${TABLE}.zone', label: 'Zone', index_values: true },
  ],
  measures: [
    { name: 'driver_count', entity: 'driver', agg: 'count', label: 'Drivers', time_bound: false },
    { name: 'drop_count', entity: 'drop', agg: 'count', label: 'Drops', time_bound: false },
    { name: 'parcels', entity: 'drop', agg: 'sum', sql: '${TABLE}.parcels', label: 'Parcels', time_bound: false },
    { name: 'mean_parcels', entity: 'drop', agg: 'avg', sql: '${TABLE}.parcels', label: 'Mean parcels per drop', time_bound: false },
  ],
});
const tables = duckdbTables(`
  CREATE TABLE client (id INTEGER, name VARCHAR);
  INSERT INTO client VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
  CREATE TABLE trade (id INTEGER, client_id INTEGER, kind VARCHAR, units INTEGER);
  INSERT INTO trade VALUES (1, 1, 'buy', 10), (2, 2, 'buy', 20), (3, 3, 'buy', 30), (4, 1, 'sell', 900), (5, 1, 'swap', 4), (6, 2, 'swap', 6);
  CREATE TABLE driver (id INTEGER, name VARCHAR);
  INSERT INTO driver VALUES (1, 'Dee'), (2, 'Eli');
  CREATE TABLE drops (id INTEGER, driver_id INTEGER, zone VARCHAR, parcels INTEGER);
  INSERT INTO drops VALUES (1, 1, 'north', 2), (2, 1, 'north', 4), (3, 2, 'north', 6), (4, 2, 'south', 1);
`);
const inBroker = askBroker(broker, ['buy', 'sell', 'swap']);
const inCourier = (q: string) => interpret(q, { model: courier, values: new Map([['zone', ['north', 'south']]]), asOf: '2024-06-30' });

describe('a distinct count and other figures listed for each group', () => {
  it('maps "number of distinct X" and "average number of <quantity>" onto the query, ranked by the distinct count', async () => {
    const q =
      'How many distinct clients made each kind of trade? Return the trade kind, number of distinct clients and average number of units, for the top 2 kinds by number of clients.';
    const r = await expectSameRows(tables, broker, q, inBroker(q), "SELECT * FROM (VALUES ('buy', 20.0, 3), ('swap', 5.0, 2))", true);
    expect(r?.query).toMatchObject({ metrics: ['average_units'], order: [{ by: 'client_count', direction: 'desc' }], limit: 2 });
    const c =
      'How many different drivers made drops in each zone? Return the zone, the number of distinct drivers and the average number of parcels.';
    await expectSameRows(tables, courier, c, inCourier(c), "SELECT * FROM (VALUES ('north', 4.0, 2), ('south', 1.0, 1))");
  });

  it('never reads the average number of a counted thing as the average of a column', () => {
    for (const q of [
      'How many different drivers made drops in each zone? Return the zone and the average number of drops.',
      'What is the number of parcels for each zone? Return the zone and the average number of drivers.',
    ]) {
      const r = inCourier(q);
      if (r.kind === 'query') expect(r.query.metrics, q).not.toContain('mean_parcels');
    }
  });
});
