import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportError, importToFile } from '../../../src/semantic/import/index.js';
import { FIXTURES, importFixture, roundTrip, type Imported, type RoundTrip } from './roundtrip.js';

const PROJECT = join(FIXTURES, 'dbt/tpch_shop');
const LATEST = join(FIXTURES, 'dbt/latest_spec');

// Hand-written SQL over the TPC-H tables for each imported metric.
const REVENUE = 'SUM(l_extendedprice * (1 - l_discount))';
const TO_REGION =
  'JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey';

let rt: RoundTrip;
let shop: Imported;
let latest: Imported;
beforeAll(async () => {
  rt = await roundTrip();
  shop = importFixture('dbt', PROJECT);
  latest = importFixture('dbt', LATEST);
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

describe('quarry semantic import dbt: the imported model gives the numbers of hand-written SQL', () => {
  it('simple metrics by a time grain, with the measure dated by its agg_time_dimension', async () => {
    await rt.expectSame(
      shop.model,
      {
        metrics: ['revenue', 'units'],
        group_by: [{ dimension: 'ship_date', grain: 'month' }],
        time_range: { start: '1995-01-01', end: '1996-01-01' },
      },
      `SELECT CAST(date_trunc('month', l_shipdate) AS DATE), ${REVENUE}, SUM(l_quantity) FROM lineitem
       WHERE l_shipdate >= DATE '1995-01-01' AND l_shipdate < DATE '1996-01-01' GROUP BY 1`,
    );
  });

  it('a count (sum of 1), a filtered count by year, and avg / max / count_distinct measures', async () => {
    await rt.expectSame(
      shop.model,
      { metrics: ['orders'], group_by: [{ dimension: 'order_priority' }] },
      'SELECT o_orderpriority, COUNT(*) FROM orders GROUP BY 1',
    );
    await rt.expectSame(
      shop.model,
      { metrics: ['urgent_orders', 'orders'], group_by: [{ dimension: 'order_date', grain: 'year' }] },
      `SELECT year(o_orderdate), COUNT(*) FILTER (WHERE o_orderpriority = '1-URGENT'), COUNT(*) FROM orders GROUP BY 1`,
    );
    await rt.expectSame(
      shop.model,
      { metrics: ['average_discount', 'largest_line', 'distinct_parts_sold', 'returned_lines'], group_by: [{ dimension: 'return_flag' }] },
      `SELECT l_returnflag, AVG(l_discount), MAX(l_extendedprice), COUNT(DISTINCT l_partkey), COUNT(*) FILTER (WHERE l_returnflag = 'R') FROM lineitem GROUP BY 1`,
    );
    await rt.expectSame(
      shop.model,
      { metrics: ['buyers'], group_by: [{ dimension: 'market_segment' }], time_range: { start: '1997-01-01', end: '1998-01-01' } },
      `SELECT c_mktsegment, COUNT(DISTINCT o_custkey) FROM orders JOIN customer ON o_custkey = c_custkey
       WHERE o_orderdate >= DATE '1997-01-01' AND o_orderdate < DATE '1998-01-01' GROUP BY 1`,
    );
  });

  it('ratio metrics (one with a filtered numerator) and a filter on a dimension three joins away, by quarter', async () => {
    await rt.expectSame(
      shop.model,
      { metrics: ['return_rate'], group_by: [{ dimension: 'ship_mode' }] },
      `SELECT l_shipmode, CAST(COUNT(*) FILTER (WHERE l_returnflag = 'R') AS DOUBLE) / COUNT(*) FROM lineitem GROUP BY 1`,
    );
    await rt.expectSame(
      shop.model,
      {
        metrics: ['air_share', 'european_revenue'],
        group_by: [{ dimension: 'ship_date', grain: 'quarter' }],
        time_range: { start: '1996-01-01', end: '1997-01-01' },
      },
      `SELECT CAST(date_trunc('quarter', l_shipdate) AS DATE),
         SUM(CASE WHEN l_shipmode IN ('AIR', 'REG AIR') THEN l_extendedprice * (1 - l_discount) END) / ${REVENUE},
         SUM(CASE WHEN r_name = 'EUROPE' THEN l_extendedprice * (1 - l_discount) END)
       FROM lineitem JOIN orders ON l_orderkey = o_orderkey ${TO_REGION}
       WHERE l_shipdate >= DATE '1996-01-01' AND l_shipdate < DATE '1997-01-01' GROUP BY 1`,
    );
  });

  it('derived metrics: within one semantic model by a joined dimension, and across two by region', async () => {
    await rt.expectSame(
      shop.model,
      { metrics: ['discounts_given'], group_by: [{ dimension: 'brand' }], time_range: { start: '1994-01-01', end: '1995-01-01' } },
      `SELECT p_brand, SUM(l_extendedprice) - ${REVENUE} FROM lineitem JOIN part ON l_partkey = p_partkey
       WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' GROUP BY 1`,
    );
    await rt.expectSame(
      shop.model,
      { metrics: ['revenue_per_order'], group_by: [{ dimension: 'region_name' }] },
      `WITH rev AS (SELECT r_name, ${REVENUE} AS v FROM lineitem JOIN orders ON l_orderkey = o_orderkey ${TO_REGION} GROUP BY 1),
            ord AS (SELECT r_name, COUNT(*) AS n FROM orders ${TO_REGION} GROUP BY 1)
       SELECT r_name, v / n FROM rev JOIN ord USING (r_name)`,
    );
  });

  it('the latest spec (semantics on columns, simple metrics with agg): ratio by segment, derived by quarter', async () => {
    await rt.expectSame(
      latest.model,
      { metrics: ['urgent_share'], group_by: [{ dimension: 'segment' }] },
      `SELECT c_mktsegment, CAST(COUNT(*) FILTER (WHERE o_orderpriority = '1-URGENT') AS DOUBLE) / COUNT(*) FROM orders JOIN customer ON o_custkey = c_custkey GROUP BY 1`,
    );
    await rt.expectSame(
      latest.model,
      {
        metrics: ['value_per_order'],
        group_by: [{ dimension: 'order_date', grain: 'quarter' }, { dimension: 'customer_band' }],
        time_range: { start: '1993-01-01', end: '1994-01-01' },
      },
      `SELECT CAST(date_trunc('quarter', o_orderdate) AS DATE), CASE WHEN c_acctbal < 0 THEN 'in debt' ELSE 'in credit' END, SUM(o_totalprice) / COUNT(*)
       FROM orders JOIN customer ON o_custkey = c_custkey WHERE o_orderdate >= DATE '1993-01-01' AND o_orderdate < DATE '1994-01-01' GROUP BY 1, 2`,
    );
  });
});

describe('quarry semantic import dbt: what it maps, guesses and refuses', () => {
  it('maps entities to keys and joins, dimensions and grains, and names what it guessed', () => {
    const m = shop.result.model;
    expect(m.entities.map((e) => [e.name, e.table, e.primary_key])).toEqual([
      ['orders', 'orders', 'o_orderkey'],
      ['line_items', 'lineitem', ['l_orderkey', 'l_partkey']],
      ['customers', 'customer', 'c_custkey'],
      ['nations', 'nation', 'n_nationkey'],
      ['regions', 'region', 'r_regionkey'],
      ['parts', 'part', 'p_partkey'],
    ]);
    expect(m.relationships!.map((r) => `${r.from}->${r.to} ${r.on.map((p) => p.join('=')).join(',')}`).sort()).toEqual([
      'customers->nations c_nationkey=n_nationkey',
      'line_items->orders l_orderkey=o_orderkey',
      'line_items->parts l_partkey=p_partkey',
      'nations->regions n_regionkey=r_regionkey',
      'orders->customers o_custkey=c_custkey',
    ]);
    expect(shop.yaml).toMatch(/# guess: no primary entity column \('line_item' names none\); primary key = \["l_orderkey","l_partkey"\]/);
    expect(shop.yaml).toMatch(/# guess: type boolean from the name 'is_large_order'/);
    expect(shop.yaml).toMatch(/# sum of 1 in dbt: a count of rows\n/);
    expect(shop.model.measures.find((x) => x.name === 'european_revenue')!.filter).toBe("${regions}.r_name = 'EUROPE'");
    expect(shop.model.time_dimensions.find((t) => t.name === 'order_date')!.grains).toEqual(['day', 'week', 'month', 'quarter', 'year']);
  });

  it('refuses what it cannot map faithfully, naming the metric and the reason, in the header too', () => {
    const why = Object.fromEntries(shop.result.skipped.map((s) => [s.what.split(' (')[0], s.why]));
    expect(why['metric cumulative_revenue']).toMatch(/cumulative metric/);
    expect(why['metric revenue_growth_mom']).toMatch(/offset in time/);
    expect(why['metric median_order_value']).toMatch(/aggregates by median/);
    expect(why['metric recent_revenue']).toMatch(/TimeDimension\('metric_time', 'day'\) in a filter/);
    expect(why['metric closing_units']).toMatch(/non_additive_dimension/);
    expect(why['measure order_total']).toMatch(/no metric uses it/);
    expect(shop.yaml).toMatch(
      /# Not imported:\n(# {3}- .*\n)*# {3}- metric cumulative_revenue \(.*metrics\.yml: metrics\[16\]\): a cumulative metric/,
    );
    for (const refused of ['cumulative_revenue', 'revenue_growth_mom', 'median_order_value', 'recent_revenue', 'closing_units'])
      expect([...shop.model.measures, ...shop.model.metrics].map((x) => x.name)).not.toContain(refused);
  });
});

describe('quarry semantic import dbt: bad input is an error naming the file, the path and what is allowed; nothing is written', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-import-dbt-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const broken = (name: string, edit: (text: string) => string) => {
    const project = join(dir, name);
    cpSync(PROJECT, project, { recursive: true });
    const file = join(project, 'models/marts/sales.yml');
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    return project;
  };

  it('an aggregation dbt does not know', async () => {
    const project = broken('agg', (t) => t.replace('agg: sum\n        expr: o_totalprice', 'agg: total\n        expr: o_totalprice'));
    const out = join(dir, 'agg.yaml');
    const err = await importToFile('dbt', project, out).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toMatch(
      /models\/marts\/sales\.yml: semantic_models\[0\]\.measures\[1\]\.agg: 'total' is not allowed; allowed: sum, min, max, count, count_distinct, sum_boolean, average, percentile, median/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('an agg_time_dimension that is no time dimension, and a missing time granularity', async () => {
    const project = broken('time', (t) =>
      t
        .replace('agg_time_dimension: order_date', 'agg_time_dimension: order_status')
        .replace('time_granularity: day\n      - name: order_priority', 'unit: day\n      - name: order_priority'),
    );
    const err = (await importToFile('dbt', project, join(dir, 'time.yaml')).catch((e: unknown) => e)) as ImportError;
    expect(err.issues.map((i) => `${i.path}: ${i.problem}`)).toEqual([
      'semantic_models[0].dimensions[0].type_params.time_granularity: missing (a time dimension needs one of: day, week, month, quarter, year, or finer)',
      "semantic_models[0].defaults.agg_time_dimension: 'order_status' is not a time dimension of 'orders' (its time dimensions: order_date)",
    ]);
  });

  it('YAML that does not parse names the line; a folder without semantic models says so', async () => {
    const project = broken('yaml', (t) => t.replace('  - name: orders\n    description', '  - name: orders\n   description'));
    await expect(importToFile('dbt', project, join(dir, 'y.yaml'))).rejects.toThrow(
      /sales\.yml: \(top level\): not valid YAML \(line \d+\)/,
    );
    const empty = join(dir, 'empty');
    cpSync(join(PROJECT, 'models/staging'), empty, { recursive: true });
    await expect(importToFile('dbt', empty, join(dir, 'e.yaml'))).rejects.toThrow(/no dbt semantic models found in 1 YAML file/);
  });

  it('--strict writes nothing when anything was refused; otherwise the file is written whole', async () => {
    const out = join(dir, 'strict.yaml');
    await expect(importToFile('dbt', PROJECT, out, { strict: true })).rejects.toThrow(/not imported \(--strict\): a cumulative metric/);
    expect(existsSync(out)).toBe(false);
    await importToFile('dbt', PROJECT, out, { schema: 'analytics' });
    expect(readFileSync(out, 'utf8')).toMatch(/table: analytics\.lineitem/);
  });
});
