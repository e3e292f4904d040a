import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { parseModel } from '../../src/semantic/loader.js';
import { duckdbEngine, type Engine } from '../semantic/engines.js';
import { ask, q, tpch } from './helpers.js';

describe('period count: how many days/weeks/months had rows', () => {
  it("counts the months of the dating time dimension that had the metric's rows", () => {
    const query = q('how many months in 1997 had orders');
    expect(query.metrics).toEqual([]);
    expect(query.period_counts).toEqual([
      { name: 'orders_months', metric: 'orders', grain: 'month', label: 'Number of months with orders' },
    ]);
    expect(query.time_range).toMatchObject({ start: '1997-01-01', end: '1998-01-01' });
  });
  it('reads "on how many days were there", "number of weeks with", values and a range between', () => {
    expect(q('on how many days were there orders in 1997').period_counts?.[0]).toMatchObject({ metric: 'orders', grain: 'day' });
    const weeks = q('number of weeks with urgent orders in 1996');
    expect(weeks.period_counts?.[0]).toMatchObject({ metric: 'orders', grain: 'week' });
    expect(weeks.filters).toEqual([{ dimension: 'order_priority', op: 'eq', values: ['1-URGENT'] }]);
    expect(q('how many months between June 1996 and December 1996 had orders').time_range).toMatchObject({
      start: '1996-06-01',
      end: '1997-01-01',
    });
  });
  it('a breakdown counts the periods in each group; a period on another date counts its buckets', () => {
    expect(q('how many years had orders per region').group_by).toEqual([{ dimension: 'region' }]);
    const shipped = q('how many days had line items shipped by AIR in March 1996');
    expect(shipped.time_range?.dimension).toBe('ship_date');
    expect(shipped.period_counts?.[0]).toMatchObject({ metric: 'line_items', grain: 'day' });
  });
  it("a condition on each period's total, a duration, or two figures are not presence: refused", () => {
    for (const question of [
      'how many months had more than 10 orders',
      'how many days did orders take to ship',
      'how many months had orders and revenue',
      'how many days between order and shipping',
      'how many months of 1997 had revenue above the average',
    ])
      expect(ask(question).kind, question).toBe('out_of_scope');
  });
});

describe('period count where a column is named like the unit', () => {
  // visits dated by a year and a month-name column: "months" also names that column
  const model = parseModel(`
name: gym
entities:
  - name: visit
    table: visit
    primary_key: id
time_dimensions:
  - name: visit_year_month
    entity: visit
    sql: MAKE_DATE(\${TABLE}.yr, \${TABLE}.mon, 1)
    grains: [month, quarter, year]
    label: Visit year and month
dimensions:
  - name: visit_month
    entity: visit
    sql: \${TABLE}.month_name
    type: string
    label: Visit month
    synonyms: [months]
measures:
  - name: visits
    entity: visit
    agg: count
    label: Visits
    time_dimension: visit_year_month
defaults:
  time_dimension: visit_year_month
`);
  const ask2 = (question: string) => interpret(question, { model, values: new Map(), asOf: '2024-05-10' });
  it("counts the calendar months, not the column's values", () => {
    const r = ask2('how many months between March 2023 and October 2023 had visits');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.period_counts).toEqual([
      { name: 'visits_months', metric: 'visits', grain: 'month', label: 'Number of months with visits' },
    ]);
    expect(r.query.time_range).toMatchObject({ start: '2023-03-01', end: '2023-11-01' });
  });
  it('a grain the time dimension does not have is refused', () => {
    expect(ask2('on how many days were there visits in 2023').kind).toBe('out_of_scope');
  });
});

describe('period count on the TPC-H warehouse (DuckDB)', () => {
  let duck: Engine | undefined;
  beforeAll(async () => {
    duck = await duckdbEngine();
  }, 120_000);
  afterAll(async () => {
    await duck?.close();
  });
  const run = async (question: string) => {
    const compiled = compile(tpch.model, q(question), duck!.dialect);
    return Object.values((await duck!.query(compiled.sql))[0]!);
  };
  it('days on which one clerk took orders in 1996 equal the distinct order dates', async () => {
    const [expected] = await duck!.query(
      `SELECT COUNT(DISTINCT o_orderdate) AS n FROM orders WHERE o_clerk = 'Clerk#000000001' AND o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1997-01-01'`,
    );
    expect(await run('on how many days were there orders from Clerk#000000001 in 1996')).toEqual([expected!.n]);
  });
  it('weeks with urgent line items shipped by AIR in 1995 (the ship date buckets)', async () => {
    const [expected] = await duck!.query(
      `SELECT COUNT(DISTINCT date_trunc('week', l_shipdate)) AS n FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey
       WHERE l_shipmode = 'AIR' AND o_orderpriority = '1-URGENT' AND c_name = 'Customer#000000007' AND l_shipdate >= DATE '1995-01-01' AND l_shipdate < DATE '1996-01-01'`,
    );
    expect(await run('how many weeks had urgent line items shipped by AIR in 1995 for Customer#000000007')).toEqual([expected!.n]);
  });
});
