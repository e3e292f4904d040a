/**
 * The chaos drill of issue 26 (test/helpers/chaos.ts; the suite runs a scaled copy in
 * test/api/chaos.test.ts): 2 API + 2 worker `quarry serve` processes on one PostgreSQL, the
 * TPC-H warehouse, the rule-based interpreter and research planner, through a PostgreSQL
 * restart, kill -9 of a worker, kill -9 of an API, SIGTERM of each role and a busy loop on every
 * core, with QUESTIONS questions, RESEARCH investigations and a report due every minute. Prints
 * the counts the issue asks to be 0, the time from PostgreSQL back to every process ready (goal
 * ≤ 10 s), the research and report checks, and each phase's duration. Exits 1 when a count is not 0.
 *
 *   npm run bench chaos       (QUESTIONS=300 RESEARCH=3 BUSY_MS=60000)
 */
import { runChaos } from '../helpers/chaos.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { killStartedQuarryProcesses } from '../helpers/quarry-process.js';

const QUESTIONS = Number(process.env.QUESTIONS ?? 300);
const RESEARCH = Number(process.env.RESEARCH ?? 3);
const BUSY_MS = Number(process.env.BUSY_MS ?? 60_000);

/** Plain questions over TPC-H in the drill's own wording: a measure, a breakdown, a period. */
function question(i: number): string {
  const measures = ['total revenue', 'how many orders', 'mean order value', 'units sold', 'discounted revenue'];
  const breakdowns = ['per region', 'per customer segment', 'per ship mode', 'split by order priority', 'each month', 'per nation'];
  const m = measures[i % measures.length]!;
  const b = breakdowns[Math.floor(i / measures.length) % breakdowns.length]!;
  const year = 1992 + (Math.floor(i / (measures.length * breakdowns.length)) % 7);
  return `${m} ${b} in ${year}`;
}

const t0 = Date.now();
try {
  const outcome = await runChaos({
    key: 'chaos-drill-key-0123456789abcdef0123456789abcdef',
    env: {
      QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
      QUARRY_LOG_LEVEL: 'info',
      QUARRY_CONCURRENCY: '4',
      QUARRY_DUCKDB_THREADS: '1',
      QUARRY_QUEUE_DEPTH: '1000',
      QUARRY_ACCOUNT_MAX_ACTIVE: '1000',
      QUARRY_RATE_LIMIT_MAX: '100000',
      QUARRY_RESEARCH_CONCURRENCY: '1',
      QUARRY_RESEARCH_PACE_MS: '400',
    },
    questions: QUESTIONS,
    question,
    research: { count: RESEARCH, question: 'Why did revenue change in 1997 compared with 1996?', budget: { rounds: 1, queries: 8 } },
    report: { question: 'What drove order counts in 1995?', budget: { rounds: 1, queries: 2 } },
    busyMs: BUSY_MS,
    settleMs: 300_000,
    limitMs: 120_000 + 30_000,
    log: (l) => console.log(l),
  });
  const zero = {
    lost: outcome.lost,
    duplicated: outcome.duplicated,
    'processing past the limit': outcome.pastLimit,
    'failed by a takeover': outcome.failedByTakeover,
    'research sub-questions run again': outcome.repeatedSubQuestions,
    'report due times missing': outcome.report?.missing ?? [],
    'report due times run twice': outcome.report?.twice ?? [],
  };
  console.log(`\nchaos drill (2-core host shared with other agents; ${((Date.now() - t0) / 1000).toFixed(0)} s in all)`);
  console.log(`  questions submitted: ${outcome.submitted.length}; statuses: ${JSON.stringify(outcome.statuses)}`);
  for (const [what, ids] of Object.entries(zero))
    console.log(`  ${what}: ${ids.length}${ids.length ? ` (${ids.slice(0, 5).join(', ')})` : ''}`);
  console.log(`  PostgreSQL back -> all 4 processes ready: ${outcome.readyAfterRestartMs.toFixed(0)} ms (goal ≤ 10000 ms)`);
  console.log(`  research: ${outcome.research.map((r) => `${r.status} with ${r.queries} sub-questions`).join('; ')}`);
  if (outcome.report)
    console.log(`  report: ${outcome.report.dues.length} due times run, statuses ${JSON.stringify(outcome.report.statuses)}`);
  console.log(`  phases: ${outcome.phases.map((p) => `${p.name} ${(p.ms / 1000).toFixed(1)} s`).join('; ')}`);
  const failed = Object.values(zero).some((ids) => ids.length > 0) || outcome.readyAfterRestartMs > 10_000;
  process.exitCode = failed ? 1 : 0;
} finally {
  await killStartedQuarryProcesses();
}
