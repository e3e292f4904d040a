/**
 * The chaos scenario of issue 26, shared by the suite's test (scripted engine, scaled to fit CI)
 * and the drill (`npm run bench chaos`: the TPC-H warehouse, 300 questions, research, a report):
 * 2 API and 2 worker processes (real `quarry serve` children) on one real PostgreSQL, taken in
 * turn through a PostgreSQL restart (`pg_ctl restart -m fast`), kill -9 of a worker, kill -9 of an
 * API, SIGTERM of each role, and a CPU-saturated host (a busy loop per core), with questions
 * submitted throughout. With a report, PostgreSQL is also halted (`-m immediate`, as a crash) from
 * shortly before a report's due time to shortly after it: the missed due time must run once when
 * the database is back. It returns what happened; the caller asserts or prints.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { PG_BIN, startPostgres, testPool, type TestPostgres } from './postgres.js';
import { startQuarryProcess, type LaunchOptions, type QuarryProcess } from './quarry-process.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const TERMINAL = ['done', 'failed', 'timeout', 'stopped', 'out_of_domain', 'out_of_scope', 'no_data'];

export interface ChaosOptions {
  key: string;
  /** Settings of every process (the store, data dir and role are set here). */
  env: Record<string, string>;
  launch?: LaunchOptions;
  /** The i-th question (questions are spread over the phases). */
  question(i: number): string;
  questions: number;
  /** Research inquiries submitted at the start (each one's sub-questions are watched across the faults). */
  research?: { count: number; question: string; budget: Record<string, number> };
  /** A report due every minute, created at the start. */
  report?: { question: string; budget: Record<string, number> };
  /** How long the host is kept saturated. */
  busyMs: number;
  /** How long to wait for every inquiry to end after the last fault. */
  settleMs: number;
  /**
   * A question (not research) running longer than this counts as past the limit: the product's
   * time limit runs from a run's start; time waiting in the queue is reported apart (longestQueueWaitMs).
   */
  limitMs: number;
  /** The same for research inquiries (their budget's minutes plus a margin); default 11 minutes. */
  researchLimitMs?: number;
  log?: (line: string) => void;
  /** Keep each process's log lines there (`<role>-<pid>.log`), the killed ones' too. */
  logDir?: string;
}

export interface ChaosOutcome {
  submitted: string[];
  /** Submitted, and not terminal at the end (or gone). */
  lost: string[];
  /** Finished by more than one process (counted from every process's log, the killed ones' too). */
  duplicated: string[];
  /** Seen running for longer than limitMs (sampled every 500 ms): id, attempts, how long it took in all. */
  pastLimit: string[];
  /** The longest a question waited between submission and the start of its last run. */
  longestQueueWaitMs: number;
  /** Ended `failed` because their runs were "interrupted" (takeovers counted as restarts). */
  failedByTakeover: string[];
  statuses: Record<string, number>;
  /** From PostgreSQL accepting connections again to every process ready. */
  readyAfterRestartMs: number;
  /** The same after the outage across a report's due time (NaN without a report). */
  readyAfterOutageMs: number;
  /** Research: sub-questions finished before a fault and run again after it. */
  repeatedSubQuestions: string[];
  /** Research: how many sub-questions had finished before some fault (what the check above covers). */
  checkedSubQuestions: number;
  /** Research inquiries: status, sub-questions in the end, how often a run was taken over from a dead process. */
  research: { id: string; status: string; queries: number; interruptions: number }[];
  /** Report: due times run, and minutes missing or run twice between the first and the last. */
  report?: {
    dues: string[];
    missing: string[];
    twice: string[];
    statuses: Record<string, number>;
    runs: { scheduled_for: string; status: string }[];
  };
  phases: { name: string; ms: number }[];
  elapsedMs: number;
}

/** `pg_ctl restart -m fast` (as the postgres user when we are root). */
export async function restartPostgresFast(postgres: TestPostgres): Promise<void> {
  const args = ['-D', join(postgres.dir, 'data'), '-l', join(postgres.dir, 'log'), '-m', 'fast', '-w', '-t', '60', 'restart'];
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root) await run('runuser', ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), ...args]);
  else await run(join(PG_BIN, 'pg_ctl'), args);
}

/** A busy loop on every core until stop() (the host of the issue's report). */
export function saturateCpus(): { stop(): void } {
  const loops: ChildProcess[] = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return { stop: () => loops.forEach((l) => l.kill('SIGKILL')) };
}

