/**
 * Research wall time offline on TPC-H SF 0.1 (../shared/eval/tpch): one investigation of up to 8
 * sub-questions (one round; a why-question's scan of every dimension is one of them), run by the research engine as a job runs it (SQLite checkpoints,
 * progress stored), at concurrency 1 and 4 side by side. Goal: ≤ 10 s; the ratio is the speed-up.
 * Embedded DuckDB already spreads one statement over every core, so on a small machine the fan-out
 * gains little there; the second pair adds 150 ms to each statement, as a remote warehouse's round
 * trip and queueing would, where the fan-out pays.
 */
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createResearchRunner } from '../../graphs/research/engine.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer } from '../../src/semantic/values.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { TPCH_DIR } from '../helpers/paths.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const warehouse = await openWarehouse(`duckdb:${TPCH_DIR}`);
const layer = await loadSemanticLayer(DEFAULT_MODEL_PATH, warehouse);
const checkpointer = SqliteSaver.fromConnString(join(mkdtempSync(join(tmpdir(), 'quarry-bench-research-')), 'checkpoints.sqlite'));
const LATENCY_MS = 150;
const remote: Warehouse = {
  dialect: warehouse.dialect,
  introspect: () => warehouse.introspect(),
  ping: () => warehouse.ping(),
  close: async () => {},
  run: async (sql, options) => {
    await new Promise((r) => setTimeout(r, LATENCY_MS));
    return warehouse.run(sql, options);
  },
};
const agent = { layer, warehouse, queryTimeoutMs: 60_000, maxRows: 5000 };
const remoteAgent = { ...agent, warehouse: remote };
const runners = {
  local: {
    1: createResearchRunner({ agent, checkpointer, concurrency: 1 }),
    4: createResearchRunner({ agent, checkpointer, concurrency: 4 }),
  },
  remote: {
    1: createResearchRunner({ agent: remoteAgent, checkpointer, concurrency: 1 }),
    4: createResearchRunner({ agent: remoteAgent, checkpointer, concurrency: 4 }),
  },
};
const questions = [
  'Why did revenue change in 1997 compared with 1996?',
  'How did orders develop in 1996 compared with 1995?',
  'Why did profit change in Q2 1997?',
];

let job = 0;
async function once(
  where: 'local' | 'remote',
  concurrency: 1 | 4,
  question: string,
): Promise<{ ms: number; queries: number; sqlMs: number }> {
  const progress: number[] = [];
  const t0 = performance.now();
  const outcome = await runners[where][concurrency].run(
    {
      id: `bench_${++job}`,
      sessionId: 's',
      accountId: 'a',
      type: 'research',
      question,
      dimensions: null,
      options: { budget: { rounds: 1, queries: 8, minutes: 10 } },
      history: [],
    },
    { signal: new AbortController().signal, reportProgress: async (r) => void progress.push(Number(r.progress)) },
  );
  const ms = performance.now() - t0;
  const ops = (outcome.result as { operations: { kind: string; status: string; elapsed_ms: number }[] }).operations.filter(
    (o) => o.kind === 'query',
  );
  if (outcome.status !== 'done' || !ops.length || ops.length > 8 || ops.some((o) => o.status !== 'done'))
    throw new Error(`unexpected outcome ${outcome.status}: ${JSON.stringify(ops.map((o) => o.status))}`);
  return { ms, queries: ops.length, sqlMs: ops.reduce((a, o) => a + o.elapsed_ms, 0) };
}

try {
  for (const q of questions) await once('local', 4, q); // warm-up: OS page cache, prepared statements, guard verdicts
  const cpus = (await import('node:os')).availableParallelism();
  console.log(
    `research, up to 8 sub-questions (one round) on TPC-H SF 0.1, ${cpus} CPUs; medians of ${questions.length * 2} investigations each, after a warm-up:`,
  );
  for (const where of ['local', 'remote'] as const) {
    const times: Record<1 | 4, number[]> = { 1: [], 4: [] };
    for (let round = 0; round < 2; round++) {
      for (const q of questions) {
        for (const c of [1, 4] as const) times[c].push((await once(where, c, q)).ms);
      }
    }
    const c1 = median(times[1]);
    const c4 = median(times[4]);
    const label = where === 'local' ? 'embedded DuckDB' : `+${LATENCY_MS} ms per statement (remote warehouse)`;
    console.log(
      `  ${label.padEnd(46)} concurrency 1: ${(c1 / 1000).toFixed(2)} s | concurrency 4: ${(c4 / 1000).toFixed(2)} s (max ${(Math.max(...times[4]) / 1000).toFixed(2)} s, goal <= 10 s) | speed-up ${(c1 / c4).toFixed(2)}x`,
    );
  }
} finally {
  await warehouse.close();
}
