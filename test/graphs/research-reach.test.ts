/**
 * One rule of reachability: the research planner breaks a metric down by exactly the dimensions the
 * compiler can join to its fact (JoinGraph: many_to_one forward, one_to_many backward). A model
 * that declares a relationship from the "one" side (customer one_to_many orders) used to make the
 * planner drop every customer dimension (it followed declared many_to_one edges only) while the
 * compiler joined them; now both agree, in the scan and in the key dimensions.
 */
import { describe, expect, it } from 'vitest';
import { resolveFocus } from '../../graphs/research/planner.js';
import { reachableDimensions, rollsUpTo } from '../../graphs/research/scan.js';
import { compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import { DEFAULT_MODEL_PATH, loadModel } from '../../src/semantic/loader.js';
import type { SemanticModel } from '../../src/semantic/model.js';
import type { SemanticLayer } from '../../src/semantic/values.js';

const tpch = loadModel(DEFAULT_MODEL_PATH);
/** The same model with orders → customer declared from the customer side. */
const reversed: SemanticModel = {
  ...tpch,
  relationships: tpch.relationships.map((r) => (r.from === 'orders' && r.to === 'customer' ? { ...r, from: 'customer', to: 'orders', on: r.on.map(([a, b]) => [b, a] as [string, string]), cardinality: 'one_to_many' as const } : r)),
};
const layerOf = (model: SemanticModel): SemanticLayer =>
  ({ model, values: { region: ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'], market_segment: ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'HOUSEHOLD', 'MACHINERY'], order_priority: ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW'] }, asOf: '1998-08-02' }) as unknown as SemanticLayer;

describe('research reachability is the compiler\'s (JoinGraph)', () => {
  it('a one_to_many relationship declared from the customer side: planner and compiler agree on the customer dimensions', () => {
    const duck = dialectFor('duckdb');
    for (const model of [tpch, reversed]) {
      const reach = reachableDimensions(model, 'average_order_value');
      // orders reach their customer, its nation and region; never line or part attributes (one_to_many from orders)
      expect(reach).toEqual(expect.arrayContaining(['market_segment', 'nation', 'region', 'customer', 'order_priority']));
      expect(reach).not.toContain('ship_mode');
      expect(reach).not.toContain('brand');
      for (const d of reach) expect(() => compile(model, { metrics: ['average_order_value'], group_by: [{ dimension: d }], filters: [], metric_filters: [], order: [], share_of_total: [] }, duck)).not.toThrow();
      const focus = resolveFocus('Why did average order value change in 1997?', layerOf(model), '1998-08-02');
      expect(focus.keyDimensions).toEqual(['region', 'market_segment', 'order_priority']);
      expect(focus.scanDimensions).toEqual(reach);
    }
  });

  it('roll-ups follow the same joins: a nation rolls up into its region, a customer into its nation and segment, never the other way', () => {
    for (const model of [tpch, reversed]) {
      expect(rollsUpTo(model, 'nation', 'region')).toBe(true);
      expect(rollsUpTo(model, 'customer', 'nation')).toBe(true);
      expect(rollsUpTo(model, 'customer', 'market_segment')).toBe(true);
      expect(rollsUpTo(model, 'region', 'nation')).toBe(false);
      expect(rollsUpTo(model, 'market_segment', 'nation')).toBe(false);
      expect(rollsUpTo(model, 'supplier_nation', 'region')).toBe(false);
    }
  });
});
