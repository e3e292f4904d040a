/**
 * The answer path's overhead, side by side in one run against one server process on TPC-H SF 0.1:
 *  1. the dev questions one at a time, submit → result over REST (2 rounds after a warm-up),
 *     against each question's gold SQL run alone on the same Parquet files through the product's
 *     DuckDB warehouse in this process (goal: answer p50 <= 2x gold p50);
 *  2. a burst of 200 submissions at once: submit p95 (goal <= 200 ms).
 *
 *   npm run bench health
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openWarehouse } from '../../src/warehouse/index.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { call, questions, startServer } from './burst.bench.js';

const BURST = 200;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const f = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

interface Case {
  question: string;
  /** null for questions the service should refuse (no SQL to compare with) */
  gold_sql: string | null;
  session?: string[];
  dimensions?: Record<string, unknown>;
}
const cases = readFileSync(join(TPCH_DIR, 'dev.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Case);

const { base, child } = await startServer();
const warehouse = await openWarehouse(`duckdb:${TPCH_DIR}`);
try {
  const answers: number[] = [];
  const golds: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const c of cases) {
      const session = (await call('POST', `${base}/session/new`)).json.session_id as string;
      for (const earlier of c.session ?? []) {
        const { inquiry_id } = (await call('POST', `${base}/session/${session}/inquiry/agent`, { query: earlier })).json;
        await call('GET', `${base}/inquiry/${inquiry_id}/result?timeout=60`);
      }
      const t0 = performance.now();
      const { inquiry_id } = (
        await call('POST', `${base}/session/${session}/inquiry/agent`, { query: c.question, dimensions: c.dimensions })
      ).json;
      await call('GET', `${base}/inquiry/${inquiry_id}/result?timeout=60`);
      const answerMs = performance.now() - t0;
      if (!c.gold_sql) continue;
      const g0 = performance.now();
      await warehouse.run(c.gold_sql, { maxRows: 10_000 });
      const goldMs = performance.now() - g0;
      // the first round warms caches (guard verdicts, prepared statements, OS page cache)
      if (round > 0) {
        answers.push(answerMs);
        golds.push(goldMs);
      }
    }
  }
  const a50 = quantile(answers, 0.5);
  const g50 = quantile(golds, 0.5);
  console.log(`one at a time, the ${answers.length / 2} dev questions with gold SQL, 2 rounds after a warm-up:`);
  console.log(`  answer (submit → result over REST): p50 ${f(a50)}, p95 ${f(quantile(answers, 0.95))}`);
  console.log(`  gold SQL alone (same warehouse):     p50 ${f(g50)}, p95 ${f(quantile(golds, 0.95))}`);
  console.log(`  ratio answer/gold p50: ${(a50 / g50).toFixed(2)}x (goal <= 2x)`);

  const sessions = await Promise.all(
    Array.from({ length: BURST }, async () => (await call('POST', `${base}/session/new`)).json.session_id as string),
  );
  const submits = await Promise.all(
    sessions.map((s, i) => call('POST', `${base}/session/${s}/inquiry/agent`, questions[i % questions.length])),
  );
  const ids = submits.filter((s) => s.status === 200).map((s) => s.json.inquiry_id as string);
  await Promise.all(ids.map((id) => call('GET', `${base}/inquiry/${id}/result?timeout=600`)));
  const submitMs = submits.map((s) => s.ms);
  console.log(
    `burst of ${BURST} submissions: submit p50 ${f(quantile(submitMs, 0.5))}, p95 ${f(quantile(submitMs, 0.95))} (goal p95 <= 200 ms); refused ${BURST - ids.length}`,
  );
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await warehouse.close();
  child.kill('SIGTERM');
  // the keep-alive agent of burst.bench.ts holds the event loop open
  process.exit();
}
