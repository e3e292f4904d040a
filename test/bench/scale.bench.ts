/**
 * Several processes on one PostgreSQL (issue 14), with real `quarry serve --role ...` processes:
 *  - wake-up: a long-poll on the API process returns when a worker process finishes; measured
 *    from the inquiry's completed_at (written by the worker) to the response's arrival at the
 *    client, with poll_interval=30 so only the NOTIFY can wake it in time (goal: p50 ≤ 10 ms);
 *  - for comparison, the same in one process (role all, SQLite, the in-process event);
 *  - the same wake-up on the bus alone: NOTIFY on one connection → listener woken on another;
 *  - throughput: a burst of one fixed small question (revenue by region in 1996, DuckDB on the
 *    TPC-H files) through the API, run by 1 and then by 2 worker processes (each worker: 2 runs
 *    at once, 1 DuckDB thread, so that a second worker has cores to add on a small machine).
 * The state store is what QUARRY_STORE gives the processes: Postgres once the Postgres store is
 * in; before that, the processes share the SQLite file in one data dir and Postgres carries the
 * queue and the wake-ups.
 *
 *   npm run bench scale          (BURST=… questions per throughput run, default 60)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import pino from 'pino';
import { PgInquiryEvents } from '../../src/inquiries/pg-events.js';
import { PgListener } from '../../src/jobs/pg-listener.js';
import { REPO_ROOT, TPCH_DIR } from '../helpers/paths.js';
import { startPostgres } from '../helpers/postgres.js';

const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
const BURST = Number(process.env.BURST ?? 60);
const WAKES = Number(process.env.WAKES ?? 40);
const QUESTION = 'revenue by region in 1996';
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

function startQuarry(role: 'api' | 'worker' | 'all', env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli.ts'), 'serve', '--role', role], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
      QUARRY_PORT: '0',
      QUARRY_BOOTSTRAP_KEY: KEY,
      QUARRY_LOG_LEVEL: 'info',
      QUARRY_RATE_LIMIT_MAX: '1000000',
      QUARRY_ACCOUNT_MAX_ACTIVE: '10000',
      QUARRY_QUEUE_DEPTH: '10000',
      QUARRY_SHUTDOWN_GRACE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      try {
        const rec = JSON.parse(line) as { address?: string; msg?: string };
        if (rec.address && /quarry (is serving|worker is running)/.test(rec.msg ?? '')) resolve({ url: rec.address, child });
      } catch {
        /* not JSON */
      }
    });
    child.once('exit', (code) => reject(new Error(`quarry serve --role ${role} exited with ${code}`)));
  });
}

async function call(method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const r = await fetch(url, { method, headers: { 'x-api-key': KEY, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, json: await r.json() };
}

/** Asks the question `warm` times, then WAKES times, each followed by a long-poll that only a wake-up can end in time; returns completion → arrival in ms. */
async function measureWakes(base: string, warm: number): Promise<number[]> {
  const session = (await call('POST', `${base}/session/new`)).json.session_id as string;
  const ask = async () => (await call('POST', `${base}/session/${session}/inquiry/agent`, { query: QUESTION })).json.inquiry_id as string;
  for (let i = 0; i < warm; i++) {
    const r = await call('GET', `${base}/inquiry/${await ask()}/result?timeout=60`);
    if (r.json.status?.general !== 'done') throw new Error(`the bench question did not answer: ${JSON.stringify(r.json.status)} ${r.json.error ?? ''}`);
  }
  const lags: number[] = [];
  for (let i = 0; i < WAKES; i++) {
    const id = await ask();
    const r = await call('GET', `${base}/inquiry/${id}/result?timeout=60&poll_interval=30`);
    const received = Date.now();
    if (r.json.status?.general !== 'done') throw new Error(`unexpected ${JSON.stringify(r.json.status)}`);
    lags.push(received - Date.parse(r.json.completed_at));
  }
  return lags;
}

const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
  });

