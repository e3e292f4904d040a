/**
 * Issue 26: nothing hangs on a live worker. An API process and worker processes on one real
 * PostgreSQL (full runtimes in this process, each with its own connections).
 *  - a heartbeat whose read of the rows comes back after the run's claim (a loaded event loop, a
 *    busy pool) does not take the run for lost: it ran once, was never cancelled, ended `done`;
 *  - a worker that gets no CPU for three leases (SIGSTOP, on a host whose cores are busy) keeps
 *    its run: no takeover, no interruption counted, it finishes it itself;
 *  - a run that does not stop at its time limit is ended `timeout` at its deadline by the
 *    watchdog, and the worker's readiness reports the stuck run until it returns;
 *  - an inquiry whose job ended without ending it is queued again and answered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InquiryEngine } from '../../src/inquiries/engine.js';
import { sleep, until } from '../helpers/cluster.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { startPostgres } from '../helpers/postgres.js';
import { scriptedServerArgs } from '../helpers/quarry-cli.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { TEST_KEY, startTestServer, type TestServer } from '../helpers/server.js';

const ask = async (api: TestServer, query: string) => {
  const session = (await (await api.api('/session/new', { method: 'POST' })).json()).session_id;
  return (await (await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query } })).json()).inquiry_id as string;
};

/** A process busy on every core for as long as it lives (a saturated host). */
const busyLoop = () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });

describe('a heartbeat whose read returns after the run was claimed', () => {
  it('does not cancel the run: every question ends done, each run once', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-watchdog-beat-'));
    const common = { store: pg.url, heartbeatMs: 50, staleAfterMs: 10_000 };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    const engine = scriptedEngine();
    const worker = await startTestServer({ dataDir, engine, overrides: { ...common, role: 'worker', concurrency: 2 } });
    try {
      // Every heartbeat's read of its runs' rows takes 200 ms to come back and every claim 300 ms
      // to be written, as on a starved process: with beats every 50 ms, each claim lands while a
      // read made before it is on its way back.
      const repo = worker.runtime.store.inquiries;
      const claimQueued = repo.claimQueued.bind(repo);
      repo.claimQueued = async (...args: Parameters<typeof claimQueued>) => {
        await sleep(300);
        return claimQueued(...args);
      };
      const ownership = repo.ownership.bind(repo);
      repo.ownership = async (ids: string[]) => {
        const rows = await ownership(ids);
        await sleep(200);
        return rows;
      };
      const session = (await (await api.api('/session/new', { method: 'POST' })).json()).session_id;
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: `sleep 400 then done ${i}` } });
        ids.push((await r.json()).inquiry_id);
      }
      for (const id of ids) {
        const r = await api.api(`/inquiry/${id}/result?timeout=15&poll_interval=2`);
        expect(r.status, `${id} still processing after 15 s`).toBe(200);
        expect((await r.json()).status.general, id).toBe('done');
      }
      // each ran once, to its end: none was dropped and run again
      expect([...engine.started].sort()).toEqual([...ids].sort());
      for (const id of ids) expect((await api.runtime.store.inquiries.get(id))?.attempts, id).toBe(1);
    } finally {
      await worker.close();
      await api.close();
      await pg.stop();
    }
  }, 120_000);
});

describe('a worker that gets no CPU for longer than its lease', () => {
  it('keeps its run: no other process takes it over, no interruption is counted, it finishes it', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-watchdog-starved-'));
    const lease = { heartbeatMs: 100, staleAfterMs: 1_000 };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { store: pg.url, role: 'api', ...lease } });
    const child = spawn(process.execPath, scriptedServerArgs(), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        QUARRY_STORE: pg.url,
        QUARRY_ROLE: 'worker',
        QUARRY_DATA_DIR: dataDir,
        QUARRY_PORT: '0',
        QUARRY_BOOTSTRAP_KEY: TEST_KEY,
        QUARRY_HEARTBEAT_MS: '100',
        QUARRY_STALE_AFTER_MS: '1000',
        QUARRY_LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const busy: ChildProcess[] = [];
    let other: TestServer | null = null;
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
      });
      const id = await ask(api, 'sleep 2000 then done');
      await until('the worker process to claim it', async () => {
        const r = await api.runtime.store.inquiries.get(id);
        return r?.started_at !== null && r?.owner !== api.runtime.inquiries.owner;
      });
      // Another worker, scanning for orphans every 100 ms, is there to take the run if it looked gone.
      const otherEngine = scriptedEngine();
      other = await startTestServer({ dataDir, engine: otherEngine, overrides: { store: pg.url, role: 'worker', ...lease } });
      // No CPU at all for three leases, on a host whose cores are busy.
      for (let i = 0; i < 2; i++) busy.push(busyLoop());
      child.kill('SIGSTOP');
      await sleep(3_000);
      child.kill('SIGCONT');
      const r = await (await api.api(`/inquiry/${id}/result?timeout=30&poll_interval=2`)).json();
      expect(r.status.general).toBe('done');
      expect(otherEngine.started).not.toContain(id);
      expect(await api.runtime.store.inquiries.get(id)).toMatchObject({ attempts: 1, interruptions: 0 });
    } finally {
      for (const b of busy) b.kill('SIGKILL');
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await other?.close();
      await api.close();
      await pg.stop();
    }
  }, 150_000);
});

