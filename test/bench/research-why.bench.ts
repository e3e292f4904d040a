/**
 * A "why" research on the SF 0.1 demo (`npm run bench research-why`): "why did revenue change"
 * over two full years, with the default budget, as a job runs it (the research runner, SQLite
 * checkpoints). Prints the median wall time and the number of warehouse statements of an
 * investigation (counted at the warehouse), and how many dimensions the drivers were chosen from.
 * Goal: ≤ 30 s. The question is our own wording over periods the demo holds.
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
let statements = 0;
const counted: Warehouse = {
  dialect: warehouse.dialect,
  introspect: () => warehouse.introspect(),
  ping: () => warehouse.ping(),
  close: async () => {},
  run: (sql, options) => {
    statements++;
    return warehouse.run(sql, options);
  },
};
const checkpointer = SqliteSaver.fromConnString(join(mkdtempSync(join(tmpdir(), 'quarry-bench-why-')), 'checkpoints.sqlite'));
const runner = createResearchRunner({ agent: { layer, warehouse: counted, queryTimeoutMs: 60_000, maxRows: 5000 }, checkpointer });
const QUESTION = 'Why did revenue change from 1993 to 1994?';

let job = 0;
async function once(): Promise<{ ms: number; statements: number; subQuestions: number; status: string; scanned: number }> {
  statements = 0;
  const t0 = performance.now();
  const outcome = await runner.run(
    {
      id: `why_${++job}`,
      sessionId: 's',
      accountId: 'a',
      type: 'research',
      question: QUESTION,
      dimensions: null,
      options: {},
      history: [],
    },
    { signal: new AbortController().signal, reportProgress: async () => {} },
  );
  const ms = performance.now() - t0;
  const ops = (
    outcome.result as { operations: { kind: string; angle?: string; dimension?: string; rows?: Record<string, unknown>[] }[] }
  ).operations.filter((o) => o.kind === 'query');
  const scanned = new Set(
    ops.flatMap((o) => (o.rows ?? []).map((r) => (typeof r.dimension === 'string' ? r.dimension : null)).filter(Boolean)),
  ).size;
  return { ms, statements, subQuestions: ops.length, status: outcome.status, scanned };
}

try {
  await once(); // warm-up: OS page cache, prepared statements, guard verdicts
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await once());
  const last = runs.at(-1)!;
  console.log(
    `"why" research on TPC-H SF 0.1, default budget, median of ${runs.length} after a warm-up: ${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s (goal <= 30 s) | ` +
      `warehouse statements ${median(runs.map((r) => r.statements))} | sub-questions ${last.subQuestions} | dimensions scanned in one statement ${last.scanned} | status ${last.status}`,
  );
} finally {
  await warehouse.close();
}