export async function runChaos(options: ChaosOptions): Promise<ChaosOutcome> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  // a crash-stop must not take back what the database acknowledged, as in production
  const postgres = await startPostgres({ durableCommits: true });
  const db = testPool(postgres.url); // the restart ends its idle connections too
  const env = {
    ...options.env,
    QUARRY_STORE: postgres.url,
    QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-chaos-')),
    QUARRY_BOOTSTRAP_KEY: options.key,
  };
  const everyone: QuarryProcess[] = [];
  const roleOf = new Map<QuarryProcess, string>();
  const start = async (role: 'api' | 'worker') => {
    const t = performance.now();
    const p = await startQuarryProcess({ ...env, QUARRY_ROLE: role }, options.launch?.script ? [] : ['--role', role], options.launch);
    everyone.push(p);
    roleOf.set(p, role);
    log(`  ${role} ${p.pid} serving after ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return p;
  };
  const phases: ChaosOutcome['phases'] = [];
  const phase = async (name: string, fn: () => Promise<void>) => {
    const t = performance.now();
    log(`${((t - started) / 1000).toFixed(1)} s: ${name}`);
    await fn();
    phases.push({ name, ms: performance.now() - t });
  };

  const apis: QuarryProcess[] = [];
  const workers: QuarryProcess[] = [];
  const submitted: string[] = [];
  const pastLimit = new Set<string>();
  let sampling = true;
  let asked = 0;
  let turn = 0;
  const researchIds: string[] = [];
  /** Research sub-questions finished before each fault: id -> operation id -> started_at. */
  const finishedBefore = new Map<string, Map<string, string>>();
  let reportId: string | undefined;
  let readyAfterRestartMs = NaN;
  let readyAfterOutageMs = NaN;

  /** A load balancer's view: the next API in turn, the other when one is down or stopping. */
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const api = apis[turn++ % apis.length]!; // a killed one is still listed until its replacement serves
      const r = await api.api(path, init).catch(() => null);
      if (r && r.status !== 503 && r.status !== 502) return r;
      if (attempt > 200) throw new Error(`${path}: no API answered (last ${r?.status ?? 'connection refused'})`);
      await sleep(100);
    }
  };
  let session = '';
  const ask = async (n: number) => {
    for (let i = 0; i < n && asked < options.questions; i++, asked++) {
      if (asked % 10 === 0) session = (await (await call('/session/new', { method: 'POST' })).json()).session_id;
      const r = await call(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: options.question(asked) } });
      if (r.status !== 200) throw new Error(`submission answered ${r.status}: ${await r.text()}`);
      submitted.push((await r.json()).inquiry_id);
    }
  };
  const perPhase = Math.ceil(options.questions / 7);
  const noteFinishedSubQuestions = async () => {
    for (const id of researchIds) {
      const r = await db.query<{ result: string | null }>('SELECT result FROM inquiries WHERE id = $1', [id]).catch(() => null);
      const ops = (JSON.parse(r?.rows[0]?.result ?? '{}').operations ?? []) as ResearchOperation[];
      const seen = finishedBefore.get(id) ?? new Map<string, string>();
      for (const o of ops) if (o.kind === 'query' && o.finished_at) seen.set(o.id, o.started_at);
      finishedBefore.set(id, seen);
    }
  };
  const ready = async (p: QuarryProcess, role: 'api' | 'worker') => {
    const r = await fetch(`${p.url}${role === 'api' ? '/api/ready' : '/healthz'}`).catch(() => null);
    return r?.status === 200;
  };

  const researchLimitMs = options.researchLimitMs ?? 11 * 60_000;
  const sampler = (async () => {
    while (sampling) {
      const r = await db
        .query<{ id: string }>(
          `SELECT id FROM inquiries WHERE status = 'processing'
             AND ((type <> 'research' AND started_at < $1) OR (type = 'research' AND created_at < $2))`,
          [Date.now() - options.limitMs, Date.now() - researchLimitMs],
        )
        .catch(() => null);
      for (const row of r?.rows ?? []) pastLimit.add(row.id);
      await sleep(500);
    }
  })();

  try {
    await phase('start 2 API + 2 workers', async () => {
      // together: migrations and queue set-up take an advisory lock
      const all = await Promise.all([start('api'), start('api'), start('worker'), start('worker')]);
      apis.push(all[0], all[1]);
      workers.push(all[2], all[3]);
      if (options.report) {
        const r = await call('/reports', {
          method: 'POST',
          json: { name: 'chaos', question: options.report.question, schedule: '* * * * *', timezone: 'UTC', budget: options.report.budget },
        });
        if (r.status !== 200) throw new Error(`report: ${r.status} ${await r.text()}`);
        reportId = (await r.json()).id;
      }
      for (let i = 0; i < (options.research?.count ?? 0); i++) {
        const r = await call('/research', {
          method: 'POST',
          json: { question: options.research!.question, budget: options.research!.budget },
        });
        researchIds.push((await r.json()).inquiry_id);
      }
      await ask(perPhase);
    });

    /** From now until every process answers ready (NaN after two minutes). */
    const allReady = async () => {
      const back = performance.now();
      const roles = [...apis.map((p) => [p, 'api'] as const), ...workers.map((p) => [p, 'worker'] as const)];
      for (const end = Date.now() + 120_000; Date.now() < end; await sleep(50))
        if ((await Promise.all(roles.map(([p, role]) => ready(p, role)))).every(Boolean)) return performance.now() - back;
      return NaN;
    };

    await phase('PostgreSQL restart', async () => {
      await ask(perPhase);
      await noteFinishedSubQuestions();
      await restartPostgresFast(postgres);
      readyAfterRestartMs = await allReady();
    });

    if (options.report)
      await phase('PostgreSQL down across a report due time', async () => {
        await ask(perPhase);
        await noteFinishedSubQuestions();
        // halted 5 s before the next minute (the due time), back 5 s after it
        const due = Math.ceil((Date.now() + 6000) / 60_000) * 60_000;
        await sleep(due - 5000 - Date.now());
        await postgres.halt();
        log(`  PostgreSQL halted before the due time ${new Date(due).toISOString()}`);
        await sleep(due + 5000 - Date.now());
        await postgres.resume();
        readyAfterOutageMs = await allReady();
      });

    /**
     * The index of the worker running a research inquiry, when one is (so that the fault lands on
     * research under way and its resume is checked), else `fallback`.
     */
    const researchWorker = async (fallback: number) => {
      const r = await db
        .query<{ pid: number }>(
          `SELECT p.pid FROM inquiries i JOIN processes p ON p.id = i.owner
            WHERE i.type = 'research' AND i.status = 'processing' AND i.id = ANY($1)`,
          [researchIds],
        )
        .catch(() => null);
      const pids = new Set((r?.rows ?? []).map((row) => Number(row.pid)));
      const i = workers.findIndex((w) => pids.has(w.pid));
      if (i >= 0) log(`  the fault lands on worker ${workers[i]!.pid}, running research`);
      return i >= 0 ? i : fallback;
    };

    // Each fault's replacement starts at once, beside the next fault (process start-up is the slow part).
    await phase('kill -9 of a worker, then of an API', async () => {
      await ask(perPhase);
      await noteFinishedSubQuestions();
      const w = await researchWorker(0);
      await workers[w]!.kill();
      const worker = start('worker');
      await ask(perPhase);
      await noteFinishedSubQuestions();
      await apis[1]!.kill();
      const api = start('api');
      [workers[w], apis[1]] = await Promise.all([worker, api]);
    });

    await phase('SIGTERM of an API, then of a worker', async () => {
      await ask(perPhase);
      await apis[0]!.stop(30_000);
      const api = start('api');
      await ask(perPhase);
      await noteFinishedSubQuestions();
      const w = await researchWorker(1);
      await workers[w]!.stop(30_000);
      const worker = start('worker');
      [apis[0], workers[w]] = await Promise.all([api, worker]);
    });

    await phase('CPU-saturated host', async () => {
      const busy = saturateCpus();
      try {
        const until = Date.now() + options.busyMs;
        while (Date.now() < until && asked < options.questions) await ask(5);
        await sleep(Math.max(0, until - Date.now()));
      } finally {
        busy.stop();
      }
    });

    await phase('every inquiry ends', async () => {
      await ask(options.questions);
      const ours = [...submitted, ...researchIds];
      for (const end = Date.now() + options.settleMs; Date.now() < end; await sleep(250)) {
        // ours, and the report's runs started so far
        const r = await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM inquiries WHERE status = 'processing'
             AND (id = ANY($1) OR id IN (SELECT inquiry_id FROM report_runs WHERE report_id = $2))`,
          [ours, reportId ?? ''],
        );
        if (Number(r.rows[0]!.n) === 0) break;
      }
    });
  } finally {
    sampling = false;
    await sampler;
  }

  const ours = [...submitted, ...researchIds];
  const pastLimitDetail = (
    await db.query<{ id: string; attempts: number; created_at: string; finished_at: string | null; status: string }>(
      'SELECT id, attempts, created_at, finished_at, status FROM inquiries WHERE id = ANY($1)',
      [[...pastLimit].filter((id) => ours.includes(id))],
    )
  ).rows.map(
    (r) =>
      `${r.id} (${r.status}, attempts ${r.attempts}, ${r.finished_at ? `${((Number(r.finished_at) - Number(r.created_at)) / 1000).toFixed(1)} s in all` : 'not finished'})`,
  );
  const rows = (
    await db.query<{
      id: string;
      status: string;
      error: string | null;
      result: string | null;
      interruptions: number;
      created_at: string;
      started_at: string | null;
    }>('SELECT id, status, error, result, interruptions, created_at, started_at FROM inquiries WHERE id = ANY($1)', [ours])
  ).rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const statuses: Record<string, number> = {};
  for (const r of rows) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  // log lines of live processes may still be on their way through their pipes
  await sleep(1000);
  if (options.logDir) {
    mkdirSync(options.logDir, { recursive: true });
    for (const p of everyone) writeFileSync(join(options.logDir, `${roleOf.get(p)}-${p.pid}.log`), p.lines.join('\n') + '\n');
  }
  const finishes = new Map<string, number>();
  for (const p of everyone)
    for (const m of p.logged('inquiry finished')) finishes.set(m.inquiryId as string, (finishes.get(m.inquiryId as string) ?? 0) + 1);

  const repeatedSubQuestions: string[] = [];
  const research = researchIds.map((id) => {
    const ops = (JSON.parse(byId.get(id)?.result ?? '{}').operations ?? []) as ResearchOperation[];
    const queries = ops.filter((o) => o.kind === 'query');
    for (const [opId, startedAt] of finishedBefore.get(id) ?? []) {
      const now = queries.filter((o) => o.id === opId);
      if (now.length !== 1 || now[0]!.started_at !== startedAt) repeatedSubQuestions.push(`${id}:${opId}`);
    }
    return { id, status: byId.get(id)?.status ?? 'missing', queries: queries.length, interruptions: byId.get(id)?.interruptions ?? 0 };
  });
  const checkedSubQuestions = [...finishedBefore.values()].reduce((n, m) => n + m.size, 0);

  let report: ChaosOutcome['report'];
  if (reportId) {
    const runs = (await (await call(`/reports/${reportId}/runs`)).json()).runs as { scheduled_for: string; status: string }[];
    const dues = runs.map((r) => r.scheduled_for).sort();
    const minutes = dues.map((d) => Date.parse(d));
    const missing: string[] = [];
    for (let t = Math.min(...minutes); t <= Math.max(...minutes); t += 60_000)
      if (!minutes.includes(t)) missing.push(new Date(t).toISOString());
    const twice = dues.filter((d, i) => dues.indexOf(d) !== i);
    const runStatuses: Record<string, number> = {};
    for (const r of runs) runStatuses[r.status] = (runStatuses[r.status] ?? 0) + 1;
    report = { dues, missing, twice, statuses: runStatuses, runs };
  }

  const outcome: ChaosOutcome = {
    submitted,
    lost: ours.filter((id) => !TERMINAL.includes(byId.get(id)?.status ?? 'missing')),
    duplicated: ours.filter((id) => (finishes.get(id) ?? 0) > 1),
    pastLimit: pastLimitDetail,
    longestQueueWaitMs: Math.max(0, ...rows.filter((r) => r.started_at !== null).map((r) => Number(r.started_at) - Number(r.created_at))),
    failedByTakeover: rows.filter((r) => r.status === 'failed' && /interrupted/i.test(r.error ?? '')).map((r) => r.id),
    statuses,
    readyAfterRestartMs,
    readyAfterOutageMs,
    repeatedSubQuestions,
    checkedSubQuestions,
    research,
    report,
    phases,
    elapsedMs: performance.now() - started,
  };
  await Promise.all([...apis, ...workers].map((p) => p.stop(15_000).catch(() => p.kill())));
  await db.end();
  await postgres.stop();
  return outcome;
}
