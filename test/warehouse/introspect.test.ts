import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapModel, bootstrapToFile } from '../../src/semantic/draft/index.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import { SemanticModelSchema, type SemanticModelInput } from '../../src/semantic/model.js';
import { loadModel } from '../../src/semantic/loader.js';
import { TPCH_DIR } from './fixtures.js';

describe('bootstrapModel on the TPC-H Parquet folder', () => {
  let model: SemanticModelInput;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-boot-test-'));
    const w = await DuckDbWarehouse.open(TPCH_DIR);
    try {
      model = await bootstrapModel(w, { name: 'tpch' });
    } finally {
      await w.close();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('parses with SemanticModelSchema', () => {
    const m = SemanticModelSchema.parse(model);
    expect(m.entities).toHaveLength(8);
  });

  it('finds primary keys, including composite ones, from the data', () => {
    const pk = Object.fromEntries(model.entities.map((e) => [e.name, e.primary_key]));
    expect(pk).toEqual({
      customer: 'c_custkey',
      lineitem: ['l_orderkey', 'l_linenumber'],
      nation: 'n_nationkey',
      orders: 'o_orderkey',
      part: 'p_partkey',
      partsupp: ['ps_partkey', 'ps_suppkey'],
      region: 'r_regionkey',
      supplier: 's_suppkey',
    });
  });

  it('guesses foreign keys by name', () => {
    const rels = (model.relationships ?? []).map((r) => `${r.from}.${r.on.map((p) => p[0]).join('+')}->${r.to}`).sort();
    expect(rels).toEqual([
      'customer.c_nationkey->nation',
      'lineitem.l_orderkey->orders',
      'lineitem.l_partkey+l_suppkey->partsupp',
      'lineitem.l_partkey->part',
      'lineitem.l_suppkey->supplier',
      'nation.n_regionkey->region',
      'orders.o_custkey->customer',
      'partsupp.ps_partkey->part',
      'partsupp.ps_suppkey->supplier',
      'supplier.s_nationkey->nation',
    ]);
  });

  it('makes dimensions (indexing low-cardinality text), time dimensions and measures', () => {
    const dim = Object.fromEntries((model.dimensions ?? []).map((d) => [d.name, d]));
    expect(dim.mktsegment).toMatchObject({ entity: 'customer', sql: '${TABLE}.c_mktsegment', index_values: true });
    expect(dim.shipmode?.index_values).toBe(true);
    // A table's name column is named after the table (n_name -> nation), as a person would ask.
    expect(dim.nation).toMatchObject({ sql: '${TABLE}.n_name', index_values: true, label: 'Nation' });
    expect(dim.customer?.index_values).toBe(false);
    expect(model.as_of).toEqual({ latest: 'ship_date' });
    expect(Object.keys(dim)).not.toContain('custkey');
    const times = (model.time_dimensions ?? []).map((t) => `${t.entity}.${t.name}`).sort();
    expect(times).toEqual(['lineitem.commit_date', 'lineitem.receipt_date', 'lineitem.ship_date', 'orders.order_date']);
    const measures = Object.fromEntries((model.measures ?? []).map((m) => [m.name, m]));
    expect(measures.orders_count).toMatchObject({ agg: 'count', entity: 'orders', time_dimension: 'order_date' });
    expect(measures.customer_count).toMatchObject({ agg: 'count', time_bound: false });
    expect(measures.total_extendedprice).toMatchObject({ agg: 'sum', sql: '${TABLE}.l_extendedprice' });
    expect(Object.keys(measures).some((n) => /key/.test(n))).toBe(false);
  });

  it('writes YAML that the model loader accepts', async () => {
    const out = join(dir, 'draft.yaml');
    await bootstrapToFile(`duckdb:${TPCH_DIR}`, out);
    expect(readFileSync(out, 'utf8')).toMatch(/^# Draft semantic model/);
    const m = loadModel(out);
    expect(m.name).toBe('tpch');
    expect(m.relationships.length).toBe(10);
  });
});
