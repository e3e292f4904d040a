/**
 * Research quality on seeded planted causes (`npm run bench research-quality`): the demo warehouse
 * at scale 0.1 is built once, then per seed copied and changed by test/helpers/planted.ts
 * (plantSeeded): the seed chooses the kind (one driver, two drivers of the same or opposite sign,
 * a mix shift, noise only), the year, the dimension — any the helper can plant in: line, order,
 * customer, supplier and part attributes — and the member. Each scenario's "why did X change"
 * question runs through the research graph (checkpointed) and is scored against truth computed
 * by this file's own SQL:
 * - found: every planted driver among the report's drivers at a rank no lower than the number
 *   planted (the report's own ranking);
 * - contribution: its stated contribution (a row value: the share of the change credited to it)
 *   within 5 points of the truth as a careful analyst computes it on the planted data: the
 *   member's actual change between the years divided by the total change, at the level the report
 *   names (the planted dimension), by this file's SQL. Its own year-to-year movement is part of
 *   the truth: two years of data cannot tell it apart from the cause. Printed beside it: the
 *   plant's effect alone as a share of the change, and the member's own movement (its change in
 *   the unplanted warehouse, in points of the total change);
 * - mix: a mix shift named as mix (the report's mix dimension is the planted one and "Mostly
 *   mix"), its stated mix share within 5 points of the true one;
 * - noise only: no driver claimed;
 * - uncited: numbers in the report that no query returned (must be 0).
 */
import { MemorySaver } from '@langchain/langgraph';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import { buildResearchGraph } from '../../graphs/research/graph.js';
import type { ResearchStateType } from '../../graphs/research/state.js';
import { DEFAULT_RESEARCH_BUDGET } from '../../src/schemas/research.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer } from '../../src/semantic/values.js';
import { buildDemoWarehouse } from '../../src/warehouse/demo.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { ORDERS_OF_CUSTOMERS, PLANTABLE, plantSeeded, type SeededScenario } from '../helpers/planted.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';
import { researchConfigurable } from '../helpers/tpch.js';

