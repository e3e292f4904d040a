/**
 * A burst of 200 submissions at once against a server process on TPC-H SF 0.1, side by side with
 * the same server idle:
 *  - `/api/health` latency, probed every 10 ms by a separate client while the burst is submitted
 *    and worked off (goal p99 <= 100 ms on 2 cores);
 *  - submit latency of the 200 POSTs (goal p95 <= 200 ms);
 *  - how long the server takes to answer all 200.
 *
 *   npm run bench burst
 *   BASELINE=/path/to/other/checkout ROUNDS=3 npm run bench burst
 *
 * With BASELINE, that checkout's server and this one's run the burst in alternating rounds on the
 * same host, and the medians over the rounds are printed side by side (a loaded host moves both).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT, TPCH_DIR } from '../helpers/paths.js';

export const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
const BURST = Number(process.env.BURST ?? 200);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const f = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

export async function startServer(
  env: Record<string, string> = {},
  root = REPO_ROOT,
): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-burst-'));
  const child = spawn(
    process.execPath,
    [
      ...(process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : []),
      '--import',
      'tsx',
      join(root, 'src/cli.ts'),
      'serve',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        QUARRY_DATA_DIR: dataDir,
        QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
        QUARRY_PORT: '0',
        QUARRY_BOOTSTRAP_KEY: KEY,
        QUARRY_LOG_LEVEL: 'info',
        QUARRY_RATE_LIMIT_MAX: '1000000',
        QUARRY_ACCOUNT_MAX_ACTIVE: '10000',
        QUARRY_QUEUE_DEPTH: '10000',
        QUARRY_SHUTDOWN_GRACE_MS: '0',
        UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
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
  return { base, child, dataDir };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1000 });
export function call(method: string, url: string, body?: unknown, key = KEY): Promise<{ status: number; json: any; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers: { 'x-api-key': key, 'content-type': 'application/json' } }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : null, ms: performance.now() - t0 }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Probes /health on its own connection every 10 ms until stopped; returns the latencies. */
function probeHealth(base: string): { stop: () => Promise<number[]> } {
  const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) => {
        const req = request(`${base}/health`, { agent: probeAgent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        req.end();
      });
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      probeAgent.destroy();
      return latencies;
    },
  };
}

