import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportError, importToFile } from '../../../src/semantic/import/index.js';
import { FIXTURES, importFixture, roundTrip, type Imported, type RoundTrip } from './roundtrip.js';

const PROJECT = join(FIXTURES, 'cube/tpch_cube');
const REVENUE = 'SUM(l_extendedprice * (1 - l_discount))';
const LINE_TO_REGION =
  'JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey';

let rt: RoundTrip;
let cube: Imported;
beforeAll(async () => {
  rt = await roundTrip();
  cube = importFixture('cube', PROJECT);
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

describe('quarry semantic import cube: the imported model gives the numbers of hand-written SQL', () => {
  it('a sum by a dimension four joins away (one join declared one_to_many on the other cube) and by year', async () => {
    await rt.expectSame(
      cube.model,
      { metrics: ['revenue', 'line_items'], group_by: [{ dimension: 'regions_name' }, { dimension: 'ship_date', grain: 'year' }] },
      `SELECT r_name, year(l_shipdate), ${REVENUE}, COUNT(*) FROM lineitem ${LINE_TO_REGION} GROUP BY 1, 2`,
    );
  });

  it('a calculated measure over measures (one with filters, not in the view) and one over aggregates, by month', async () => {
    await rt.expectSame(
      cube.model,
      { metrics: ['return_rate'], group_by: [{ dimension: 'ship_mode' }] },
      `SELECT l_shipmode, 1.0 * COUNT(*) FILTER (WHERE l_returnflag = 'R') / COUNT(*) FROM lineitem GROUP BY 1`,
    );
    await rt.expectSame(
      cube.model,
      {
        metrics: ['unit_price'],
        group_by: [{ dimension: 'brand' }, { dimension: 'ship_date', grain: 'month' }],
        time_range: { start: '1995-01-01', end: '1995-04-01' },
      },
      `SELECT p_brand, CAST(date_trunc('month', l_shipdate) AS DATE), SUM(l_extendedprice) / SUM(l_quantity) FROM lineitem JOIN part ON l_partkey = p_partkey
       WHERE l_shipdate >= DATE '1995-01-01' AND l_shipdate < DATE '1995-04-01' GROUP BY 1, 2`,
    );
  });

  it('a case dimension of a SQL cube, dated by its own time dimension; a calculated measure across cubes', async () => {
    await rt.expectSame(
      cube.model,
      { metrics: ['orders'], group_by: [{ dimension: 'status' }], time_range: { start: '1997-01-01', end: '1998-01-01' } },
      `SELECT CASE o_orderstatus WHEN 'F' THEN 'fulfilled' WHEN 'O' THEN 'open' ELSE 'partially fulfilled' END, COUNT(*) FROM orders
       WHERE o_orderdate >= DATE '1997-01-01' AND o_orderdate < DATE '1998-01-01' GROUP BY 1`,
    );
    await rt.expectSame(
      cube.model,
      { metrics: ['revenue_per_order'], group_by: [{ dimension: 'segment' }] },
      `WITH rev AS (SELECT c_mktsegment, ${REVENUE} AS v FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey GROUP BY 1),
            ord AS (SELECT c_mktsegment, COUNT(*) AS n FROM orders JOIN customer ON o_custkey = c_custkey GROUP BY 1)
       SELECT c_mktsegment, v / n FROM rev JOIN ord USING (c_mktsegment)`,
    );
  });

  it('avg and count_distinct by a prefixed view name, filtered to one region', async () => {
    await rt.expectSame(
      cube.model,
      {
        metrics: ['average_discount', 'distinct_parts'],
        group_by: [{ dimension: 'nation_name' }],
        filters: [{ dimension: 'regions_name', op: 'eq', values: ['ASIA'] }],
      },
      `SELECT n_name, AVG(l_discount), COUNT(DISTINCT l_partkey) FROM lineitem ${LINE_TO_REGION} WHERE r_name = 'ASIA' GROUP BY 1`,
    );
  });
});

describe('quarry semantic import cube: what it maps, guesses and refuses', () => {
  it('exposes the members of the views under their names; joins both ways; keys from expressions', () => {
    const m = cube.result.model;
    expect(m.dimensions!.map((d) => d.name).sort()).toEqual([
      'brand',
      'nation_name',
      'priority',
      'regions_name',
      'return_flag',
      'segment',
      'ship_mode',
      'status',
    ]);
    expect(m.measures!.map((x) => x.name)).toEqual(
      expect.arrayContaining(['line_items', 'orders', 'revenue', 'line_items_returned', 'distinct_parts', 'average_discount']),
    );
    expect(m.entities.find((e) => e.name === 'line_items')!.primary_key).toEqual(['l_orderkey', 'l_linenumber']);
    expect(m.entities.find((e) => e.name === 'orders')).toMatchObject({ sql: 'SELECT * FROM orders', primary_key: 'o_orderkey' });
    expect(m.relationships).toContainEqual({
      from: 'nations',
      to: 'regions',
      on: [['n_regionkey', 'r_regionkey']],
      cardinality: 'many_to_one',
    });
    expect(m.relationships).toContainEqual({
      from: 'line_items',
      to: 'parts',
      on: [['l_partkey', 'p_partkey']],
      cardinality: 'many_to_one',
    });
    expect(cube.yaml).toMatch(/# not in a view, imported because a calculated measure uses it\n\s+- name: line_items_returned/);
    expect(cube.yaml).toMatch(/# count_distinct_approx in Cube: Quarry counts exactly/);
  });

  it('refuses running totals, time measures, segments and pre-aggregations, and names what no view exposes', () => {
    const why = Object.fromEntries(cube.result.skipped.map((s) => [s.what.split(' (')[0], s.why]));
    expect(why['measure line_items.running_revenue']).toMatch(/running total/);
    expect(why['measure line_items.last_ship_date']).toMatch(/a time measure/);
    expect(why['segment line_items.air_only']).toMatch(/named filter/);
    expect(why['pre-aggregations of line_items']).toMatch(/warehouse directly/);
    expect(why['measure orders.total']).toBe('no view exposes it');
    expect(why['dimension parts.type']).toBe('no view exposes it');
  });

  it('without views every public member is imported, names made unique per cube', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-import-cube-'));
    try {
      cpSync(join(PROJECT, 'model/cubes'), dir, { recursive: true });
      const plain = importFixture('cube', dir);
      const names = plain.model.measures.map((x) => x.name);
      expect(names).toEqual(expect.arrayContaining(['line_items_count', 'orders_count', 'total', 'average_value']));
      expect(plain.model.dimensions.map((d) => d.name)).toEqual(expect.arrayContaining(['nations_name', 'regions_name', 'type']));
      expect(plain.model.dimensions.map((d) => d.name)).not.toContain('nation_key'); // shown: false
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('quarry semantic import cube: bad input is an error naming the file, the path and what is allowed; nothing is written', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-import-cube-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const broken = (name: string, file: string, edit: (text: string) => string) => {
    const project = join(dir, name);
    cpSync(PROJECT, project, { recursive: true });
    const path = join(project, 'model', file);
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
    return project;
  };

  it('a relationship, a join target and a view member that do not exist', async () => {
    const project = broken('rel', 'cubes/orders.yml', (t) =>
      t
        .replace('relationship: many_to_one', 'relationship: belongs_to_many')
        .replace('- name: customers\n        relationship', '- name: clients\n        relationship'),
    );
    const out = join(dir, 'rel.yaml');
    const err = (await importToFile('cube', project, out).catch((e: unknown) => e)) as ImportError;
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toMatch(
      /cubes\/orders\.yml: cubes\[0\]\.joins\[0\]\.relationship: 'belongs_to_many' is not allowed; allowed: many_to_one, one_to_many, one_to_one/,
    );
    expect(existsSync(out)).toBe(false);
    const views = broken('view', 'views/sales.yml', (t) => t.replace('includes: [segment]', 'includes: [segmant]'));
    await expect(importToFile('cube', views, out)).rejects.toThrow(
      /views\/sales\.yml: views\[0\]\.cubes\[2\]\.includes\[0\]: 'segmant' is not a member of cube 'customers'; its members: id, nation_key, segment/,
    );
    const target = broken('target', 'cubes/orders.yml', (t) =>
      t.replace('- name: customers\n        relationship', '- name: clients\n        relationship'),
    );
    await expect(importToFile('cube', target, out)).rejects.toThrow(/cubes\[0\]\.joins\[0\]\.name: 'clients' is not a cube; cubes: /);
    expect(existsSync(out)).toBe(false);
  });

  it('a reference to a member that does not exist; a Jinja template', async () => {
    const project = broken('ref', 'cubes/line_items.yml', (t) =>
      t.replace('sql: "1.0 * {returned} / {count}"', 'sql: "1.0 * {returns} / {count}"'),
    );
    await expect(importToFile('cube', project, join(dir, 'r.yaml'))).rejects.toThrow(
      /cubes\[0\]\.measures\[3\]\.sql: \{returns\} is neither a member of 'line_items' nor a cube/,
    );
    const jinja = broken('jinja', 'cubes/orders.yml', (t) =>
      t.replace('sql: SELECT * FROM orders', "sql: SELECT * FROM {{ env_var('SCHEMA') }}.orders"),
    );
    await expect(importToFile('cube', jinja, join(dir, 'j.yaml'))).rejects.toThrow(
      /cubes\/orders\.yml: \(top level\): the file uses Jinja templates/,
    );
  });
});