const server = await startPostgres();
const pgUrl = () => server.url;
const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-scale-'));
const env = { QUARRY_STORE: server.url, QUARRY_DATA_DIR: dataDir };
const children: ChildProcess[] = [];
const workerEnv = { ...env, QUARRY_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? '2', QUARRY_DUCKDB_THREADS: process.env.WORKER_DUCKDB_THREADS ?? '1' };
try {
  {
    // the bus alone, two connections as two processes would have
    const log = pino({ level: 'silent' });
    const ends = await Promise.all([0, 1].map(async () => {
      const pool = new pg.Pool({ connectionString: pgUrl(), max: 1 });
      const listener = new PgListener(pgUrl(), log);
      await listener.start();
      return { pool, listener, events: await PgInquiryEvents.create(pool, listener, log) };
    }));
    const busLags: number[] = [];
    for (let i = 0; i < 200; i++) {
      const woke = new Promise<number>((resolve) => {
        const off = ends[1]!.events.on(`inq_${i}`, () => (off(), resolve(performance.now())));
      });
      const t0 = performance.now();
      ends[0]!.events.emit(`inq_${i}`, 'done');
      busLags.push((await woke) - t0);
    }
    console.log(`NOTIFY → LISTEN wake-up between two connections (200 runs): p50 ${quantile(busLags, 0.5).toFixed(2)} ms, p95 ${quantile(busLags, 0.95).toFixed(2)} ms`);
    for (const e of ends) {
      await e.listener.stop();
      await e.pool.end();
    }
  }

  // ---- baseline: one process, SQLite, in-process wake-up
  {
    const single = await startQuarry('all', { QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-bench-scale-single-')) });
    const lags = await measureWakes(`${single.url}/api`, 3);
    console.log(`long-poll wake-up in one process (role all, SQLite; ${WAKES} runs): p50 ${quantile(lags, 0.5)} ms, p95 ${quantile(lags, 0.95)} ms`);
    await stop(single.child);
  }

  const api = await startQuarry('api', env);
  children.push(api.child);
  const base = `${api.url}/api`;
  const worker1 = await startQuarry('worker', workerEnv);
  children.push(worker1.child);

  const session = (await call('POST', `${base}/session/new`)).json.session_id as string;
  const ask = async () => (await call('POST', `${base}/session/${session}/inquiry/agent`, { query: QUESTION })).json.inquiry_id as string;

  // ---- wake-up across processes
  const lags = await measureWakes(base, 3);
  console.log(`long-poll wake-up across processes (completion on the worker → response at the client, ${WAKES} runs): p50 ${quantile(lags, 0.5)} ms, p95 ${quantile(lags, 0.95)} ms, max ${Math.max(...lags)} ms (goal p50 ≤ 10 ms)`);

  // ---- throughput with 1 and 2 workers
  const burst = async () => {
    const t0 = performance.now();
    const ids = await Promise.all(Array.from({ length: BURST }, () => ask()));
    const states = await Promise.all(ids.map(async (id) => (await call('GET', `${base}/inquiry/${id}/result?timeout=120`)).json.status?.general as string));
    const seconds = (performance.now() - t0) / 1000;
    const done = states.filter((s) => s === 'done').length;
    return { seconds, perSecond: done / seconds, done };
  };
  const one = await burst();
  console.log(`throughput, 1 worker process:  ${BURST} questions in ${one.seconds.toFixed(2)} s = ${one.perSecond.toFixed(1)}/s (${one.done} done)`);
  const worker2 = await startQuarry('worker', workerEnv);
  children.push(worker2.child);
  const two = await burst();
  console.log(`throughput, 2 worker processes: ${BURST} questions in ${two.seconds.toFixed(2)} s = ${two.perSecond.toFixed(1)}/s (${two.done} done); ratio ${(two.perSecond / one.perSecond).toFixed(2)}x`);
} finally {
  for (const c of children.reverse()) await stop(c);
  await server.stop();
}
