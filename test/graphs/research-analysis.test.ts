/**
 * "Why did X change" with significance, contribution and closure, on the demo warehouse with known
 * effects planted (test/helpers/planted.ts): the graph runs checkpointed, and state (findings,
 * operations' rows) is asserted through getState against hand-written SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchStateType } from '../../graphs/research/state.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { buildPlantedWarehouse, type PlantedEffect } from '../helpers/planted.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';
import { researchOver } from '../helpers/tpch.js';

const REVENUE = 'l_extendedprice * (1 - l_discount)';
const JOINS =
  'FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey';

describe('research analysis on planted drivers (checkpointed, asserted through getState against SQL)', () => {
  let warehouse: Warehouse;
  let effects: PlantedEffect[];
  let bench: Awaited<ReturnType<typeof researchOver<PlantedEffect[]>>>;

  beforeAll(async () => {
    bench = await researchOver('quarry-research-analysis-', (file) => buildPlantedWarehouse(file, 0.1));
    ({ warehouse } = bench);
    effects = bench.built;
  }, 120_000);
  afterAll(async () => {
    await bench?.close();
  });

  async function research(question: string) {
    const snapshot = await bench.research(question);
    return { snapshot, state: snapshot.values as ResearchStateType };
  }
  const value = async (sql: string) => Number((await warehouse.run(sql)).rows[0].v);
  const yearRevenue = (year: number, where = 'TRUE') =>
    value(
      `SELECT sum(${REVENUE}) AS v ${JOINS} WHERE ${where} AND o_orderdate >= DATE '${year}-01-01' AND o_orderdate < DATE '${year + 1}-01-01'`,
    );

  it('a planted nation drop: significant, the nation ranked first with its contribution, closure holds', async () => {
    const { snapshot, state } = await research(effects[0].question);
    expect(snapshot.next).toEqual([]);
    expect(state.outcome?.status).toBe('done');
    expect(state.findings?.significant).toBe(true);
    // the deepest explaining level of the roll-up is credited (the nation), its region only as context
    const [first, ...rest] = state.findings!.drivers;
    expect(first).toMatchObject({ dimension: 'nation', member: 'GERMANY', context: { dimension: 'region', member: 'EUROPE' } });
    expect(rest.some((d) => d.dimension === 'region')).toBe(false);
    // one statement scanned every dimension reachable from the line items (customer, order, line, supplier and part attributes)
    const scans = state.subQuestions.filter((s) => s.angle === 'scan' && s.round === 1);
    expect(scans).toHaveLength(1);
    expect(scans[0].scan!.dimensions).toEqual(
      expect.arrayContaining(['region', 'nation', 'supplier_nation', 'market_segment', 'ship_mode', 'brand', 'customer', 'part', 'clerk']),
    );
    const scanRows = state.operations.find((o) => o.id === scans[0].id)!.rows!;
    const byNation =
      await warehouse.run(`SELECT n_name AS k, sum(CASE WHEN year(o_orderdate) = 1997 THEN ${REVENUE} END) AS cur, sum(CASE WHEN year(o_orderdate) = 1996 THEN ${REVENUE} END) AS prev ${JOINS}
      WHERE o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1998-01-01' GROUP BY 1 ORDER BY abs(cur - prev) DESC LIMIT 10`);
    for (const r of byNation.rows) {
      const row = scanRows.find((x) => x.dimension === 'nation' && x.member === r.k)!;
      expect(Number(row.current_value)).toBeCloseTo(Number(r.cur), 2);
      expect(Number(row.previous_value)).toBeCloseTo(Number(r.prev), 2);
    }

    // contribution = the member's change / the total change, by hand-written SQL
    const total = (await yearRevenue(1997)) - (await yearRevenue(1996));
    const germany = (await yearRevenue(1997, "n_name = 'GERMANY'")) - (await yearRevenue(1996, "n_name = 'GERMANY'"));
    expect(first.contribution).toBeCloseTo(germany / total, 6);
    // within 5 points of the planted effect's share
    expect(Math.abs(first.contribution - effects[0].effect / total)).toBeLessThan(0.05);

    // the significance test: Welch's t of the daily revenue, by hand-written SQL
    const t = await value(`WITH d AS (SELECT o_orderdate AS day, sum(${REVENUE}) AS r FROM lineitem JOIN orders ON l_orderkey = o_orderkey
        WHERE o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1998-01-01' GROUP BY 1),
      c AS (SELECT avg(r) m, var_samp(r) v, count(*) n FROM d WHERE day >= DATE '1997-01-01'),
      p AS (SELECT avg(r) m, var_samp(r) v, count(*) n FROM d WHERE day < DATE '1997-01-01')
      SELECT (c.m - p.m) / sqrt(c.v / c.n + p.v / p.n) AS v FROM c, p`);
    const sig = state.operations.find((o) => o.angle === 'significance')!;
    expect(Number(sig.rows![0].t_stat)).toBeCloseTo(t, 6);
    expect(Math.abs(t)).toBeGreaterThanOrEqual(2);

    // closure: every breakdown's members add up to the headline change
    const headline = state.operations.find((o) => o.angle === 'headline')!.rows![0];
    expect(Number(headline.change)).toBeCloseTo(total, 2);
    // closure: each scanned dimension's members (its top ones and all others) add up to the headline change
    for (const dim of scans[0].scan!.dimensions) {
      const own = scanRows.filter((r) => r.dimension === dim);
      expect(Number(own[0].total_change)).toBeCloseTo(total, 2);
      expect(Math.abs(Number(own[0].residual)), dim).toBeLessThan(0.01);
      expect(own.reduce((a, r) => a + Number(r.contribution), 0)).toBeCloseTo(1, 6);
    }

    const report = state.finalAnswer;
    expect(report).toContain('**Significant.**');
    expect(report.indexOf('## Drivers')).toBeLessThan(report.indexOf('## By nation'));
    expect(report).toMatch(/1\. Nation GERMANY: .* It lies in region EUROPE, whose change was/);
    expect(report).toContain('Closure:');
    const trendOp = state.operations.find((o) => o.angle === 'trend')!;
    const trendChart = state.charts.find((c) => c.from === trendOp.id)!;
    expect(trendChart.spec).toMatchObject({ mark: { type: 'line' }, usermeta: { from: trendOp.id } });
    expect((trendChart.spec.data as { values: unknown[] }).values).toEqual(trendOp.rows);
    // the scan's chart of the nation: each member's change, the scan's row values
    const nationChart = state.charts.find((c) => c.from === scans[0].id && c.title === 'Change of revenue by nation')!;
    expect((nationChart.spec.data as { values: unknown[] }).values).toEqual(
      scanRows.filter((r) => r.dimension === 'nation').map((r) => ({ member: r.member, change: r.change })),
    );
    expect(report).not.toContain(
      '## What to do next\n\nFollow-up questions this investigation did not have the budget for:\n\n- Why did revenue of region EUROPE',
    );
    expect(unmatchedNumbers(report, state.operations)).toEqual([]);
  }, 60_000);

  it('a planted segment discount: the segment is ranked first across dimensions', async () => {
    const { state } = await research(effects[1].question);
    expect(state.findings?.significant).toBe(true);
    expect(state.findings!.drivers[0]).toMatchObject({
      dimension: 'market_segment',
      member: 'BUILDING',
      from: expect.stringMatching(/^q\d+$/),
    });
    const building = (await yearRevenue(1995, "c_mktsegment = 'BUILDING'")) - (await yearRevenue(1994, "c_mktsegment = 'BUILDING'"));
    const total = (await yearRevenue(1995)) - (await yearRevenue(1994));
    expect(state.findings!.drivers[0].contribution).toBeCloseTo(building / total, 6);
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 60_000);

  it('nothing planted: "Not significant" up front and no driver claimed', async () => {
    const { state } = await research('Why did revenue change in 1994 compared with 1993?');
    expect(state.outcome?.status).toBe('done');
    expect(state.findings).toMatchObject({ significant: false, drivers: [] });
    const report = state.finalAnswer;
    expect(report).toContain('**Not significant.**');
    expect(report.indexOf('**Not significant.**')).toBeLessThan(report.indexOf('## Dimensions scanned'));
    // nothing to explain: no follow-up round
    expect(state.subQuestions.every((s) => s.round === 1)).toBe(true);
    expect(report).not.toContain('## Drivers');
    expect(unmatchedNumbers(report, state.operations)).toEqual([]);
  }, 60_000);
});
