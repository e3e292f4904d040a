/**
 * One rule of reachability: the research planner breaks a metric down by exactly the dimensions the
 * compiler can join to its fact (JoinGraph: many_to_one forward, one_to_many backward). A model
 * that declares a relationship from the "one" side (customer one_to_many orders) used to make the
 * planner drop every customer dimension (it followed declared many_to_one edges only) while the
 * compiler joined them; now both agree, in the scan and in the key dimensions.
 */
import { describe, expect, it } from 'vitest';
import { resolveFocus } from '../../graphs/research/planner.js';
import { explainAcross, readMix, reachableDimensions, rollsUpTo } from '../../graphs/research/scan.js';
import type { SubQuestion } from '../../graphs/research/state.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import { DEFAULT_MODEL_PATH, loadModel } from '../../src/semantic/loader.js';
import type { SemanticModel } from '../../src/semantic/model.js';
import type { SemanticLayer } from '../../src/semantic/values.js';

const tpch = loadModel(DEFAULT_MODEL_PATH);
/** The same model with orders → customer declared from the customer side. */
const reversed: SemanticModel = {
  ...tpch,
  relationships: tpch.relationships.map((r) =>
    r.from === 'orders' && r.to === 'customer'
      ? { ...r, from: 'customer', to: 'orders', on: r.on.map(([a, b]) => [b, a] as [string, string]), cardinality: 'one_to_many' as const }
      : r,
  ),
};
const layerOf = (model: SemanticModel): SemanticLayer =>
  ({
    model,
    values: {
      region: ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'],
      market_segment: ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'HOUSEHOLD', 'MACHINERY'],
      order_priority: ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW'],
    },
    asOf: '1998-08-02',
  }) as unknown as SemanticLayer;

describe("research reachability is the compiler's (JoinGraph)", () => {
  it('a one_to_many relationship declared from the customer side: planner and compiler agree on the customer dimensions', () => {
    const duck = dialectFor('duckdb');
    for (const model of [tpch, reversed]) {
      const reach = reachableDimensions(model, 'average_order_value');
      // orders reach their customer, its nation and region; never line or part attributes (one_to_many from orders)
      expect(reach).toEqual(expect.arrayContaining(['market_segment', 'nation', 'region', 'customer', 'order_priority']));
      expect(reach).not.toContain('ship_mode');
      expect(reach).not.toContain('brand');
      for (const d of reach)
        expect(() =>
          compile(
            model,
            {
              metrics: ['average_order_value'],
              group_by: [{ dimension: d }],
              filters: [],
              metric_filters: [],
              order: [],
              share_of_total: [],
            },
            duck,
          ),
        ).not.toThrow();
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

  it('a fall beside a larger rise is kept once the rise alone explains the change; a region is not credited beside its nation', () => {
    const d = (dimension: string, member: string, contribution: number, surprise: number) => ({
      dimension,
      member,
      contribution,
      surprise,
      from: 'q4',
    });
    const { drivers, explained } = explainAcross(tpch, [
      d('nation', 'KENYA', 1.3, 0.01),
      d('region', 'AFRICA', 1.25, 0.004),
      d('supplier_nation', 'PERU', -0.37, 0.003),
      d('brand', 'Brand#11', 0.12, 0.0005),
    ]);
    expect(drivers.map((x) => x.member)).toEqual(['KENYA', 'PERU']);
    expect(explained).toBe(true);
  });

  it('once explained, a member whose large change is mostly its slice of a driver already taken is not a second driver', () => {
    const d = (dimension: string, member: string, contribution: number, surprise: number, previousShare = 0) => ({
      dimension,
      member,
      contribution,
      surprise,
      previousShare,
      from: 'q4',
    });
    // a supplier nation cut explains 78 %; a manufacturer (a fifth of the business) moved 31 % of the change the same way
    const alone = [d('supplier_nation', 'CANADA', 0.78, 0.02), d('manufacturer', 'Manufacturer#3', 0.31, 0.004)];
    expect(explainAcross(tpch, alone).drivers.map((x) => x.member)).toEqual(['CANADA', 'Manufacturer#3']);
    // as if independent, a fifth of the cut lies in it (0.16): what is left outside is no large part
    const sliced = [d('supplier_nation', 'CANADA', 0.78, 0.02), d('manufacturer', 'Manufacturer#3', 0.31, 0.004, 0.2)];
    expect(explainAcross(tpch, sliced)).toMatchObject({ drivers: [{ member: 'CANADA' }], explained: true });
    // the pair scan's intersection, when known, counts instead of the estimate
    const known = (a: { member: string }, b: { member: string }) => ([a.member, b.member].includes('CANADA') ? 0.02 : undefined);
    expect(explainAcross(tpch, sliced, known).drivers.map((x) => x.member)).toEqual(['CANADA', 'Manufacturer#3']);
    // a fall beside a larger rise: a small member of its dimension, still a driver
    const fall = [d('nation', 'KENYA', 1.3, 0.01, 0.04), d('supplier_nation', 'PERU', -0.37, 0.003, 0.04)];
    expect(explainAcross(tpch, fall).drivers.map((x) => x.member)).toEqual(['KENYA', 'PERU']);
  });

  it("mix: a region is named over its nations when it explains nearly as much (the nations' mix contains it)", () => {
    const sub = {
      id: 'q9',
      round: 1,
      angle: 'decomposition',
      question: '',
      purpose: '',
      query: {} as never,
      scan: { dimensions: ['region', 'nation'], mix: { numerator: 'order_value', denominator: 'orders' } },
    } as SubQuestion;
    const row = (dimension: string, member: string, weight_change: number, mix_share: number) => ({
      dimension,
      member,
      weight_change,
      mix_share,
      rate_share: 0.02,
    });
    const op = (rows: Record<string, unknown>[]) => [{ id: 'q9', kind: 'query', status: 'done', rows }] as unknown as ResearchOperation[];
    const close = op([
      row('nation', 'KENYA', -0.02, 1.035),
      row('nation', 'PERU', 0.01, 1.035),
      row('region', 'AFRICA', -0.05, 1.027),
      row('region', 'AMERICA', 0.03, 1.027),
    ]);
    expect(readMix(tpch, [sub], close)).toMatchObject({ dimension: 'region', shrank: 'AFRICA', grew: 'AMERICA' });
    const apart = op([row('nation', 'KENYA', -0.02, 1.0), row('region', 'AFRICA', -0.05, 0.4)]);
    expect(readMix(tpch, [sub], apart)).toMatchObject({ dimension: 'nation' });
  });
});