describe('the watchdog', () => {
  it('ends a run that ignores its time limit as timeout at its deadline; the worker reports it stuck until it returns', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-watchdog-deadline-'));
    const common = { store: pg.url, heartbeatMs: 100, staleAfterMs: 1_000, inquiryTimeoutMs: 1_000 };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    // An engine that does not stop when cancelled (a statement the driver cannot interrupt).
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const started: string[] = [];
    const wedged: InquiryEngine = {
      ...scriptedEngine(),
      async run(job) {
        started.push(job.id);
        await released;
        return { status: 'done', result: { answer: 'too late' } };
      },
    };
    const worker = await startTestServer({ dataDir, engine: wedged, overrides: { ...common, role: 'worker' } });
    const readyz = async () => {
      const r = await fetch(new URL('/readyz', worker.base));
      return { status: r.status, body: (await r.json()) as { status: string; checks: { name: string; ok: boolean; detail?: string }[] } };
    };
    try {
      expect((await readyz()).status).toBe(200);
      const id = await ask(api, 'anything');
      const r = await (await api.api(`/inquiry/${id}/result?timeout=20&poll_interval=2`)).json();
      expect(r.status.general).toBe('timeout');
      expect(r.error).toMatch(/limit of 1\.0 s/);
      expect(started).toEqual([id]);
      const stuck = await until('the worker to report the stuck run', async () => {
        const ready = await readyz();
        return ready.status === 503 && ready;
      });
      expect(stuck.body.status).toBe('not_ready');
      expect(stuck.body.checks.find((c) => c.name === 'runs')).toMatchObject({ ok: false, detail: expect.stringContaining(id) });
      release();
      await until('the worker to be ready again', async () => (await readyz()).status === 200);
      // the late result changes nothing: terminal states are written once
      expect((await (await api.api(`/inquiry/${id}/status`)).json()).status.general).toBe('timeout');
    } finally {
      release();
      await worker.close();
      await api.close();
      await pg.stop();
    }
  }, 120_000);

  it('queues again an inquiry whose job ended without ending it, and it is answered', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-watchdog-lost-job-'));
    const common = { store: pg.url, heartbeatMs: 100, staleAfterMs: 1_000 };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    const engine = scriptedEngine();
    const worker = await startTestServer({ dataDir, engine, overrides: { ...common, role: 'worker' } });
    try {
      // The first job's claim is refused without a trace, as a stale copy's would be: the job
      // completes, the inquiry stays processing, its owner (the API) alive.
      const repo = worker.runtime.store.inquiries;
      const claimQueued = repo.claimQueued.bind(repo);
      let refused = 0;
      repo.claimQueued = async (...args: Parameters<typeof claimQueued>) => (refused++ === 0 ? false : claimQueued(...args));
      const id = await ask(api, 'sleep 10 then done');
      const r = await (await api.api(`/inquiry/${id}/result?timeout=20&poll_interval=2`)).json();
      expect(r.status.general).toBe('done');
      expect(refused).toBe(2);
      expect(engine.started).toEqual([id]);
      expect(await api.runtime.store.inquiries.get(id)).toMatchObject({ attempts: 1, interruptions: 0 });
    } finally {
      await worker.close();
      await api.close();
      await pg.stop();
    }
  }, 120_000);
});
