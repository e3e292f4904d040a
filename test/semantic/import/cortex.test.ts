import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportError, importToFile } from '../../../src/semantic/import/index.js';
import { semanticLayerFor } from '../../../src/semantic/values.js';
import { runEvalSuite, verifiedSuite } from '../../../src/eval/suite.js';
import { FIXTURES, importFixture, roundTrip, type Imported, type RoundTrip } from './roundtrip.js';

const FILE = join(FIXTURES, 'cortex/tpch_sales.yaml');
const REVENUE = 'SUM(l_extendedprice * (1 - l_discount))';
const TO_REGION =
  'JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey';

let rt: RoundTrip;
let cortex: Imported;
beforeAll(async () => {
  rt = await roundTrip();
  cortex = importFixture('cortex', FILE);
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

describe('quarry semantic import cortex: the imported model gives the numbers of hand-written SQL', () => {
  it('a fact with a default aggregation by region (through four relationships) and month', async () => {
    await rt.expectSame(
      cortex.model,
      {
        metrics: ['revenue'],
        group_by: [{ dimension: 'region' }, { dimension: 'ship_date', grain: 'month' }],
        time_range: { start: '1996-01-01', end: '1996-07-01' },
      },
      `SELECT r_name, CAST(date_trunc('month', l_shipdate) AS DATE), ${REVENUE} FROM lineitem JOIN orders ON l_orderkey = o_orderkey ${TO_REGION}
       WHERE l_shipdate >= DATE '1996-01-01' AND l_shipdate < DATE '1996-07-01' GROUP BY 1, 2`,
    );
  });

  it('metrics over several aggregates (logical columns inside), and a metric with a filter, by year', async () => {
    await rt.expectSame(
      cortex.model,
      { metrics: ['return_rate', 'average_unit_price'], group_by: [{ dimension: 'ship_mode' }] },
      `SELECT l_shipmode, CAST(SUM(CASE WHEN l_returnflag = 'R' THEN 1 ELSE 0 END) AS DOUBLE) / COUNT(*), ${REVENUE} / SUM(l_quantity) FROM lineitem GROUP BY 1`,
    );
    await rt.expectSame(
      cortex.model,
      { metrics: ['large_lines', 'discount'], group_by: [{ dimension: 'ship_date', grain: 'year' }] },
      `SELECT year(l_shipdate), COUNT(*) FILTER (WHERE l_quantity > 45), AVG(l_discount) FROM lineitem GROUP BY 1`,
    );
  });

  it('table metrics of two tables and a model-level metric over them, by nation and by quarter', async () => {
    await rt.expectSame(
      cortex.model,
      {
        metrics: ['order_count', 'order_value'],
        group_by: [{ dimension: 'order_priority' }, { dimension: 'order_date', grain: 'quarter' }],
        time_range: { start: '1998-01-01', end: '1999-01-01' },
      },
      `SELECT o_orderpriority, CAST(date_trunc('quarter', o_orderdate) AS DATE), COUNT(*), SUM(o_totalprice) FROM orders
       WHERE o_orderdate >= DATE '1998-01-01' AND o_orderdate < DATE '1999-01-01' GROUP BY 1, 2`,
    );
    await rt.expectSame(
      cortex.model,
      {
        metrics: ['revenue_per_order'],
        group_by: [{ dimension: 'nation' }],
        filters: [{ dimension: 'market_segment', op: 'eq', values: ['BUILDING'] }],
      },
      `WITH rev AS (SELECT n_name, ${REVENUE} AS v FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey WHERE c_mktsegment = 'BUILDING' GROUP BY 1),
            ord AS (SELECT n_name, COUNT(*) AS n FROM orders JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey WHERE c_mktsegment = 'BUILDING' GROUP BY 1)
       SELECT n_name, v / n FROM rev JOIN ord USING (n_name)`,
    );
  });
});

describe('quarry semantic import cortex: verified queries', () => {
  it('run on the warehouse over the logical tables (as CTEs) and give the hand-written numbers', async () => {
    const vq = cortex.model.verified_queries;
    expect(vq.map((v) => v.question)).toEqual([
      'What is the revenue by region?',
      'How many orders by order priority?',
      'average discount by ship mode',
    ]);
    await rt.expectSameSql(
      vq[0]!.sql!,
      `SELECT r_name, ${REVENUE} FROM lineitem JOIN orders ON l_orderkey = o_orderkey ${TO_REGION} GROUP BY 1`,
    );
    await rt.expectSameSql(vq[1]!.sql!, 'SELECT o_orderpriority, COUNT(*) FROM orders GROUP BY 1');
    await rt.expectSameSql(vq[2]!.sql!, 'SELECT l_shipmode, AVG(l_discount) FROM lineitem GROUP BY 1');
    // `FROM orders` (a logical table named like its base table) reads the logical columns
    expect(vq[1]!.sql).toMatch(/FROM __orders AS orders/);
  });

  it('are a passing eval suite: each question, answered by the interpreter, gives the rows of its verified SQL', async () => {
    const layer = await semanticLayerFor(cortex.model, rt.warehouse);
    const summary = await runEvalSuite(layer, rt.warehouse, verifiedSuite(layer, rt.warehouse.dialect));
    expect(summary.results.map((r) => [r.question, r.verdict, r.reason])).toEqual([
      ['What is the revenue by region?', 'pass', undefined],
      ['How many orders by order priority?', 'pass', undefined],
      ['average discount by ship mode', 'pass', undefined],
    ]);
  });
});

describe('quarry semantic import cortex: what real files write', () => {
  it('reads a multi-line double-quoted sql whose lines start at the margin (as PyYAML and Snowflake do) and imports the same model', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-cortex-margin-'));
    try {
      // each verified query's `sql: |` block rewritten as `sql: "` with its lines at column 0
      const margin = readFileSync(FILE, 'utf8').replace(
        /^( +)sql: \|\n((?:\1 +.*\n?)+)/gm,
        (_all, _indent: string, body: string) =>
          `    sql: "\n${body
            .split('\n')
            .map((l) => l.trim())
            .join('\n')}"\n`,
      );
      expect(margin).toMatch(/sql: "\nSELECT order_priority/);
      const file = join(dir, 'margin.yaml');
      writeFileSync(file, margin);
      const imported = importFixture('cortex', file);
      expect(imported.model.verified_queries.map((v) => v.question)).toEqual(cortex.model.verified_queries.map((v) => v.question));
      expect(imported.model.verified_queries.map((v) => v.sql!.replace(/\s+/g, ' ').trim())).toEqual(
        cortex.model.verified_queries.map((v) => v.sql!.replace(/\s+/g, ' ').trim()),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('quarry semantic import cortex: what it maps, guesses and refuses', () => {
  it('keeps synonyms and descriptions, indexes values with samples, turns named filters into the glossary', () => {
    const m = cortex.result.model;
    expect(m.entities.find((e) => e.name === 'line_items')).toMatchObject({
      table: 'LINEITEM',
      primary_key: ['L_ORDERKEY', 'L_LINENUMBER'],
      synonyms: ['order lines'],
    });
    expect(m.dimensions!.find((d) => d.name === 'ship_mode')).toMatchObject({
      synonyms: ['shipping method'],
      index_values: true,
      description: 'How the line was shipped.',
    });
    expect(m.dimensions!.find((d) => d.name === 'customer_name')).toMatchObject({ index_values: false });
    expect(m.measures!.find((x) => x.name === 'revenue')).toMatchObject({
      agg: 'sum',
      synonyms: ['sales', 'net sales'],
      time_dimension: 'ship_date',
    });
    expect(m.glossary).toEqual({
      'urgent orders': "Orders of the highest priority. (filter on orders: O_ORDERPRIORITY = '1-URGENT'); also called rush orders",
    });
    expect(cortex.yaml).toMatch(/# guess: no primary_key; primary key = \["N_NATIONKEY"\] \(the columns other tables join to/);
    expect(cortex.yaml).toMatch(/# join_type inner: Quarry joins left outer/);
    expect(cortex.yaml).toMatch(/# base_table SALES_DB\.TPCH\.LINEITEM: the database and schema left out/);
    const why = Object.fromEntries(cortex.result.skipped.map((s) => [s.what.split(' (')[0], s.why]));
    expect(why['metric median_quantity']).toMatch(/MEDIAN\(\.\.\.\) is not one of the aggregations/);
    expect(why['fact line_items.quantity']).toMatch(/no default_aggregation/);
    expect(why.custom_instructions).toMatch(/no instructions/);
    expect(importFixture('cortex', FILE, { qualified: true }).model.entities[0]!.table).toBe('TPCH.LINEITEM');
  });
});

describe('quarry semantic import cortex: bad input is an error naming the file, the path and what is allowed; nothing is written', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-import-cortex-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const broken = (name: string, edit: (text: string) => string) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, edit(readFileSync(FILE, 'utf8')));
    return file;
  };

  it('an unknown aggregation, relationship type and table', async () => {
    const file = broken('agg', (t) =>
      t
        .replace('default_aggregation: avg', 'default_aggregation: mean')
        .replace('relationship_type: many_to_one', 'relationship_type: belongs_to'),
    );
    const out = join(dir, 'out.yaml');
    const err = (await importToFile('cortex', file, out).catch((e: unknown) => e)) as ImportError;
    expect(err).toBeInstanceOf(ImportError);
    expect(err.issues.map((i) => `${i.path}: ${i.problem}`)).toEqual([
      "tables[0].facts[2].default_aggregation: 'mean' is not allowed; allowed: sum, avg, median, min, max, count, count_distinct",
      "relationships[0].relationship_type: 'belongs_to' is not allowed; allowed: many_to_one, one_to_one, one_to_many, many_to_many",
    ]);
    expect(err.message).toMatch(/agg\.yaml: tables\[0\]\.facts\[2\]\.default_aggregation/);
    const table = broken('table', (t) => t.replace('right_table: customers', 'right_table: clients'));
    await expect(importToFile('cortex', table, out)).rejects.toThrow(
      /relationships\[1\]\.right_table: 'clients' is not a logical table; tables: line_items, orders, customers, nations, regions/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('a table without its base_table; not a file', async () => {
    const file = broken('base', (t) => t.replace(/ {4}base_table:\n {6}database: SALES_DB\n {6}schema: TPCH\n {6}table: ORDERS\n/, ''));
    await expect(importToFile('cortex', file, join(dir, 'o.yaml'))).rejects.toThrow(/tables\[1\]\.base_table: missing \(object required\)/);
    await expect(importToFile('cortex', dir, join(dir, 'o.yaml'))).rejects.toThrow(
      /no such file \(a Cortex Analyst semantic model is one YAML file\)/,
    );
  });
});
