/**
 * Several processes on one PostgreSQL (issue 14): every process is a real `quarry serve --role ...`
 * child with QUARRY_STORE=postgres://... (its own empty data dir: all state is in Postgres).
 *  - the bus alone: NOTIFY on one connection → listener woken on another (reference);
 *  - long-poll wake-up across processes: a long-poll held on the API process, poll_interval=30 so
 *    only the notification can end it in time, for an inquiry a worker process completes. Each
 *    sample is split in three timestamps: completed_at (the worker, just before its terminal
 *    UPDATE), the terminal NOTIFY as a bystander LISTEN connection of the bench receives it, and
 *    the arrival of the long-poll's HTTP response at the client (goal: p50 ≤ 10 ms end to end);
 *  - throughput: QUESTIONS regular questions (one fixed small question, DuckDB on the TPC-H
 *    files) through the API, run by 1 worker process and by 2, alternating round by round
 *    (a second worker is started for its round and stopped after), medians over ROUNDS and the
 *    ratio. Each worker runs WORKER_CONCURRENCY inquiries at once with 1 DuckDB thread.
 *
 *   npm run bench scale       (QUESTIONS=200 ROUNDS=3 WAKES=60 WORKER_CONCURRENCY=2; SCALE_LOG_DIR=dir keeps
 *                              each process's log there)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import pino from 'pino';
import { INQUIRY_CHANNEL, PgInquiryEvents } from '../../src/inquiries/pg-events.js';
import { PgListener } from '../../src/jobs/pg-listener.js';
import { REPO_ROOT, TPCH_DIR } from '../helpers/paths.js';
import { startPostgres } from '../helpers/postgres.js';

const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
const QUESTIONS = Number(process.env.QUESTIONS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WAKES = Number(process.env.WAKES ?? 60);
const WORKER_CONCURRENCY = process.env.WORKER_CONCURRENCY ?? '2';
const QUESTION = 'revenue by region in 1996';

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const median = (xs: number[]) => quantile(xs, 0.5);
const ms = (x: number) => `${x.toFixed(1)} ms`;
const spread = (xs: number[]) => `p50 ${ms(quantile(xs, 0.5))}, p95 ${ms(quantile(xs, 0.95))}`;
/** Wall-clock time with sub-millisecond resolution (Date.now() is whole milliseconds). */
const now = () => performance.timeOrigin + performance.now();

interface Quarry {
  url: string;
  child: ChildProcess;
  /** durationMs of every "inquiry finished" the process logged. */
  runMs: number[];
}

function startQuarry(role: 'api' | 'worker', env: Record<string, string>): Promise<Quarry> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli.ts'), 'serve', '--role', role], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
      QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), `quarry-bench-scale-${role}-`)),
      QUARRY_PORT: '0',
      QUARRY_BOOTSTRAP_KEY: KEY,
      QUARRY_LOG_LEVEL: 'info',
      QUARRY_RATE_LIMIT_MAX: '1000000',
      QUARRY_ACCOUNT_MAX_ACTIVE: '10000',
      QUARRY_QUEUE_DEPTH: '10000',
      QUARRY_SHUTDOWN_GRACE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const runMs: number[] = [];
  const logFile = process.env.SCALE_LOG_DIR ? join(process.env.SCALE_LOG_DIR, `${role}-${child.pid}.log`) : null;
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      if (logFile) appendFileSync(logFile, `${line}\n`);
      try {
        const rec = JSON.parse(line) as { address?: string; msg?: string; durationMs?: number };
        if (rec.msg === 'inquiry finished' && typeof rec.durationMs === 'number') runMs.push(rec.durationMs);
        if (rec.address && /quarry (is serving|worker is running)/.test(rec.msg ?? '')) resolve({ url: rec.address, child, runMs });
      } catch {
        /* not JSON */
      }
    });
    child.once('exit', (code) => reject(new Error(`quarry serve --role ${role} exited with ${code}`)));
  });
}

const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
  });