export const questions = readFileSync(join(TPCH_DIR, 'dev.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { question: string; session?: string[]; dimensions?: Record<string, unknown> })
  .filter((c) => !c.session)
  .map((c) => ({ query: c.question, dimensions: c.dimensions }))
  .filter((q) => !process.env.ONLY || q.query.includes(process.env.ONLY));
if (process.env.QUESTION) questions.splice(0, questions.length, { query: process.env.QUESTION, dimensions: undefined });

interface BurstFigures {
  idle: number[];
  busy: number[];
  submitMs: number[];
  refused: number;
  answered: number;
  drainedMs: number;
  statuses: Map<string, number>;
}

/** One burst against a fresh server started from `root`. */
async function burst(root: string): Promise<BurstFigures> {
  const { base, child } = await startServer(
    process.env.ACCOUNT_CONNECTIONS ? { QUARRY_WAREHOUSE_ACCOUNT_CONNECTIONS: process.env.ACCOUNT_CONNECTIONS } : {},
    root,
  );
  try {
    // warm-up: every question once (caches, prepared statements, page cache)
    const warm = (await call('POST', `${base}/session/new`)).json.session_id as string;
    for (const q of questions) {
      const { inquiry_id } = (await call('POST', `${base}/session/${warm}/inquiry/agent`, q)).json;
      await call('GET', `${base}/inquiry/${inquiry_id}/result?timeout=60`);
    }

    const idleProbe = probeHealth(base);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = await idleProbe.stop();

    const sessions = await Promise.all(
      Array.from({ length: BURST }, async () => (await call('POST', `${base}/session/new`)).json.session_id as string),
    );
    const probe = probeHealth(base);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    const submits = await Promise.all(
      sessions.map((s, i) => call('POST', `${base}/session/${s}/inquiry/agent`, questions[i % questions.length])),
    );
    const refused = submits.filter((s) => s.status !== 200).length;
    const ids = submits.filter((s) => s.status === 200).map((s) => s.json.inquiry_id as string);
    const results = await Promise.all(ids.map((id) => call('GET', `${base}/inquiry/${id}/result?timeout=600`)));
    const drainedMs = performance.now() - t0;
    const busy = await probe.stop();
    const statuses = new Map<string, number>();
    for (const r of results) statuses.set(r.json.status.general, (statuses.get(r.json.status.general) ?? 0) + 1);
    return { idle, busy, submitMs: submits.map((s) => s.ms), refused, answered: ids.length, drainedMs, statuses };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

function report(b: BurstFigures): void {
  const { idle, busy, submitMs } = b;
  console.log(`/api/health, idle:            p50 ${f(quantile(idle, 0.5))}, p99 ${f(quantile(idle, 0.99))} (${idle.length} probes)`);
  console.log(
    `/api/health, during the burst: p50 ${f(quantile(busy, 0.5))}, p99 ${f(quantile(busy, 0.99))}, max ${f(Math.max(...busy))} (${busy.length} probes; goal p99 <= 100 ms)`,
  );
  console.log(
    `  ratio burst/idle: p50 ${(quantile(busy, 0.5) / quantile(idle, 0.5)).toFixed(1)}x, p99 ${(quantile(busy, 0.99) / quantile(idle, 0.99)).toFixed(1)}x`,
  );
  console.log(
    `submit, ${BURST} at once: p50 ${f(quantile(submitMs, 0.5))}, p95 ${f(quantile(submitMs, 0.95))}, max ${f(Math.max(...submitMs))} (goal p95 <= 200 ms); refused ${b.refused}`,
  );
  console.log(
    `all ${b.answered} answered in ${(b.drainedMs / 1000).toFixed(1)} s: ${[...b.statuses].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
}

const median = (xs: number[]) => quantile(xs, 0.5);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

if (process.argv[1]?.endsWith('burst.bench.ts')) {
  try {
    const baseline = process.env.BASELINE;
    if (!baseline) report(await burst(REPO_ROOT));
    else {
      const rounds = Number(process.env.ROUNDS ?? 3);
      const sides = { baseline: [] as BurstFigures[], this: [] as BurstFigures[] };
      for (let r = 0; r < rounds; r++) {
        // Alternate which side goes first, so neither always meets the other's leftovers.
        for (const side of r % 2 ? (['this', 'baseline'] as const) : (['baseline', 'this'] as const)) {
          const b = await burst(side === 'this' ? REPO_ROOT : baseline);
          sides[side].push(b);
          console.log(
            `round ${r + 1} ${side.padEnd(8)}: submit p50 ${f(quantile(b.submitMs, 0.5))}, p95 ${f(quantile(b.submitMs, 0.95))}; health p99 during ${f(quantile(b.busy, 0.99))}; refused ${b.refused} (load ${load()})`,
          );
        }
      }
      const row = (label: string, pick: (b: BurstFigures) => number) =>
        console.log(
          `${label.padEnd(34)} ${f(median(sides.baseline.map(pick))).padStart(9)} ${f(median(sides.this.map(pick))).padStart(9)}`,
        );
      console.log(`\nmedians over ${rounds} rounds (${BURST} at once)   baseline      this`);
      row('submit p50', (b) => quantile(b.submitMs, 0.5));
      row('submit p95 (goal <= 200 ms)', (b) => quantile(b.submitMs, 0.95));
      row('/api/health p99 during the burst', (b) => quantile(b.busy, 0.99));
      row('all answered (ms)', (b) => b.drainedMs);
      console.log(`baseline: ${baseline}; this: ${REPO_ROOT}; load at the end ${load()}`);
    }
  } finally {
    agent.destroy();
  }
}
