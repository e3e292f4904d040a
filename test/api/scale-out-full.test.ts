/**
 * Issue 14's acceptance test: one PostgreSQL, two API and two worker processes (`quarry serve
 * --role api|worker`, real child processes), the TPC-H warehouse, no LLM (the rule-based
 * interpreter and research planner). 200 questions and 2 research inquiries go in through both
 * APIs; the worker running a research inquiry is killed with SIGKILL while it also runs questions.
 *  - every inquiry ends terminal, every question is answered once (finished once, across all logs);
 *  - the research it was running resumes on the other worker without re-running finished
 *    sub-questions;
 *  - long-polls held on the other API than the one a question went in through wake within ms of
 *    its completion (the internal poll tick is 30 s: only the notification wakes them);
 *  - a per-minute report runs once per due time across all processes.
 * One shared set-up. The report clock ticks every second here (QUARRY_REPORT_TICK_MS) and the report
 * is dated a minute back, so its first due time has passed when the workers start: nothing waits
 * for a wall-clock minute (it used to, 40-90 s more).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { startPostgres, testPool, type TestPostgres } from '../helpers/postgres.js';
import { killStartedQuarryProcesses, startQuarryProcess, type QuarryProcess } from '../helpers/quarry-process.js';

const KEY = 'scale-full-key-0123456789abcdef0123456789abcdef';
const QUESTIONS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TERMINAL = ['done', 'failed', 'timeout', 'stopped', 'out_of_domain', 'out_of_scope', 'no_data'];

/** 200 distinct plain questions the rule-based interpreter answers over TPC-H (measure × breakdown × period). */
function questions(): string[] {
  const measures = ['revenue', 'number of orders', 'average order value', 'quantity'];
  const breakdowns = ['by region', 'by nation', 'by market segment', 'by order priority', 'by month', ''];
  const years = [1992, 1993, 1994, 1995, 1996, 1997, 1998];
  const months = ['January', 'April', 'July', 'October'];
  const all: string[] = [];
  for (const y of years) for (const m of measures) for (const b of breakdowns) all.push(`${m} ${b} in ${y}`.replace(/\s+/g, ' '));
  for (const y of years) for (const mo of months) for (const m of measures) all.push(`${m} by region in ${mo} ${y}`);
  return all.slice(0, QUESTIONS);
}

interface Poll {
  id: string;
  openedAt: number;
  receivedAt: number;
  body: {
    status: { general: string };
    answer?: string;
    completed_at: string | null;
    operations?: ResearchOperation[];
    final_answer?: string;
  };
}

