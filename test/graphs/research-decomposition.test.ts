/**
 * Metric decomposition in research (analysis.ts): a derived sum into its terms (profit = revenue −
 * supply cost), an additive measure into base × rate (revenue = orders × revenue per order; per
 * member: gross sales × revenue per gross-sales dollar), a ratio into rate and mix (profit margin
 * across a dimension), each with its closure. The graph runs checkpointed on the planted demo
 * warehouse; state is read through getState and every figure checked against hand-written SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decompositionsOf, productBases } from '../../graphs/research/analysis.js';
import type { ResearchStateType } from '../../graphs/research/state.js';
import { type SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { buildPlantedWarehouse, type PlantedEffect } from '../helpers/planted.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';
import { researchOver } from '../helpers/tpch.js';

const REVENUE = 'l_extendedprice * (1 - l_discount)';
const JOINS = 'FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey';
const year = (y: number) => `o_orderdate >= DATE '${y}-01-01' AND o_orderdate < DATE '${y + 1}-01-01'`;

describe('research decomposition (checkpointed, asserted through getState against SQL)', () => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  let effects: PlantedEffect[];
  let bench: Awaited<ReturnType<typeof researchOver<PlantedEffect[]>>>;

  beforeAll(async () => {
    bench = await researchOver('quarry-research-decomposition-', (file) => buildPlantedWarehouse(file, 0.1));
    ({ warehouse, layer } = bench);
    effects = bench.built;
  }, 120_000);
  afterAll(async () => {
    await bench?.close();
  });

  async function research(question: string) {
    const snapshot = await bench.research(question);
    expect(snapshot.next).toEqual([]);
    return snapshot.values as ResearchStateType;
  }
  const value = async (sql: string) => Number((await warehouse.run(sql)).rows[0].v);

  it('reads the decompositions from the semantic model', () => {
    const model = layer.model;
    expect(decompositionsOf(model, 'profit')).toEqual([
      {
        kind: 'sum',
        terms: [
          { name: 'revenue', sign: 1 },
          { name: 'supply_cost', sign: -1 },
        ],
      },
    ]);
    expect(decompositionsOf(model, 'profit_margin')).toEqual([{ kind: 'ratio', numerator: 'profit', denominator: 'revenue' }]);
    expect(decompositionsOf(model, 'return_rate')).toEqual([
      { kind: 'ratio', numerator: 'returned_line_items', denominator: 'line_items' },
    ]);
    // revenue's row expression is gross sales times (1 - discount); orders is the coarser entity's count
    expect(productBases(model, 'revenue')).toEqual(['gross_sales', 'orders']);
    expect(decompositionsOf(model, 'average_discount')).toEqual([]);
  });

  it('revenue: orders × revenue per order at the headline; the planted discount shows as a rate effect of its segment', async () => {
    const state = await research(effects[1].question);
    expect(state.outcome?.status).toBe('done');
    const ops = state.operations;
    const opOf = (id: string) => ops.find((o) => o.id === id)!;
    // headline: orders × revenue per order
    const bySub = state.subQuestions.find(
      (s) => s.angle === 'decomposition' && s.decompose?.kind === 'product' && s.decompose.base === 'orders' && !s.dimension,
    )!;
    const r = opOf(bySub.id).rows![0];
    const rev = async (y: number, where = 'TRUE') => value(`SELECT sum(${REVENUE}) AS v ${JOINS} WHERE ${where} AND ${year(y)}`);
    const orders = async (y: number) => value(`SELECT count(*) AS v FROM orders WHERE ${year(y)}`);
    const [r95, r94, o95, o94] = [await rev(1995), await rev(1994), await orders(1995), await orders(1994)];
    expect(Number(r.base_effect)).toBeCloseTo((o95 - o94) * (r94 / o94), 2);
    expect(Number(r.rate_effect)).toBeCloseTo(o95 * (r95 / o95 - r94 / o94), 2);
    expect(Number(r.change)).toBeCloseTo(r95 - r94, 2);
    expect(Math.abs(Number(r.decomposition_residual))).toBeLessThan(0.01);

    // the driver: BUILDING, most of its change through revenue per gross-sales dollar (the discount)
    const first = state.findings!.drivers[0];
    expect(first).toMatchObject({ dimension: 'market_segment', member: 'BUILDING', through: { component: 'rate', base: 'gross_sales' } });
    const gross = async (y: number) => value(`SELECT sum(l_extendedprice) AS v ${JOINS} WHERE c_mktsegment = 'BUILDING' AND ${year(y)}`);
    const [g95, g94, b95, b94] = [
      await gross(1995),
      await gross(1994),
      await rev(1995, "c_mktsegment = 'BUILDING'"),
      await rev(1994, "c_mktsegment = 'BUILDING'"),
    ];
    const total = r95 - r94;
    expect(first.through!.contribution).toBeCloseTo((g95 * (b95 / g95 - b94 / g94)) / total, 6);
    const row = opOf(first.through!.from).rows!.find((x) => x.market_segment === 'BUILDING')!;
    expect(Number(row.base_effect)).toBeCloseTo((g95 - g94) * (b94 / g94), 2);
    expect(Math.abs(Number(row.decomposition_residual))).toBeLessThan(0.01);
    // the rate part is the planted effect: within 5 points of its share of the total change
    expect(Math.abs(first.through!.contribution - effects[1].effect / total)).toBeLessThan(0.05);

    const report = state.finalAnswer;
    expect(report).toContain('## Decomposition: revenue = orders × revenue per order');
    expect(report).toContain('Most of it came through revenue per gross sales dollar');
    expect(unmatchedNumbers(report, ops)).toEqual([]);
  }, 90_000);

  it('profit = revenue − supply cost: each part with its share and a zero residual', async () => {
    const state = await research('Why did profit change in 1997 compared with 1996?');
    expect(state.outcome?.status).toBe('done');
    expect(state.focus?.metric).toBe('profit');
    const sub = state.subQuestions.find((s) => s.angle === 'decomposition' && s.decompose?.kind === 'sum')!;
    const rows = state.operations.find((o) => o.id === sub.id)!.rows!;
    const cost = async (y: number) =>
      value(
        `SELECT sum(ps_supplycost * l_quantity) AS v FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN partsupp ON ps_partkey = l_partkey AND ps_suppkey = l_suppkey WHERE ${year(y)}`,
      );
    const rev = async (y: number) =>
      value(`SELECT sum(${REVENUE}) AS v FROM lineitem JOIN orders ON l_orderkey = o_orderkey WHERE ${year(y)}`);
    const dRev = (await rev(1997)) - (await rev(1996));
    const dCost = (await cost(1997)) - (await cost(1996));
    const byName = Object.fromEntries(rows.map((r) => [r.component, r]));
    expect(Number(byName.revenue.effect)).toBeCloseTo(dRev, 2);
    expect(Number(byName.supply_cost.effect)).toBeCloseTo(-dCost, 2);
    expect(Number(byName.revenue.total_change)).toBeCloseTo(dRev - dCost, 2);
    expect(Number(byName.revenue.contribution)).toBeCloseTo(dRev / (dRev - dCost), 6);
    expect(Math.abs(Number(rows[0].residual))).toBeLessThan(0.01);
    expect(state.finalAnswer).toContain('## Decomposition: profit = revenue − supply cost');
    expect(state.finalAnswer).toContain('Closure: the residual not explained by the parts');
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 90_000);

  it('profit margin: rate and mix across every candidate dimension in one statement, closing on the margin change', async () => {
    const state = await research('Why did profit margin change in 1997 compared with 1996?');
    expect(state.outcome?.status).toBe('done');
    expect(state.focus?.metric).toBe('profit_margin');
    const sub = state.subQuestions.find((s) => s.angle === 'decomposition' && s.decompose?.kind === 'ratio')!;
    expect(sub.scan?.mix).toEqual({ numerator: 'profit', denominator: 'revenue' });
    expect(sub.scan!.dimensions).toEqual(
      expect.arrayContaining(['region', 'nation', 'market_segment', 'ship_mode', 'brand', 'supplier_nation']),
    );
    const all = state.operations.find((o) => o.id === sub.id)!.rows!;
    const dim = 'region';
    const rows = all.filter((r) => r.dimension === dim);
    const column = { region: 'r_name', nation: 'n_name', market_segment: 'c_mktsegment' }[dim] ?? dim;
    const hand = await warehouse.run(`WITH x AS (
        SELECT ${column} AS k, year(o_orderdate) AS y, sum(${REVENUE}) AS rev, sum(${REVENUE}) - sum(ps_supplycost * l_quantity) AS profit
        FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey
          JOIN region ON n_regionkey = r_regionkey JOIN partsupp ON ps_partkey = l_partkey AND ps_suppkey = l_suppkey
        WHERE o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1998-01-01' GROUP BY 1, 2),
      p AS (SELECT k, rev / sum(rev) OVER () AS w, profit / rev AS r FROM x WHERE y = 1996),
      c AS (SELECT k, rev / sum(rev) OVER () AS w, profit / rev AS r FROM x WHERE y = 1997)
      SELECT sum(p.w * (c.r - p.r)) AS rate, sum((c.w - p.w) * c.r) AS mix, sum(c.w * c.r) - sum(p.w * p.r) AS total FROM p JOIN c USING (k)`);
    const h = hand.rows[0];
    expect(Number(rows[0].total_rate_effect)).toBeCloseTo(Number(h.rate), 9);
    expect(Number(rows[0].total_mix_effect)).toBeCloseTo(Number(h.mix), 9);
    expect(Number(rows[0].total_change)).toBeCloseTo(Number(h.total), 9);
    expect(Math.abs(Number(rows[0].residual))).toBeLessThan(1e-9);
    // the dimension reported is the one where mix explains most of the change
    const best = [...new Set(all.map((r) => String(r.dimension)))].sort(
      (a, b) => Number(all.find((r) => r.dimension === b)!.mix_share) - Number(all.find((r) => r.dimension === a)!.mix_share),
    )[0];
    expect(state.findings!.mix).toMatchObject({ dimension: best, from: sub.id });
    expect(state.finalAnswer).toMatch(/## Mix or rate: profit margin by /);
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 90_000);
});
