/**
 * The extreme of a metric named by its period, within each coarser period, and its date: with the
 * measure itself called "Daily ..." or "Monthly ...", "the lowest daily X in each month" ranked the
 * months (the one lowest month: wrong), and a restated "that lowest X" was refused. Two
 * vocabularies of our own (a TPC-H-like order book, a Chinook-like music shop's invoices), over a
 * real DuckDB against hand-written window SQL; questions without "each" answer as before.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

const orderBook = SemanticModelSchema.parse({
  name: 'order_book',
  entities: [{ name: 'orders', table: 'orders', primary_key: 'o_orderkey', synonyms: ['order'] }],
  time_dimensions: [{ name: 'o_orderdate', entity: 'orders', sql: '${TABLE}.o_orderdate', label: 'Order date' }],
  measures: [
    {
      name: 'daily_order_value',
      entity: 'orders',
      agg: 'sum',
      sql: '${TABLE}.o_totalprice',
      label: 'Daily order value',
      synonyms: ['bookings'],
    },
  ],
  defaults: { time_dimension: 'o_orderdate' },
});
const musicShop = SemanticModelSchema.parse({
  name: 'music_shop',
  entities: [{ name: 'invoice', table: 'invoice', primary_key: 'invoice_id', synonyms: ['invoices'] }],
  time_dimensions: [{ name: 'invoice_date', entity: 'invoice', sql: '${TABLE}.invoice_date', label: 'Invoice date' }],
  measures: [
    { name: 'monthly_sales', entity: 'invoice', agg: 'sum', sql: '${TABLE}.total', label: 'Monthly sales', synonyms: ['takings'] },
  ],
  defaults: { time_dimension: 'invoice_date' },
});
const tables = duckdbTables(`
CREATE TABLE orders (o_orderkey INTEGER, o_orderdate DATE, o_totalprice DOUBLE);
INSERT INTO orders VALUES (1, DATE '1995-03-01', 50), (2, DATE '1995-03-01', 20), (3, DATE '1995-03-02', 30), (4, DATE '1995-03-17', 90),
  (5, DATE '1995-04-03', 10), (6, DATE '1995-04-09', 60), (7, DATE '1995-04-09', 5), (8, DATE '1995-04-21', 10);
CREATE TABLE invoice (invoice_id INTEGER, invoice_date DATE, total DOUBLE);
INSERT INTO invoice VALUES (1, DATE '2021-01-04', 3.96), (2, DATE '2021-01-20', 1.98), (3, DATE '2021-02-11', 13.86), (4, DATE '2021-05-02', 0.99),
  (5, DATE '2021-06-30', 8.91), (6, DATE '2022-03-08', 5.94), (7, DATE '2022-03-19', 1.98), (8, DATE '2022-11-23', 0.99);
`);
const ask = (model: typeof orderBook, q: string) => interpret(q, { model, values: new Map(), asOf: '2024-06-30' });

describe('the extreme of a per-period metric within each coarser period', () => {
  it('the order book: the weakest daily order value of each month, with its date (ties kept)', async () => {
    const gold = `WITH d AS (SELECT o_orderdate, date_trunc('month', o_orderdate)::DATE AS m, SUM(o_totalprice) AS v FROM orders GROUP BY 1, 2)
      SELECT o_orderdate, m, v FROM d WHERE v = (SELECT MIN(v) FROM d AS o WHERE o.m = d.m)`;
    for (const q of [
      'the lowest daily order value in each month, with its date',
      'For every month, what was the smallest daily order value and on which date did that smallest order value happen?',
    ]) {
      const got = await expectSameRows(tables, orderBook, q, ask(orderBook, q), gold);
      expect(got?.query.rank_within, q).toEqual([{ dimension: 'o_orderdate', grain: 'month' }]);
    }
  });

  it('the music shop: the best monthly sales of each year', async () => {
    const q = 'what were the highest monthly sales in each year';
    await expectSameRows(
      tables,
      musicShop,
      q,
      ask(musicShop, q),
      `WITH d AS (SELECT date_trunc('month', invoice_date)::DATE AS mo, year(invoice_date) AS y, SUM(total) AS v FROM invoice GROUP BY 1, 2)
       SELECT mo, y, v FROM d WHERE v = (SELECT MAX(v) FROM d AS o WHERE o.y = d.y)`,
    );
  });

  it('a restatement that is not the same ranking is not read as one', () => {
    // the second superlative goes the other way: two rankings, not one restated
    const r = ask(musicShop, 'for each year, the highest monthly sales and when the lowest sales were');
    expect(r.kind).toBe('out_of_scope');
  });

  it('without "each" of a coarser unit, the metric is read as before', () => {
    for (const [model, q] of [
      [orderBook, 'daily order value by month'],
      [musicShop, 'monthly sales by year'],
      [orderBook, 'top 3 days by daily order value'],
    ] as const) {
      const r = ask(model, q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.rank_within, q).toBeUndefined();
    }
  });
});
