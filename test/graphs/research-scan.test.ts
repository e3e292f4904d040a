/**
 * Research that looks everywhere (scan.ts), on the demo warehouse with seeded causes planted
 * (test/helpers/planted.ts plantSeeded): two drivers of opposite sign in unrelated dimensions (a
 * customer nation raised, a part brand cut) and a pure mix shift of the average order value. The
 * graph runs checkpointed; state is asserted through getState against hand-written SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchStateType } from '../../graphs/research/state.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { buildDemoWarehouse } from '../../src/warehouse/demo.js';
import { plantSeeded, type SeededScenario } from '../helpers/planted.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';
import { researchOver } from '../helpers/tpch.js';

const REVENUE = 'l_extendedprice * (1 - l_discount)';
const JOINS =
  'FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN part ON l_partkey = p_partkey';

describe('research scan on seeded causes (checkpointed, asserted through getState against SQL)', () => {
  let warehouse: Warehouse;
  let bench: Awaited<ReturnType<typeof researchOver<SeededScenario[]>>>;
  let two: SeededScenario;
  let mix: SeededScenario;

  beforeAll(async () => {
    bench = await researchOver('quarry-research-scan-', async (file) => {
      await buildDemoWarehouse(file, { scale: 0.1 });
      // seed 17: nation ×4 and a brand ×0.1 in 1997; seed 8: a segment's orders halved in 1993 (worth twice the others)
      return [await plantSeeded(file, 17), await plantSeeded(file, 8)];
    });
    warehouse = bench.warehouse;
    [two, mix] = bench.built;
  }, 180_000);
  afterAll(async () => {
    await bench?.close();
  });
  const value = async (sql: string) => Number((await warehouse.run(sql)).rows[0].v);
  const change = (year: number, where = 'TRUE') =>
    value(`SELECT sum(CASE WHEN year(o_orderdate) = ${year} THEN ${REVENUE} ELSE 0 END) - sum(CASE WHEN year(o_orderdate) = ${year - 1} THEN ${REVENUE} ELSE 0 END) AS v ${JOINS}
      WHERE ${where} AND o_orderdate >= DATE '${year - 1}-01-01' AND o_orderdate < DATE '${year + 1}-01-01'`);

  it('two drivers of opposite sign in different dimensions: both ranked, each credited its change as a share of the total (exact), their overlap stated', async () => {
    expect(two).toMatchObject({
      kind: 'two drivers',
      drivers: [
        { dimension: 'nation', factor: 4 },
        { dimension: 'brand', factor: 0.1 },
      ],
    });
    const state = (await bench.research(`Why did revenue change in ${two.year} compared with ${two.year - 1}?`))
      .values as ResearchStateType;
    expect(state.findings?.significant).toBe(true);
    const [up, down] = two.drivers;
    const drivers = state.findings!.drivers;
    expect(drivers.slice(0, 2).map((d) => `${d.dimension} ${d.member}`)).toEqual([`nation ${up.member}`, `brand ${down.member}`]);
    expect(state.findings!.explained).toBe(true);
    const total = await change(two.year);
    expect(drivers[0].contribution).toBeCloseTo((await change(two.year, `n_name = '${up.member}'`)) / total, 6);
    expect(drivers[1].contribution).toBeCloseTo((await change(two.year, `p_brand = '${down.member}'`)) / total, 6);
    expect(drivers[0].contribution).toBeGreaterThan(1);
    expect(drivers[1].contribution).toBeLessThan(0);
    // the overlap of the two (their intersection's change), from the pairwise scan of round 2
    const pairs = state.subQuestions.find((s) => s.scan?.pairs)!;
    expect(pairs.round).toBe(2);
    const overlap = state.findings!.overlaps!.find((o) => o.a.member === up.member && o.b.member === down.member)!;
    expect(overlap.from).toBe(pairs.id);
    const both = await change(two.year, `n_name = '${up.member}' AND p_brand = '${down.member}'`);
    expect(overlap.change).toBeCloseTo(both, 2);
    expect(overlap.contribution).toBeCloseTo(both / total, 6);
    // the overlap is stated, never taken out of either: each driver is credited its whole change's share (its own row)
    const scan = state.subQuestions.find((s) => s.scan && !s.scan.pairs)!;
    expect(drivers.slice(0, 2).map((d) => d.from)).toEqual([scan.id, scan.id]);
    // the pair scan keeps to the drivers' members: their intersections only
    expect(pairs.scan!.members).toEqual({ nation: [up.member], brand: [down.member] });
    const pairRows = state.operations.find((o) => o.id === pairs.id)!.rows!;
    expect(pairRows.filter((r) => r.member !== '(all others)').map((r) => `${r.member} ${r.second_member}`)).toEqual([
      `${up.member} ${down.member}`,
    ]);
    const report = state.finalAnswer;
    expect(report).not.toContain('credited to it');
    expect(report).toMatch(new RegExp(`1\\. Nation ${up.member}: a change of \\*\\*\\+`));
    expect(report).toMatch(new RegExp(`2\\. Brand ${down.member.replace('#', '#')}: a change of \\*\\*-`));
    expect(report).toContain(`Overlap: Nation ${up.member} and brand ${down.member} share a change of`);
    expect(report).toContain('it is counted in both contributions above.');
    expect(unmatchedNumbers(report, state.operations)).toEqual([]);
  }, 120_000);

  it("a mix shift of a ratio metric: named as mix in the planted dimension, its share exact, each segment's own average hardly changed", async () => {
    expect(mix).toMatchObject({ kind: 'mix shift', mix: { dimension: 'market_segment' } });
    const state = (await bench.research(`Why did average order value change in ${mix.year} compared with ${mix.year - 1}?`))
      .values as ResearchStateType;
    expect(state.focus?.metric).toBe('average_order_value');
    const found = state.findings!.mix!;
    expect(found).toMatchObject({ dimension: 'market_segment', shrank: mix.mix!.member });
    const y = mix.year;
    const truth =
      await value(`WITH b AS (SELECT c_mktsegment AS m, CASE WHEN year(o_orderdate) = ${y} THEN 1 ELSE 0 END AS cur, count(*) AS n, sum(o_totalprice) AS s FROM orders JOIN customer ON o_custkey = c_custkey
        WHERE o_orderdate >= DATE '${y - 1}-01-01' AND o_orderdate < DATE '${y + 1}-01-01' GROUP BY 1, 2),
      w AS (SELECT m, cur, n * 1.0 / sum(n) OVER (PARTITION BY cur) AS wt, s / n AS rate FROM b),
      d AS (SELECT c.m, (c.wt - p.wt) * c.rate AS mix FROM w c JOIN w p ON p.m = c.m AND p.cur = 0 WHERE c.cur = 1),
      t AS (SELECT sum(s) FILTER (WHERE cur = 1) / sum(n) FILTER (WHERE cur = 1) - sum(s) FILTER (WHERE cur = 0) / sum(n) FILTER (WHERE cur = 0) AS total FROM b)
      SELECT (SELECT sum(mix) FROM d) / (SELECT total FROM t) AS v`);
    expect(found.mixShare).toBeCloseTo(truth, 9);
    expect(Math.abs(found.rateShare)).toBeLessThan(1 / 3);
    expect(state.finalAnswer).toContain('**Mostly mix.**');
    expect(state.finalAnswer).toMatch(new RegExp(`orders moved from market segment ${mix.mix!.member} \\(`));
    expect(state.finalAnswer).toContain('it hardly changed');
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 120_000);
});
