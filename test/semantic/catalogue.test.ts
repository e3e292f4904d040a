import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/semantic/catalogue.js';
import { DEFAULT_MODEL_PATH, loadModel } from '../../src/semantic/loader.js';
import { loadValueIndex, resolveAsOf, semanticLayerFor, type SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { duckdbEngine, type Engine } from './engines.js';

const model = loadModel(DEFAULT_MODEL_PATH);

/** The Warehouse interface over the test DuckDB (enough for the loader). */
function asWarehouse(engine: Engine): Warehouse {
  return {
    dialect: 'duckdb',
    introspect: async () => [],
    run: async (sql) => {
      const t = Date.now();
      const rows = await engine.query(sql);
      return {
        columns: Object.keys(rows[0] ?? {}).map((name) => ({ name, type: '' })),
        rows,
        rowCount: rows.length,
        truncated: false,
        elapsedMs: Date.now() - t,
      };
    },
    ping: async () => {},
    close: async () => {},
  };
}

describe('catalogue over the model and warehouse values', () => {
  let engine: Engine;
  let layer: SemanticLayer;
  beforeAll(async () => {
    engine = await duckdbEngine();
    layer = await semanticLayerFor(model, asWarehouse(engine));
  });
  afterAll(async () => engine.close());

  it('reads the distinct values of indexed dimensions and the as-of date', async () => {
    expect(layer.values.region).toEqual(['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST']);
    expect(layer.values.ship_mode).toContain('REG AIR');
    expect(layer.values.order_priority).toContain('4-NOT SPECIFIED');
    expect(layer.values.customer).toBeUndefined(); // not indexed: high cardinality
    expect(layer.asOf).toBe('1998-08-02');
    expect(await resolveAsOf({ ...model, as_of: '1999-01-31' }, asWarehouse(engine))).toBe('1999-01-31');
    expect(Object.keys(await loadValueIndex(model, asWarehouse(engine), { maxValues: 3 })).length).toBeGreaterThan(5);
  });

  it.each([
    ['sales', 'metric:revenue'],
    ['net sales', 'metric:revenue'],
    ['turnover', 'metric:revenue'],
    ['urgent', 'value:order_priority:1-URGENT'],
    ['high priority', 'value:order_priority:high priority'],
    ['shipped', 'time_dimension:ship_date'],
    ['delivered', 'time_dimension:receipt_date'],
    ['europe', 'value:region:EUROPE'],
    ['REG AIR', 'value:ship_mode:REG AIR'],
    ['margin', 'metric:profit_margin'],
    ['aov', 'metric:average_order_value'],
    ['buyers', 'metric:active_customers'],
    ['supplier region', 'dimension:supplier_region'],
    ['segment', 'dimension:market_segment'],
    ['fulfilled', 'value:order_status:F'],
    ['last quarter', 'glossary:last quarter'],
    ['revnue', 'metric:revenue'], // typo: fuzzy
    ['profi', 'metric:profit'], // prefix
  ])('"%s" ranks %s first', (term, id) => {
    const res = layer.catalogue.search(term);
    expect(res.search_term).toBe(term);
    expect(res.matching_entities[0]?.entity_id, JSON.stringify(res.matching_entities.slice(0, 3))).toBe(id);
    expect(res.total_matches).toBeGreaterThanOrEqual(res.matching_entities.length);
    expect(typeof res.matching_entities[0]!.relevance_score).toBe('number');
  });

  it('returns hits in decreasing relevance with name, entity_id and kind', () => {
    const hits = layer.catalogue.search('customer').matching_entities;
    expect(hits.length).toBeGreaterThan(2);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.relevance_score).toBeGreaterThanOrEqual(hits[i]!.relevance_score);
    expect(hits[0]).toMatchObject({ name: expect.any(String), entity_id: expect.any(String), kind: expect.any(String) });
    expect(layer.catalogue.search('   ').total_matches).toBe(0);
    expect(layer.catalogue.search('zzqxv').total_matches).toBe(0);
  });

  it('summarises entities, metrics and dimensions', () => {
    const s = layer.catalogue.summary();
    expect(s.total_entities).toBe(s.entities.length);
    expect(s.entities).toContainEqual(expect.objectContaining({ name: 'revenue', type: 'metric' }));
    expect(s.entities).toContainEqual(expect.objectContaining({ name: 'orders', type: 'entity' }));
    expect(s.entities).toContainEqual(expect.objectContaining({ name: 'region', type: 'dimension' }));
  });

  it('details an entity by id or name', () => {
    const e = layer.catalogue.entity('entity:lineitem')!;
    expect(e.name).toBe('lineitem');
    expect(e.attributes).toEqual(expect.arrayContaining(['ship_mode', 'revenue', 'ship_date']));
    expect(e.dimensions).toEqual(expect.arrayContaining(['region', 'supplier_region', 'brand', 'order_date']));
    expect(e.relationships.some((r) => r.startsWith('lineitem -> orders'))).toBe(true);
    expect(layer.catalogue.entity('revenue')!.attributes[0]).toMatch(/definition: sum\(/);
    expect(layer.catalogue.entity('region')!.attributes).toContain('value: EUROPE');
    expect(layer.catalogue.entity('nothing')).toBeUndefined();
  });

  it('works without warehouse values (model-only value synonyms)', () => {
    const c = buildCatalogue(model);
    expect(c.search('urgent').matching_entities[0]!.entity_id).toBe('value:order_priority:1-URGENT');
  });
});
