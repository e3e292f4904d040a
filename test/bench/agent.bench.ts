/**
 * Regular questions end to end: submit → result (long-poll) over REST against a server process on
 * TPC-H SF 0.1 (../shared/eval/tpch), for the dev questions, one at a time. Goal: p50 ≤ 150 ms.
 * Side by side: the same questions' time spent running SQL in the warehouse (from `thinking`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT, TPCH_DIR } from '../helpers/paths.js';

const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli.ts'), 'serve'], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-bench-agent-')),
    QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
    QUARRY_PORT: '0',
    QUARRY_BOOTSTRAP_KEY: KEY,
    QUARRY_LOG_LEVEL: 'info',
    QUARRY_RATE_LIMIT_MAX: '1000000',
  },
  stdio: ['ignore', 'pipe', 'ignore'],
});
const base = await new Promise<string>((resolve, reject) => {
  const rl = createInterface({ input: child.stdout! });
  rl.on('line', (line) => {
    try {
      const m = JSON.parse(line);
      if (m.msg === 'quarry is serving') resolve(`${m.address}/api`);
    } catch {
      /* not a log line */
    }
  });
  child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});

async function call(method: string, path: string, body?: unknown) {
  const r = await fetch(base + path, {
    method,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return r.json();
}

interface Case {
  question: string;
  session?: string[];
  dimensions?: Record<string, unknown>;
}
const cases = readFileSync(join(TPCH_DIR, 'dev.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Case);

try {
  const totals: number[] = [];
  const sqlTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const c of cases) {
      const session = (await call('POST', '/session/new')).session_id;
      for (const earlier of c.session ?? []) {
        const { inquiry_id } = await call('POST', `/session/${session}/inquiry/agent`, { query: earlier });
        await call('GET', `/inquiry/${inquiry_id}/result?timeout=60`);
      }
      const t0 = performance.now();
      const { inquiry_id } = await call('POST', `/session/${session}/inquiry/agent`, { query: c.question, dimensions: c.dimensions });
      const result = await call('GET', `/inquiry/${inquiry_id}/result?timeout=60`);
      const ms = performance.now() - t0;
      if (round > 0) {
        // the first round warms caches (guard verdicts, prepared statements, OS page cache)
        totals.push(ms);
        const ran = (result.thinking?.messages ?? [])
          .map(String)
          .map((m: string) => /Ran the query: .* in (\d+) ms/.exec(m))
          .find(Boolean);
        if (ran) sqlTimes.push(Number(ran[1]));
      }
    }
  }
  console.log(
    `submit → result over REST, ${totals.length} questions (2 rounds after a warm-up): p50 ${quantile(totals, 0.5).toFixed(0)} ms, p95 ${quantile(totals, 0.95).toFixed(0)} ms (goal p50 <= 150 ms)`,
  );
  console.log(
    `of which SQL execution in the warehouse: p50 ${quantile(sqlTimes, 0.5)} ms, p95 ${quantile(sqlTimes, 0.95)} ms; overhead p50 ≈ ${(quantile(totals, 0.5) - quantile(sqlTimes, 0.5)).toFixed(0)} ms`,
  );
} finally {
  child.kill('SIGTERM');
}