const SCALE = Number(process.env.SCALE ?? 0.1);
const SEEDS = Number(process.env.SEEDS ?? 20);
const FIRST_SEED = Number(process.env.FIRST_SEED ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-quality-'));
const base = join(dir, 'base.duckdb');
const t0 = performance.now();
await buildDemoWarehouse(base, { scale: SCALE });
console.log(
  `research quality on seeded planted causes: demo warehouse at scale ${SCALE} built in ${((performance.now() - t0) / 1000).toFixed(1)} s; seeds ${FIRST_SEED}..${FIRST_SEED + SEEDS - 1}`,
);

const graph = buildResearchGraph(new MemorySaver());
const agentGraph = buildAgentGraph(false);

const questionOf = (s: SeededScenario) =>
  `Why did ${s.metric === 'revenue' ? 'revenue' : 'average order value'} change in ${s.year} compared with ${s.year - 1}?`;
const one = async (w: Warehouse, sql: string) => Number((await w.run(sql)).rows[0].v);

/** The total revenue change between the year and the one before, by hand-written SQL. */
const revenueChange = (w: Warehouse, year: number) =>
  one(
    w,
    `SELECT sum(CASE WHEN year(o_orderdate) = ${year} THEN l_extendedprice * (1 - l_discount) ELSE 0 END) - sum(CASE WHEN year(o_orderdate) = ${year - 1} THEN l_extendedprice * (1 - l_discount) ELSE 0 END) AS v
     FROM lineitem JOIN orders ON l_orderkey = o_orderkey WHERE o_orderdate >= DATE '${year - 1}-01-01' AND o_orderdate < DATE '${year + 1}-01-01'`,
  );

/** The mix effect's share of the average order value's change across `column`, by hand-written SQL (weights = order counts; mix = Σ Δweight × current rate). */
const mixShare = (w: Warehouse, year: number, column: string) =>
  one(
    w,
    `WITH b AS (SELECT ${column} AS m, CASE WHEN year(o.o_orderdate) = ${year} THEN 1 ELSE 0 END AS cur, count(*) AS n, sum(o.o_totalprice) AS s FROM ${ORDERS_OF_CUSTOMERS}
       WHERE o.o_orderdate >= DATE '${year - 1}-01-01' AND o.o_orderdate < DATE '${year + 1}-01-01' GROUP BY 1, 2),
     w AS (SELECT m, cur, n * 1.0 / sum(n) OVER (PARTITION BY cur) AS wt, s * 1.0 / n AS rate FROM b),
     p AS (SELECT c.m, c.wt - coalesce(p.wt, 0) AS dw, c.rate AS rc FROM w c LEFT JOIN w p ON p.m = c.m AND p.cur = 0 WHERE c.cur = 1),
     a AS (SELECT sum(CASE WHEN cur = 1 THEN s ELSE 0 END) / sum(CASE WHEN cur = 1 THEN n ELSE 0 END) - sum(CASE WHEN cur = 0 THEN s ELSE 0 END) / sum(CASE WHEN cur = 0 THEN n ELSE 0 END) AS total FROM b)
     SELECT (SELECT sum(dw * rc) FROM p) / (SELECT total FROM a) AS v`,
  );

/** A member's revenue change between the year and the one before (line items `lines` with alias l), by hand-written SQL. */
const memberChange = (w: Warehouse, year: number, lines: string) =>
  one(
    w,
    `SELECT sum(CASE WHEN year(o.o_orderdate) = ${year} THEN l.l_extendedprice * (1 - l.l_discount) ELSE 0 END) - sum(CASE WHEN year(o.o_orderdate) = ${year - 1} THEN l.l_extendedprice * (1 - l.l_discount) ELSE 0 END) AS v
     FROM lineitem l JOIN orders o ON l.l_orderkey = o.o_orderkey WHERE o.o_orderdate >= DATE '${year - 1}-01-01' AND o.o_orderdate < DATE '${year + 1}-01-01' AND ${lines}`,
  );

const tally = {
  drivers: 0,
  found: 0,
  within: 0,
  mixes: 0,
  mixNamed: 0,
  mixWithin: 0,
  noise: 0,
  falseClaims: 0,
  extraDrivers: 0,
  uncited: 0,
};
const seconds: number[] = [];
try {
  for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
    const path = join(dir, `seed${seed}.duckdb`);
    copyFileSync(base, path);
    const scenario = await plantSeeded(path, seed);
    const warehouse = await openWarehouse(`duckdb:${path}`);
    try {
      const layer = await loadSemanticLayer(DEFAULT_MODEL_PATH, warehouse);
      const configurable = researchConfigurable(`quality${seed}`, { warehouse, layer, agentGraph });
      const started = performance.now();
      await graph.invoke(
        { question: questionOf(scenario), dimensions: null, budget: DEFAULT_RESEARCH_BUDGET, startedAt: Date.now() } as never,
        { configurable },
      );
      seconds.push((performance.now() - started) / 1000);
      const state = (await graph.getState({ configurable })).values as ResearchStateType;
      const drivers = state.findings?.drivers ?? [];
      const missing = unmatchedNumbers(state.finalAnswer, state.operations);
      tally.uncited += missing.length;
      const stated =
        drivers
          .map(
            (d) =>
              `${d.dimension} ${d.member}${d.and ? ` × ${d.and.dimension} ${d.and.member}` : ''} ${(100 * d.contribution).toFixed(1)}%`,
          )
          .join('; ') || 'none';
      let verdict = '';
      if (scenario.kind === 'noise only') {
        tally.noise++;
        tally.falseClaims += drivers.length ? 1 : 0;
        verdict = drivers.length
          ? 'CLAIMED A DRIVER'
          : `no driver claimed (${state.findings?.significant === false ? 'not significant' : 'significant, unexplained'})`;
      } else if (scenario.kind === 'mix shift') {
        tally.mixes++;
        const column = PLANTABLE.find((p) => p.dimension === scenario.mix!.dimension)!.orderColumn!;
        const truth = await mixShare(warehouse, scenario.year, column);
        const mix = state.findings?.mix;
        const named = mix?.dimension === scenario.mix!.dimension && /\*\*Mostly mix\.\*\*/.test(state.finalAnswer);
        const off = mix && named ? Math.abs(mix.mixShare - truth) * 100 : NaN;
        tally.mixNamed += named ? 1 : 0;
        tally.mixWithin += off <= 5 ? 1 : 0;
        verdict = `${named ? 'named as mix' : 'MIX MISSED'} by ${mix?.dimension ?? 'none'}: mix share ${mix ? (100 * mix.mixShare).toFixed(1) : '-'}% vs truth ${(100 * truth).toFixed(1)}% (${Number.isFinite(off) ? off.toFixed(1) : '-'} points)`;
      } else {
        const total = await revenueChange(warehouse, scenario.year);
        const unplanted = await openWarehouse(`duckdb:${base}`);
        const own = await Promise.all(
          scenario.drivers.map(
            async (p) =>
              (await memberChange(unplanted, scenario.year, PLANTABLE.find((x) => x.dimension === p.dimension)!.lines(p.member))) / total,
          ),
        ).finally(() => unplanted.close());
        const actual = await Promise.all(
          scenario.drivers.map(
            async (p) =>
              (await memberChange(warehouse, scenario.year, PLANTABLE.find((x) => x.dimension === p.dimension)!.lines(p.member))) / total,
          ),
        );
        const parts = scenario.drivers.map((p, i) => {
          const truth = actual[i];
          const rank = drivers.findIndex((d) => !d.and && d.dimension === p.dimension && d.member === p.member) + 1;
          const found = rank > 0 && rank <= scenario.drivers.length;
          const stated = found ? drivers[rank - 1].contribution : NaN;
          const off = Math.abs(stated - truth) * 100;
          tally.drivers++;
          tally.found += found ? 1 : 0;
          tally.within += off <= 5 ? 1 : 0;
          return `${p.dimension} ${p.member} ×${p.factor}: ${found ? `rank ${rank}` : rank ? `RANK ${rank}` : 'MISSED'}, truth ${(100 * truth).toFixed(1)}% (${Number.isFinite(off) ? off.toFixed(1) : '-'} points; the plant alone ${(100 * (p.effect / total)).toFixed(1)}%, own movement ${(100 * own[i]).toFixed(1)})`;
        });
        // members named beside the planted ones (their share is exact, but nothing was planted there)
        tally.extraDrivers += drivers.filter(
          (d) => !scenario.drivers.some((p) => !d.and && d.dimension === p.dimension && d.member === p.member),
        ).length;
        verdict = parts.join(' | ');
      }
      console.log(
        `  seed ${String(seed).padStart(2)} ${scenario.kind.padEnd(11)} ${scenario.year} ${verdict}; report: ${stated}; uncited ${missing.length}; ${seconds.at(-1)!.toFixed(1)} s`,
      );
    } finally {
      await warehouse.close();
      rmSync(path, { force: true });
    }
  }
  const pct = (a: number, b: number) => `${a}/${b} (${b ? Math.round((100 * a) / b) : 0}%)`;
  const median = [...seconds].sort((a, b) => a - b)[Math.floor(seconds.length / 2)];
  console.log(
    `  planted drivers found and ranked among the top: ${pct(tally.found, tally.drivers)} (goal >= 95%) | contribution within 5 points of the truth: ${pct(tally.within, tally.drivers)} (goal >= 95%) | other members named as drivers beside the planted: ${tally.extraDrivers} | ` +
      `mix shifts named as mix: ${pct(tally.mixNamed, tally.mixes)}, mix share within 5 points: ${pct(tally.mixWithin, tally.mixes)} | drivers claimed on noise only: ${tally.falseClaims} of ${tally.noise} (goal 0) | uncited numbers: ${tally.uncited} (goal 0) | median research ${median.toFixed(1)} s`,
  );
  if (
    tally.found < tally.drivers * 0.95 ||
    tally.within < tally.drivers * 0.95 ||
    tally.falseClaims > 0 ||
    tally.uncited > 0 ||
    tally.mixNamed < tally.mixes
  )
    process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