describe('two API and two worker processes on one Postgres (issue 14)', () => {
  let postgres: TestPostgres;
  let db: pg.Pool;
  const apis: QuarryProcess[] = [];
  let workers: QuarryProcess[] = [];
  let report: { id: string };
  const startedAt = Date.now();

  beforeAll(async () => {
    postgres = await startPostgres();
    db = testPool(postgres.url);
    const env = {
      QUARRY_STORE: postgres.url,
      QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-scale-full-')),
      QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
      QUARRY_BOOTSTRAP_KEY: KEY,
      QUARRY_QUEUE_DEPTH: '1000',
      QUARRY_ACCOUNT_MAX_ACTIVE: '1000',
      QUARRY_RATE_LIMIT_MAX: '100000',
      QUARRY_CONCURRENCY: '4',
      QUARRY_DUCKDB_THREADS: '1',
      // one sub-question at a time, paced: the kill lands between finished and pending ones
      QUARRY_RESEARCH_CONCURRENCY: '1',
      QUARRY_RESEARCH_PACE_MS: '400',
      // leases long enough that a process starved of CPU on a busy machine is not taken for dead
      QUARRY_HEARTBEAT_MS: '500',
      QUARRY_STALE_AFTER_MS: '5000',
      // the shared report clock ticks every second instead of every minute
      QUARRY_REPORT_TICK_MS: '1000',
    };
    // The first API migrates the store; the others start beside each other.
    apis.push(await startQuarryProcess(env, ['--role', 'api']));
    const created = await apis[0]!.api('/reports', {
      method: 'POST',
      json: {
        name: 'pulse',
        question: 'Why did revenue change in 1997 compared with 1996?',
        schedule: '* * * * *',
        timezone: 'UTC',
        budget: { rounds: 1, queries: 2 },
      },
    });
    expect(created.status).toBe(200);
    report = await created.json();
    // As if made a minute ago: its first due time (a whole minute) has passed, and the next tick runs it.
    await db.query('UPDATE reports SET created_at = created_at - 60000 WHERE id = $1', [report.id]);
    const rest = await Promise.all([
      startQuarryProcess(env, ['--role', 'api']),
      startQuarryProcess(env, ['--role', 'worker']),
      startQuarryProcess(env, ['--role', 'worker']),
    ]);
    apis.push(rest[0]);
    workers = rest.slice(1);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.stop()));
    await killStartedQuarryProcesses();
    await db?.end();
    await postgres?.stop();
  }, 30_000);

  const ownerPid = async (inquiryId: string): Promise<number | null> =>
    (
      await db.query<{ pid: number }>(
        'SELECT p.pid FROM inquiries i JOIN processes p ON p.id = i.owner WHERE i.id = $1 AND i.status = $2',
        [inquiryId, 'processing'],
      )
    ).rows[0]?.pid ?? null;

  it('every inquiry ends once, research resumes where it was, long-polls wake at once, the report runs once', async () => {
    const [a, b] = apis as [QuarryProcess, QuarryProcess];
    const other = (api: QuarryProcess) => (api === a ? b : a);
    /** Held on the API the inquiry did not go in through; poll_interval=30: only a notification wakes it in time. */
    const poll = async (api: QuarryProcess, id: string): Promise<Poll> => {
      const openedAt = Date.now();
      try {
        const r = await other(api).api(`/inquiry/${id}/result?timeout=300&poll_interval=30`);
        const body = await r.json();
        return { id, openedAt, receivedAt: Date.now(), body };
      } catch (err) {
        // reported by the assertions (not as an unhandled rejection when the test already failed)
        return {
          id,
          openedAt,
          receivedAt: Date.now(),
          body: { status: { general: `the long-poll failed: ${String(err)}` }, completed_at: null },
        };
      }
    };

    // two investigations, one through each API
    const research: { id: string; poll: Promise<Poll> }[] = [];
    for (const api of apis) {
      const r = await api.api('/research', {
        method: 'POST',
        json: { question: 'Why did revenue change in 1997 compared with 1996?', budget: { rounds: 1, queries: 8 } },
      });
      expect(r.status).toBe(200);
      const id = (await r.json()).inquiry_id as string;
      research.push({ id, poll: poll(api, id) });
    }

    // 200 questions, half through each API (sessions of 10), submitted while the workers run
    const asked = new Map<string, string>();
    const polls: Promise<Poll>[] = [];
    const submitting = Promise.all(
      apis.map(async (api, half) => {
        const mine = questions().filter((_, i) => i % 2 === half);
        let session = '';
        for (const [i, q] of mine.entries()) {
          if (i % 10 === 0) session = (await (await api.api('/session/new', { method: 'POST' })).json()).session_id;
          const r = await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: q } });
          expect(r.status).toBe(200);
          const id = (await r.json()).inquiry_id as string;
          asked.set(id, q);
          polls.push(poll(api, id));
        }
      }),
    );

    // The worker running the first investigation dies once some of its sub-questions are done.
    const victimOf = research[0]!.id;
    let victim: QuarryProcess | undefined;
    for (const end = Date.now() + 60_000; Date.now() < end; await sleep(20)) {
      const ops = ((await (await a.api(`/inquiry/${victimOf}/status`)).json()).operations ?? []) as ResearchOperation[];
      if (ops.filter((o) => o.kind === 'query').length < 2) continue;
      const pid = await ownerPid(victimOf);
      victim = workers.find((w) => w.child.pid === pid);
      if (victim) break;
    }
    expect(victim, 'a worker running the first investigation with 2 sub-questions done').toBeDefined();
    const victimOwner = (await db.query<{ owner: string }>('SELECT owner FROM inquiries WHERE id = $1', [victimOf])).rows[0]!.owner;
    // Frozen first (alive, so nothing is taken from it), then what it holds is read, then it dies:
    // a dead pid on this host is taken over at once, before a read after the kill could see it.
    victim!.child.kill('SIGSTOP');
    // a checkpoint it sent just before it froze still commits on the server: let it land before reading
    // what it had finished (read too soon, that sub-question is neither done before nor run again)
    await sleep(500);
    // What the dead worker had: its running questions, and the sub-questions it had finished.
    const held = await db.query<{ id: string; type: string }>('SELECT id, type FROM inquiries WHERE owner = $1 AND status = $2', [
      victimOwner,
      'processing',
    ]);
    const before = (
      JSON.parse((await db.query<{ result: string }>('SELECT result FROM inquiries WHERE id = $1', [victimOf])).rows[0]!.result)
        .operations as ResearchOperation[]
    ).filter((o) => o.kind === 'query');
    await victim!.kill();
    const killedAt = Date.now();
    const survivor = workers.find((w) => w !== victim)!;
    expect(held.rows.filter((r) => r.type === 'agent').length, 'questions running on the killed worker').toBeGreaterThan(0);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeLessThan(8);

    await submitting;
    expect(asked.size).toBe(QUESTIONS);
    const answered = await Promise.all(polls);
    const investigated = await Promise.all(research.map((r) => r.poll));

    // every inquiry terminal; every question answered (the rule-based interpreter answers all 200)
    const rows = (
      await db.query<{ id: string; type: string; status: string; attempts: number }>('SELECT id, type, status, attempts FROM inquiries')
    ).rows;
    const ours = [...asked.keys(), ...research.map((r) => r.id)];
    for (const id of ours) expect(TERMINAL, id).toContain(rows.find((r) => r.id === id)?.status);
    for (const p of answered) {
      expect(p.body.status.general, asked.get(p.id)).toBe('done');
      expect(p.body.answer, asked.get(p.id)).toMatch(/\d/);
    }
    const regular = rows.filter((r) => asked.has(r.id));
    expect(regular.length).toBe(QUESTIONS);
    // once: each inquiry finished in exactly one process (the dead one's log up to its death included)
    const finishCounts = () => {
      const counts = new Map<string, number>();
      for (const p of [...workers, ...apis])
        for (const m of p.logged('inquiry finished')) counts.set(m.inquiryId as string, (counts.get(m.inquiryId as string) ?? 0) + 1);
      return counts;
    };
    // The live processes' lines come through pipes and may still be on their way when a long-poll returns.
    let counts = finishCounts();
    for (const end = Date.now() + 5_000; Date.now() < end && ours.some((id) => !counts.get(id)); await sleep(50)) counts = finishCounts();
    // The killed worker may have committed a finish and died before writing its log line: such an
    // inquiry is logged by no one, and allowed only when it finished before the kill.
    const finishedAt = new Map(
      (await db.query<{ id: string; finished_at: string }>('SELECT id, finished_at FROM inquiries')).rows.map((r) => [
        r.id,
        Number(r.finished_at),
      ]),
    );
    for (const id of ours) {
      const n = counts.get(id) ?? 0;
      if (n === 0)
        expect(finishedAt.get(id), `${id} logged by no process: finished by the killed worker before its death`).toBeLessThanOrEqual(
          killedAt,
        );
      else expect(n, `${id} finished once`).toBe(1);
    }
    // those the dead worker held ran again elsewhere; nothing else did
    const heldIds = new Set(held.rows.map((r) => r.id));
    for (const r of regular) expect(r.attempts, r.id).toBe(heldIds.has(r.id) ? 2 : 1);

    // wake-ups: polls opened before the completion, measured from the stored completion time
    const lags = [...answered, ...investigated]
      .filter((p) => p.body.completed_at && Date.parse(p.body.completed_at) > p.openedAt)
      .map((p) => p.receivedAt - Date.parse(p.body.completed_at!))
      .sort((x, y) => x - y);
    const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))]!;
    console.log(`long-poll wake on the other API: n=${lags.length} median=${at(0.5)} ms p90=${at(0.9)} ms max=${lags.at(-1)} ms`);
    expect(lags.length).toBeGreaterThan(QUESTIONS / 2);
    expect(lags[0]).toBeGreaterThanOrEqual(0);
    // The goal is 50 ms; the median keeps one scheduling hiccup on a busy 2-core machine from
    // deciding it, and the 30 s poll tick is far beyond either bound, so only a notification passes.
    expect.soft(at(0.5)).toBeLessThan(50);
    expect.soft(at(0.9)).toBeLessThan(1_000);

    // the per-minute report: at least one due time passed, and each ran once across all processes
    let runs: { inquiry_id: string; scheduled_for: string; status: string }[] = [];
    for (const end = Date.now() + 90_000; Date.now() < end; await sleep(250)) {
      runs = (await (await a.api(`/reports/${report.id}/runs`)).json()).runs;
      if (runs.some((r) => TERMINAL.includes(r.status))) break;
    }
    expect(runs.length).toBeGreaterThan(0);
    // let every process's clock have its chance at the same minute
    await sleep(2_000);
    runs = (await (await b.api(`/reports/${report.id}/runs`)).json()).runs;
    const dues = runs.map((r) => r.scheduled_for);
    expect(new Set(dues).size).toBe(dues.length);
    for (const due of dues) expect(Date.parse(due) % 60_000).toBe(0);
    // no process made a run and dropped it: the research inquiries are ours and the runs'
    const now = (await db.query<{ id: string; status: string }>(`SELECT id, status FROM inquiries WHERE type = 'research'`)).rows;
    expect(
      now
        .filter((r) => !research.some((x) => x.id === r.id))
        .map((r) => r.id)
        .sort(),
    ).toEqual(runs.map((r) => r.inquiry_id).sort());
    expect(now.filter((r) => r.status === 'stopped')).toEqual([]);
    // research: both done; the killed one resumed without repeating its finished sub-questions (soft: the figures above are reported either way)
    const traceOf = (id: string) =>
      [...apis, ...workers]
        .map(
          (p) =>
            `${p.child.pid}: ` +
            p.lines
              .filter((l) => l.includes(id))
              .filter((l) => !/incoming request|request completed/.test(l))
              .map((l) => l.slice(0, 300))
              .join(' | '),
        )
        .join('\n');
    const after = (investigated[0]!.body.operations ?? []).filter((o) => o.kind === 'query');
    const repeated = before.filter((op) => after.find((o) => o.id === op.id)?.started_at !== op.started_at).map((o) => o.id);
    if (repeated.length || investigated.some((p) => p.body.status.general !== 'done'))
      console.log(
        `sub-questions finished before the kill and run again: ${repeated.join(', ') || 'none'}; `,
        `victim ${victim!.child.pid}, survivor ${survivor.child.pid}\n${traceOf(victimOf)}\n${traceOf(research[1]!.id)}`,
      );
    for (const p of investigated)
      expect
        .soft(
          p.body.status.general,
          `${p.id === victimOf ? 'resumed' : 'other'} research: ${JSON.stringify({ error: (p.body as { error?: string }).error, operations: p.body.operations?.map((o) => `${o.id}:${o.status}`) })}`,
        )
        .toBe('done');
    expect.soft(after.map((o) => o.id).sort()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8']);
    for (const op of before) {
      const same = after.find((o) => o.id === op.id)!;
      expect.soft(same?.started_at, op.id).toBe(op.started_at);
      expect.soft(same?.finished_at, op.id).toBe(op.finished_at);
    }
    expect.soft(after.filter((o) => Date.parse(o.started_at) > killedAt).length).toBe(8 - before.length);
    expect.soft(survivor.logged('resuming research from its last checkpoint').some((m) => m.inquiryId === victimOf)).toBe(true);

    console.log(
      `scale-out-full: ${((Date.now() - startedAt) / 1000).toFixed(1)} s from set-up to the end, kill at ${before.length}/8 sub-questions, ${heldIds.size} inquiries held by the killed worker`,
    );
  }, 420_000);
});
