/**
 * Research quality on planted drivers (`npm run bench research-quality`): the demo warehouse built
 * twice at scale 0.1 (plain, and with known effects planted: test/helpers/planted.ts), the matching
 * "why did revenue change" questions run through the research graph (checkpointed), and scored:
 * - found: the planted member is the first ranked driver;
 * - contribution: its stated contribution (a row value) within 5 points of the truth, the planted
 *   effect's share of the total change (both measured by hand-written SQL). When the report states
 *   the part of the driver's change that came through one factor of the metric (a product
 *   decomposition: e.g. revenue per gross-sales dollar, where a discount acts), that part is the
 *   figure scored; the member's whole change (also stated) includes its own year-to-year noise;
 * - uncited: numbers in the report that no query returned (must be 0);
 * - unplanted: questions where nothing was planted (other years, and the planted questions asked
 *   of the plain demo) must report "Not significant" and claim no driver.
 */
import { MemorySaver } from '@langchain/langgraph';
import { mkdtempSync, rmSync } from 'node:fs';
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
import { buildPlantedWarehouse, UNPLANTED } from '../helpers/planted.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';
import { researchConfigurable } from '../helpers/tpch.js';

const SCALE = Number(process.env.SCALE ?? 0.1);
const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-quality-'));
const t0 = performance.now();
const effects = await buildPlantedWarehouse(join(dir, 'planted.duckdb'), SCALE);
await buildDemoWarehouse(join(dir, 'plain.duckdb'), { scale: SCALE });
console.log(`research quality on planted drivers: demo warehouse at scale ${SCALE}, built plain and planted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const graph = buildResearchGraph(new MemorySaver());
const agentGraph = buildAgentGraph(false);
let thread = 0;

async function open(file: string) {
  const warehouse = await openWarehouse(`duckdb:${join(dir, file)}`);
  return { warehouse, layer: await loadSemanticLayer(DEFAULT_MODEL_PATH, warehouse) };
}
async function research(deps: Awaited<ReturnType<typeof open>>, question: string): Promise<ResearchStateType> {
  const configurable = researchConfigurable(`quality${++thread}`, { ...deps, agentGraph });
  await graph.invoke({ question, dimensions: null, budget: DEFAULT_RESEARCH_BUDGET, startedAt: Date.now() } as never, { configurable });
  return (await graph.getState({ configurable })).values as ResearchStateType;
}
/** The total revenue change between two years, by hand-written SQL. */
async function totalChange(deps: Awaited<ReturnType<typeof open>>, year: number): Promise<number> {
  const r = await deps.warehouse.run(
    `SELECT sum(CASE WHEN year(o_orderdate) = ${year} THEN l_extendedprice * (1 - l_discount) ELSE 0 END) - sum(CASE WHEN year(o_orderdate) = ${year - 1} THEN l_extendedprice * (1 - l_discount) ELSE 0 END) AS v
     FROM lineitem JOIN orders ON l_orderkey = o_orderkey WHERE o_orderdate >= DATE '${year - 1}-01-01' AND o_orderdate < DATE '${year + 1}-01-01'`,
  );
  return Number(r.rows[0].v);
}

let found = 0;
let within = 0;
let uncited = 0;
let falseClaims = 0;
let notSignificant = 0;
const planted = await open('planted.duckdb');
const plain = await open('plain.duckdb');
try {
  for (const e of effects) {
    const state = await research(planted, e.question);
    const first = state.findings?.drivers[0];
    const truth = e.effect / (await totalChange(planted, e.year));
    const ok = first?.dimension === e.dimension && first.member === e.member;
    const stated = first?.through?.contribution ?? first?.contribution;
    const off = ok && stated !== undefined ? Math.abs(stated - truth) * 100 : NaN;
    const missing = unmatchedNumbers(state.finalAnswer, state.operations);
    found += ok ? 1 : 0;
    within += ok && off <= 5 ? 1 : 0;
    uncited += missing.length;
    console.log(
      `  planted ${e.name.padEnd(44)} first driver ${first ? `${first.dimension} ${first.member}` : 'none'} (${ok ? 'found' : 'MISSED'}); contribution ${stated !== undefined ? (100 * stated).toFixed(1) : '-'}%${first?.through ? ` through ${first.through.component === 'rate' ? 'the rate' : 'the base'} (whole member ${(100 * first.contribution).toFixed(1)}%)` : ''} vs truth ${(100 * truth).toFixed(1)}% (${ok ? off.toFixed(1) : '-'} points); uncited numbers ${missing.length}`,
    );
  }
  const controls = [...UNPLANTED.map((u) => ({ deps: planted, question: u.question, where: 'planted' })), ...effects.map((e) => ({ deps: plain, question: e.question, where: 'plain' }))];
  for (const c of controls) {
    const state = await research(c.deps, c.question);
    const claimed = state.findings?.drivers.length ?? 0;
    const said = /\*\*Not significant\.\*\*/.test(state.finalAnswer) && state.findings?.significant === false;
    const missing = unmatchedNumbers(state.finalAnswer, state.operations);
    falseClaims += claimed ? 1 : 0;
    notSignificant += said ? 1 : 0;
    uncited += missing.length;
    console.log(`  unplanted (${c.where}) ${c.question.padEnd(52)} ${said ? 'not significant' : 'SIGNIFICANT'}; drivers claimed ${claimed}; uncited numbers ${missing.length}`);
  }
  const pct = (a: number, b: number) => `${a}/${b} (${Math.round((100 * a) / b)}%)`;
  console.log(
    `  planted drivers found and ranked first: ${pct(found, effects.length)} (goal >= 95%) | contribution within 5 points: ${pct(within, effects.length)} | ` +
      `uncited numbers: ${uncited} (goal 0) | unplanted reported not significant: ${pct(notSignificant, controls.length)} | drivers claimed on unplanted data: ${falseClaims} (goal 0)`,
  );
  if (found < effects.length * 0.95 || within < effects.length || uncited > 0 || falseClaims > 0) process.exitCode = 1;
} finally {
  await planted.warehouse.close();
  await plain.warehouse.close();
  rmSync(dir, { recursive: true, force: true });
}
