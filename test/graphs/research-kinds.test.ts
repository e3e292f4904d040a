/**
 * Investigation types planned from the question (planner.ts classifyQuestion): "compare A and B"
 * (two members side by side, the gap by dimension with closure), "what drives X" (dimensions
 * ranked by how much their members differ), and honest refusals of kinds not offered. The graph
 * runs checkpointed on the demo warehouse; state is read through getState and checked against
 * hand-written SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyQuestion } from '../../graphs/research/planner.js';
import { formatHuman } from '../../graphs/research/report.js';
import type { ResearchStateType } from '../../graphs/research/state.js';
import { type SemanticLayer } from '../../src/semantic/values.js';
import { buildDemoWarehouse } from '../../src/warehouse/demo.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';
import { researchOver } from '../helpers/tpch.js';

const REVENUE = 'l_extendedprice * (1 - l_discount)';
const JOINS =
  'FROM lineitem JOIN orders ON l_orderkey = o_orderkey JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey';
const Y1997 = "o_orderdate >= DATE '1997-01-01' AND o_orderdate < DATE '1998-01-01'";

describe('research investigation types (checkpointed, asserted through getState against SQL)', () => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  let bench: Awaited<ReturnType<typeof researchOver<unknown>>>;

  beforeAll(async () => {
    bench = await researchOver('quarry-research-kinds-', (file) => buildDemoWarehouse(file, { scale: 0.1 }));
    ({ warehouse, layer } = bench);
  }, 120_000);
  afterAll(async () => {
    await bench?.close();
  });

  async function research(question: string) {
    const snapshot = await bench.research(question);
    expect(snapshot.next).toEqual([]);
    return snapshot.values as ResearchStateType;
  }
  const rows = async (sql: string) => (await warehouse.run(sql)).rows;

  it('formats figures for people: three significant figures with K, M or B', () => {
    const money = { kind: 'currency', unit: '$', decimals: 2 };
    expect(formatHuman(1_936_512_345.67, money)).toBe('$1.94B');
    expect(formatHuman(-12_345_678, money, true)).toBe('-$12.3M');
    expect(formatHuman(512_345, money, true)).toBe('+$512K');
    expect(formatHuman(999.5, money)).toBe('$999.50');
    expect(formatHuman(0.1234, { kind: 'percent', decimals: 2 })).toBe('12.34%');
    expect(formatHuman(15_000, { kind: 'integer' })).toBe('15,000');
  });

  it('classifies questions and refuses kinds it does not offer', () => {
    expect(classifyQuestion('Compare revenue of BUILDING and AUTOMOBILE in 1997', layer)).toEqual({
      kind: 'compare',
      segments: { dimension: 'market_segment', members: ['BUILDING', 'AUTOMOBILE'] },
    });
    expect(classifyQuestion('What drives revenue in 1997?', layer)).toEqual({ kind: 'drivers' });
    expect(classifyQuestion('Why did revenue change in 1997 compared with 1996?', layer)).toEqual({ kind: 'change' });
    expect(classifyQuestion('Compare revenue in 1997 and 1996', layer)).toEqual({ kind: 'change' });
    expect(classifyQuestion('Anything unusual last month?', layer)).toEqual({ kind: 'anomalies' });
    expect(classifyQuestion('Profile of our top customers in 1997', layer)).toEqual({ kind: 'profile' });
    for (const q of ['Forecast revenue for 1999', 'What if discounts were 5 points lower?', 'Profile of our top suppliers'])
      expect(classifyQuestion(q, layer)).toHaveProperty('refused');
  });

  it('compare A and B: the gap, its split by region with closure, what explains it', async () => {
    const state = await research('Compare revenue of BUILDING and AUTOMOBILE in 1997');
    expect(state.outcome?.status).toBe('done');
    expect(state.focus).toMatchObject({ kind: 'compare', segments: { dimension: 'market_segment', members: ['BUILDING', 'AUTOMOBILE'] } });
    expect(state.subQuestions.every((s) => s.angle !== 'significance' && s.angle !== 'drilldown')).toBe(true);
    const side = async (seg: string) =>
      Number((await rows(`SELECT sum(${REVENUE}) AS v ${JOINS} WHERE c_mktsegment = '${seg}' AND ${Y1997}`))[0].v);
    const [a, b] = [await side('BUILDING'), await side('AUTOMOBILE')];
    const h = state.operations.find((o) => o.angle === 'headline')!.rows![0];
    expect(Number(h.current_value)).toBeCloseTo(a, 2);
    expect(Number(h.previous_value)).toBeCloseTo(b, 2);
    expect(Number(h.change)).toBeCloseTo(a - b, 2);
    const region = state.subQuestions.find((s) => s.angle === 'breakdown' && s.dimension === 'region')!;
    const op = state.operations.find((o) => o.id === region.id)!;
    const hand = await rows(
      `SELECT r_name AS k, sum(CASE WHEN c_mktsegment = 'BUILDING' THEN ${REVENUE} ELSE 0 END) - sum(CASE WHEN c_mktsegment = 'AUTOMOBILE' THEN ${REVENUE} ELSE 0 END) AS gap ${JOINS} WHERE ${Y1997} GROUP BY 1`,
    );
    for (const r of hand) {
      const row = op.rows!.find((x) => x.region === r.k)!;
      expect(Number(row.change)).toBeCloseTo(Number(r.gap), 2);
      expect(Number(row.contribution)).toBeCloseTo(Number(r.gap) / (a - b), 6);
    }
    expect(Math.abs(Number(op.rows![0].residual))).toBeLessThan(0.01);
    // side by side on the model's headline metrics: value, count, average, shares of the total
    const metrics = state.subQuestions.find((s) => s.angle === 'metrics')!;
    expect(metrics.query.metrics).toEqual(['revenue', 'orders', 'average_order_value', 'active_customers']);
    const bySeg =
      await rows(`SELECT c_mktsegment AS k, count(*) AS n, avg(o_totalprice) AS aov, count(*) * 1.0 / sum(count(*)) OVER () AS share, count(DISTINCT o_custkey) AS buyers
      FROM orders JOIN customer ON o_custkey = c_custkey WHERE ${Y1997} GROUP BY 1`);
    const sideRows = state.operations.find((o) => o.id === metrics.id)!.rows!;
    for (const seg of ['BUILDING', 'AUTOMOBILE']) {
      const hand = bySeg.find((r) => r.k === seg)!;
      const row = sideRows.find((r) => r.market_segment === seg)!;
      expect(Number(row.orders)).toBe(Number(hand.n));
      expect(Number(row.average_order_value)).toBeCloseTo(Number(hand.aov), 4);
      expect(Number(row.orders_share)).toBeCloseTo(Number(hand.share), 9);
      expect(Number(row.active_customers)).toBe(Number(hand.buyers));
    }
    expect(state.finalAnswer).toContain('## BUILDING and AUTOMOBILE side by side');
    expect(state.finalAnswer).toMatch(/\| Average order value \| \$[\d,.]+ \| \$[\d,.]+ \|/);
    expect(state.finalAnswer).toContain('# Revenue: market segment BUILDING compared with AUTOMOBILE in 1997');
    expect(state.finalAnswer).toContain('| Region | BUILDING | AUTOMOBILE | Gap |');
    // figures for people in the text, exact values in the tables
    const money = { kind: 'currency', unit: '$', decimals: 2 };
    expect(state.finalAnswer).toContain(`was **${formatHuman(a, money)}** against **${formatHuman(b, money)}** for AUTOMOBILE`);
    expect(formatHuman(a, money)).toMatch(/^\$\d+(\.\d+)?[KMB]$/);
    const table = state.finalAnswer.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Region'));
    expect(table.length).toBeGreaterThan(0);
    for (const l of table) expect(l).not.toMatch(/\d[KMB] /);
    // what to do next: questions it did not have the budget for, each a question the research accepts
    const next = state.finalAnswer.split('## What to do next')[1]?.split('## Caveats')[0] ?? '';
    expect(next).toContain('- Why did revenue of market segment BUILDING change from 1996 to 1997?');
    expect(next).toMatch(/- Compare revenue of BUILDING and AUTOMOBILE in region \w+ in 1997/);
    // the charts: Vega-Lite specs drawing the rows of the sub-question they cite
    const chart = state.charts.find((c) => c.from === region.id)!;
    expect(chart.spec).toMatchObject({ $schema: expect.stringContaining('vega-lite/v5'), mark: 'bar', usermeta: { from: region.id } });
    const drawn = (chart.spec.data as { values: Record<string, unknown>[] }).values;
    expect(drawn).toEqual(op.rows!.slice(0, 20).map((r) => ({ region: r.region, change: r.change })));
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 90_000);

  it('compare A and B customers: compared on value (revenue), the customer count among the side-by-side metrics, both against SQL', async () => {
    const state = await research('Compare FURNITURE and HOUSEHOLD customers in 1997');
    expect(state.focus).toMatchObject({ kind: 'compare', metric: 'revenue', segments: { members: ['FURNITURE', 'HOUSEHOLD'] } });
    const metrics = state.subQuestions.find((s) => s.angle === 'metrics')!;
    expect(metrics.query.metrics).toContain('active_customers');
    // the value of each side and its customers, by hand-written SQL
    const bySeg = await rows(
      `SELECT c_mktsegment AS k, sum(${REVENUE}) AS v, count(DISTINCT o_custkey) AS buyers ${JOINS} WHERE ${Y1997} AND c_mktsegment IN ('FURNITURE', 'HOUSEHOLD') GROUP BY 1`,
    );
    const [furniture, household] = ['FURNITURE', 'HOUSEHOLD'].map((k) => bySeg.find((r) => r.k === k)!);
    const h = state.operations.find((o) => o.angle === 'headline')!.rows![0];
    expect(Number(h.current_value)).toBeCloseTo(Number(furniture.v), 2);
    expect(Number(h.previous_value)).toBeCloseTo(Number(household.v), 2);
    const sideRows = state.operations.find((o) => o.id === metrics.id)!.rows!;
    expect(Number(sideRows.find((r) => r.market_segment === 'FURNITURE')!.active_customers)).toBe(Number(furniture.buyers));
    expect(Number(sideRows.find((r) => r.market_segment === 'HOUSEHOLD')!.active_customers)).toBe(Number(household.buyers));
    expect(state.finalAnswer).toMatch(/\| Active customers \| [\d,]+ \| [\d,]+ \|/);
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 90_000);

  it('anything unusual in a year the data ends inside: every full month of it, and the report says it narrowed the period', async () => {
    const state = await research('Was anything unusual in 1998?');
    expect(state.focus).toMatchObject({
      kind: 'anomalies',
      current: { start: '1998-01-01', end: '1998-08-01' },
      asked: { start: '1998-01-01', end: '1999-01-01' },
    });
    const total = state.subQuestions.find((s) => s.anomaly && !s.dimension)!;
    const op = state.operations.find((o) => o.id === total.id)!;
    const hand =
      await rows(`WITH m AS (SELECT date_trunc('month', o_orderdate) AS b, sum(${REVENUE}) AS v FROM lineitem JOIN orders ON l_orderkey = o_orderkey
        WHERE o_orderdate >= DATE '1997-01-01' AND o_orderdate < DATE '1998-08-01' GROUP BY 1),
      h AS (SELECT avg(v) AS mean, stddev_samp(v) AS sd FROM m WHERE b < DATE '1998-01-01')
      SELECT strftime(b, '%Y-%m') AS month, (v - mean) / sd AS z FROM m, h WHERE b >= DATE '1998-01-01'`);
    expect(op.rows!.length).toBe(7);
    for (const r of hand) {
      const row = op.rows!.find((x) => String(x.order_date_month).slice(0, 7) === r.month)!;
      expect(Number(row.z_score)).toBeCloseTo(Number(r.z), 6);
    }
    expect(state.finalAnswer).toContain('The period asked for, 1998, was narrowed to 1998-01-01 to 1998-07-31');
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 90_000);

  it('what drives X: dimensions ranked by how much their members differ, with the decompositions', async () => {
    const state = await research('What drives revenue in 1997?');
    expect(state.outcome?.status).toBe('done');
    expect(state.focus?.kind).toBe('drivers');
    const ranked = state.findings!.keyDimensions!;
    expect(ranked.length).toBe(state.focus!.keyDimensions.length);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].spread).toBeGreaterThanOrEqual(ranked[i].spread);
    const cols: Record<string, string> = {
      region: 'r_name',
      market_segment: 'c_mktsegment',
      order_priority: 'o_orderpriority',
      nation: 'n_name',
      order_status: 'o_orderstatus',
      ship_mode: 'l_shipmode',
    };
    expect(ranked.every((k) => k.dimension in cols)).toBe(true);
    for (const k of ranked) {
      const col = cols[k.dimension];
      if (!col) continue;
      const [h] = await rows(
        `WITH d AS (SELECT ${col} AS k, sum(${REVENUE}) AS v ${JOINS} WHERE ${Y1997} GROUP BY 1) SELECT stddev_pop(v) / avg(v) AS cv FROM d`,
      );
      expect(k.spread).toBeCloseTo(Number(h.cv), 9);
    }
    expect(state.subQuestions.some((s) => s.angle === 'decomposition')).toBe(true);
    expect(state.finalAnswer).toContain('## Key drivers');
    expect(state.charts.map((c) => c.from).sort()).toEqual(ranked.map((k) => k.from).sort());
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 90_000);

  it('anything unusual last month: the month against its monthly history, in total and by region', async () => {
    const state = await research('Anything unusual last month?');
    expect(state.outcome?.status).toBe('done');
    expect(state.focus).toMatchObject({ kind: 'anomalies', current: { start: '1998-07-01', end: '1998-08-01' } });
    const hand = await rows(`WITH m AS (SELECT r_name AS k, date_trunc('month', o_orderdate) AS b, sum(${REVENUE}) AS v ${JOINS}
        WHERE o_orderdate >= DATE '1997-07-01' AND o_orderdate < DATE '1998-08-01' GROUP BY 1, 2),
      h AS (SELECT k, avg(v) AS mean, stddev_samp(v) AS sd FROM m WHERE b < DATE '1998-07-01' GROUP BY 1),
      c AS (SELECT k, v FROM m WHERE b = DATE '1998-07-01')
      SELECT k, c.v AS cur, h.mean, (c.v - h.mean) / h.sd AS z FROM c JOIN h USING (k)`);
    const scan = state.subQuestions.find((s) => s.angle === 'anomaly' && s.dimension === 'region')!;
    const op = state.operations.find((o) => o.id === scan.id)!;
    expect(op.rows!.length).toBe(hand.length);
    for (const r of hand) {
      const row = op.rows!.find((x) => x.region === r.k)!;
      expect(Number(row.current_value)).toBeCloseTo(Number(r.cur), 2);
      expect(Number(row.history_mean)).toBeCloseTo(Number(r.mean), 2);
      expect(Number(row.z_score)).toBeCloseTo(Number(r.z), 6);
      expect(row.unusual).toBe(Math.abs(Number(r.z)) >= 3);
    }
    const unusual = hand.filter((r) => Math.abs(Number(r.z)) >= 3).map((r) => r.k);
    expect(
      state
        .findings!.anomalies!.filter((a) => a.dimension === 'region')
        .map((a) => a.member)
        .sort(),
    ).toEqual(unusual.sort());
    expect(state.finalAnswer).toContain('# Anything unusual: revenue in 1998-07');
    expect(state.finalAnswer).toContain('## By region');
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 90_000);

  it('profile of the top customers: who they are and what they buy, shares of their own total', async () => {
    const state = await research('Profile of our top customers in 1997');
    expect(state.outcome?.status).toBe('done');
    expect(state.focus).toMatchObject({ kind: 'profile', metric: 'revenue', contributorDimension: 'customer' });
    const top = await rows(`SELECT c_name AS k, sum(${REVENUE}) AS v ${JOINS} WHERE ${Y1997} GROUP BY 1 ORDER BY 2 DESC LIMIT 10`);
    const q1 = state.operations.find((o) => o.angle === 'top')!;
    expect(q1.rows!.map((r) => r.customer)).toEqual(top.map((r) => r.k));
    const names = top.map((r) => `'${r.k}'`).join(', ');
    const seg = await rows(
      `SELECT c_mktsegment AS k, sum(${REVENUE}) AS v, sum(${REVENUE}) / sum(sum(${REVENUE})) OVER () AS s ${JOINS} WHERE ${Y1997} AND c_name IN (${names}) GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
    );
    const all = await rows(
      `SELECT c_mktsegment AS k, sum(${REVENUE}) / sum(sum(${REVENUE})) OVER () AS s ${JOINS} WHERE ${Y1997} GROUP BY 1`,
    );
    const segOp = state.operations.find(
      (o) => o.angle === 'profile' && state.subQuestions.find((s) => s.id === o.id)?.dimension === 'market_segment',
    )!;
    for (const r of seg) {
      const row = segOp.rows!.find((x) => x.market_segment === r.k)!;
      expect(Number(row.group_value)).toBeCloseTo(Number(r.v), 2);
      expect(Number(row.group_share)).toBeCloseTo(Number(r.s), 9);
      const everyone = Number(all.find((x) => x.k === r.k)!.s);
      expect(Number(row.all_share)).toBeCloseTo(everyone, 9);
      expect(Number(row.representation)).toBeCloseTo(Number(r.s) / everyone, 9);
    }
    expect(state.subQuestions.filter((s) => s.angle === 'profile').map((s) => s.dimension ?? null)).toEqual([
      null,
      'market_segment',
      'nation',
      'brand',
      'part_type',
    ]);
    // the group against everyone: its share of revenue and its size among the active customers
    const whole = state.operations.find((o) => o.angle === 'profile' && !state.subQuestions.find((s) => s.id === o.id)?.dimension)!
      .rows![0];
    const totals = await rows(`SELECT sum(${REVENUE}) AS v, count(DISTINCT o_custkey) AS n ${JOINS} WHERE ${Y1997}`);
    expect(Number(whole.group_share)).toBeCloseTo(top.reduce((a, r) => a + Number(r.v), 0) / Number(totals[0].v), 9);
    expect(Number(whole.group_members)).toBe(10);
    expect(Number(whole.all_members)).toBe(Number(totals[0].n));
    expect(state.finalAnswer).toContain('## The group against everyone');
    expect(state.finalAnswer).toMatch(/They are \*\*10\*\* of \*\*[\d,]+\*\* active customers/);
    expect(state.finalAnswer).toContain('## Who they are');
    expect(state.finalAnswer).toContain('## What they buy');
    expect(state.finalAnswer).toMatch(/most over-represented/);
    expect(unmatchedNumbers(state.finalAnswer, state.operations)).toEqual([]);
  }, 90_000);

  it('an unknown kind ends out_of_scope with the reason, and nothing runs', async () => {
    const state = await research('Forecast revenue for 1999');
    expect(state.outcome).toMatchObject({ status: 'out_of_scope', error: expect.stringContaining('does not forecast') });
    expect(state.subQuestions).toEqual([]);
  }, 30_000);
});
