/**
 * "the top 3 trade kinds by number of distinct clients", "top 5 nations by number of distinct customers":
 * a distinct count right after the ranking's "by" is the figure ranked, in place of the model's default
 * ranking figure (which no word named). A figure the question names stays the one ranked. In TPC-H's
 * vocabulary and a broker's of our own.
 */
import { describe, expect, it } from 'vitest';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { askBroker, brokerModel } from './broker-fixture.js';
import { ask } from './helpers.js';

const broker = brokerModel({
  measures: [{ name: 'trade_amount', entity: 'trade', agg: 'sum', sql: '${TABLE}.amount', label: 'Trade amount', time_bound: false }],
  defaults: { ranking_metric: 'trade_amount' },
});
const tables = duckdbTables(`
  CREATE TABLE client (id INTEGER, name VARCHAR);
  INSERT INTO client VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
  CREATE TABLE trade (id INTEGER, client_id INTEGER, kind VARCHAR, amount INTEGER);
  INSERT INTO trade VALUES (1, 1, 'buy', 500), (2, 2, 'buy', 5), (3, 3, 'buy', 5), (4, 1, 'sell', 900), (5, 1, 'swap', 1), (6, 2, 'swap', 1);
`);
const inBroker = askBroker(broker, ['buy', 'sell', 'swap']);

describe('a ranking by a distinct count', () => {
  it('ranks by the distinct count, never by the default figure', async () => {
    const q = 'the top 2 trade kinds by number of distinct clients';
    const r = await expectSameRows(tables, broker, q, inBroker(q), "SELECT * FROM (VALUES ('buy', 3), ('swap', 2))", true);
    expect(r?.query.metrics).toEqual([]);
    expect(ask('top 5 nations by number of distinct customers')).toMatchObject({
      kind: 'query',
      query: { metrics: [], order: [{ by: 'customer_count', direction: 'desc' }], limit: 5, distinct_counts: [{ entity: 'customer' }] },
    });
  });

  it('keeps a figure the question names as the one ranked', () => {
    expect(inBroker('the top 2 trade kinds by trade amount and number of distinct clients')).toMatchObject({
      kind: 'query',
      query: { metrics: ['trade_amount'], order: [{ by: 'trade_amount', direction: 'desc' }] },
    });
  });
});