async function call(method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const r = await fetch(url, {
    method,
    headers: { 'x-api-key': KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, json: await r.json() };
}

const server = await startPostgres();
const children: ChildProcess[] = [];
const log = pino({ level: 'silent' });
const env = { QUARRY_STORE: server.url };
const workerEnv = { ...env, QUARRY_CONCURRENCY: WORKER_CONCURRENCY, QUARRY_DUCKDB_THREADS: '1' };
console.log(`${cpus().length} cores; every process on QUARRY_STORE=postgres (PostgreSQL 15 on 127.0.0.1)`);
try {
  {
    // the bus alone, two connections as two processes would have
    const ends = await Promise.all(
      [0, 1].map(async () => {
        const pool = new pg.Pool({ connectionString: server.url, max: 1 });
        const listener = new PgListener(server.url, log);
        await listener.start();
        return { pool, listener, events: await PgInquiryEvents.create(pool, listener, log) };
      }),
    );
    const busLags: number[] = [];
    for (let i = 0; i < 200; i++) {
      const woke = new Promise<number>((resolve) => {
        const off = ends[1]!.events.on(`inq_${i}`, () => (off(), resolve(performance.now())));
      });
      const t0 = performance.now();
      ends[0]!.events.emit(`inq_${i}`, 'done');
      busLags.push((await woke) - t0);
    }
    console.log(`NOTIFY → LISTEN between two connections (200 runs): ${spread(busLags)}`);
    for (const e of ends) {
      await e.listener.stop();
      await e.pool.end();
    }
  }

  const api = await startQuarry('api', env);
  children.push(api.child);
  const base = `${api.url}/api`;
  const worker1 = await startQuarry('worker', workerEnv);
  children.push(worker1.child);
  const session = (await call('POST', `${base}/session/new`)).json.session_id as string;
  const ask = async () => (await call('POST', `${base}/session/${session}/inquiry/agent`, { query: QUESTION })).json.inquiry_id as string;

  // ---- long-poll wake-up across processes
  {
    // A bystander LISTEN connection: when the terminal NOTIFY of each inquiry left Postgres.
    const notified = new Map<string, number>();
    const bystander = new PgListener(server.url, log);
    await bystander.start();
    await bystander.listen(INQUIRY_CHANNEL, (payload) => {
      const id = payload.split(':')[0]!;
      if (!notified.has(id)) notified.set(id, now());
    });
    for (let i = 0; i < 3; i++) {
      const r = await call('GET', `${base}/inquiry/${await ask()}/result?timeout=60`);
      if (r.json.status?.general !== 'done')
        throw new Error(`the bench question did not answer: ${JSON.stringify(r.json.status)} ${r.json.error ?? ''}`);
    }
    const endToEnd: number[] = [];
    const workerSide: number[] = [];
    const apiSide: number[] = [];
    let early = 0;
    // Until WAKES samples count (a run can end before its long-poll waits: asked again).
    while (endToEnd.length < WAKES && early < WAKES * 2) {
      const id = await ask();
      const sent = now();
      const r = await call('GET', `${base}/inquiry/${id}/result?timeout=60&poll_interval=30`);
      const received = now();
      if (r.json.status?.general !== 'done') throw new Error(`unexpected ${JSON.stringify(r.json.status)}`);
      const completed = Date.parse(r.json.completed_at);
      const notifiedAt = notified.get(id);
      // A sample counts only if the long-poll was waiting before the worker completed.
      if (notifiedAt === undefined || completed < sent) {
        early++;
        continue;
      }
      endToEnd.push(received - completed);
      workerSide.push(notifiedAt - completed);
      apiSide.push(received - notifiedAt);
    }
    await bystander.stop();
    console.log(
      `long-poll wake-up across processes (${endToEnd.length} runs${early ? `; ${early} more finished before their poll waited, not counted` : ''}): ` +
        `completion on the worker → response at the client ${spread(endToEnd)}, max ${ms(Math.max(...endToEnd))} (goal p50 ≤ 10 ms)`,
    );
    console.log(
      `  of which completion → NOTIFY received by a bystander: ${spread(workerSide)}; NOTIFY → response at the client: ${spread(apiSide)}`,
    );
  }

  // ---- throughput with 1 and 2 workers, alternating
  {
    const burst = async () => {
      const t0 = performance.now();
      const ids = await Promise.all(Array.from({ length: QUESTIONS }, () => ask()));
      const states = await Promise.all(
        ids.map(async (id) => (await call('GET', `${base}/inquiry/${id}/result?timeout=300`)).json.status?.general as string),
      );
      const seconds = (performance.now() - t0) / 1000;
      const done = states.filter((s) => s === 'done').length;
      if (done !== QUESTIONS) throw new Error(`only ${done} of ${QUESTIONS} questions were answered`);
      return QUESTIONS / seconds;
    };
    const one: number[] = [];
    const two: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      one.push(await burst());
      const worker2 = await startQuarry('worker', workerEnv);
      children.push(worker2.child);
      two.push(await burst());
      await stop(worker2.child);
      children.pop();
      console.log(`  round ${round + 1}: 1 worker ${one.at(-1)!.toFixed(1)}/s, 2 workers ${two.at(-1)!.toFixed(1)}/s`);
    }
    console.log(
      `throughput, ${QUESTIONS} questions, median of ${ROUNDS} rounds: 1 worker ${median(one).toFixed(1)}/s, 2 workers ${median(two).toFixed(1)}/s; ratio ${(median(two) / median(one)).toFixed(2)}x`,
    );
    console.log(
      `  one run on a worker (its own log, durationMs): median ${ms(median(worker1.runMs))} at concurrency ${WORKER_CONCURRENCY}`,
    );
  }
} finally {
  for (const c of children.reverse()) await stop(c);
  await server.stop();
}
