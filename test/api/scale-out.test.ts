/**
 * Issue 14: several processes on one PostgreSQL. Each Quarry here is a full runtime with its own
 * connections to a real Postgres (queue, LISTEN connection, rate-limit counts, state store), as
 * separate processes would have.
 *  - an API process only queues; worker processes run the inquiries, both of them;
 *  - a long-poll on the API wakes through NOTIFY when a worker finishes (not at its poll tick);
 *  - a stop on the API cancels the run on the worker through NOTIFY (not at its heartbeat);
 *  - the waiting line's depth counts the whole queue (429 from any API);
 *  - rate limits are shared by two API processes;
 *  - a worker process killed with SIGKILL mid-run: its inquiries are queued again and another
 *    worker finishes each of them once;
 *  - a heartbeat that reads a job's owner before the worker's claim is written does not cancel it;
 *  - a job fetched by a worker that died before claiming its inquiry is queued again after a lease.
 * The whole picture (2 APIs, 2 workers, 200 questions, research, a per-minute report) is in
 * scale-out-full.test.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startCluster, until, type Cluster } from '../helpers/cluster.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { scriptedServerArgs } from '../helpers/quarry-cli.js';
import { startPostgres } from '../helpers/postgres.js';
import { scriptedEngine, type ScriptedEngine } from '../helpers/scripted-engine.js';
import { TEST_KEY, startTestServer, type TestServer } from '../helpers/server.js';

describe('an API process and two workers on one Postgres', () => {
  let cluster: Cluster<ScriptedEngine>;
  let api: TestServer;
  let apiEngine: ScriptedEngine;
  let workers: { server: TestServer; engine: ScriptedEngine }[];

  beforeAll(async () => {
    // Heartbeats far apart: a stop must reach the worker through NOTIFY, not through its lease check.
    const overrides = { concurrency: 1, queueDepth: 4, heartbeatMs: 20_000, staleAfterMs: 60_000 };
    cluster = await startCluster({ apis: 1, workers: 2, engine: () => scriptedEngine(), overrides });
    ({ server: api, engine: apiEngine } = cluster.apis[0]!);
    workers = cluster.workers;
  }, 60_000);

  afterAll(async () => {
    await cluster?.close();
  }, 30_000);

  const newSession = async () => (await (await api.api('/session/new', { method: 'POST' })).json()).session_id as string;
  const ask = async (session: string, query: string) => {
    const r = await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query } });
    expect(r.status).toBe(200);
    return (await r.json()).inquiry_id as string;
  };

  it('the API only queues; both workers run inquiries and every answer arrives once', async () => {
    const session = await newSession();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await ask(session, `sleep 150 then done ${i}`));
    for (const id of ids) {
      const r = await (await api.api(`/inquiry/${id}/result?timeout=30`)).json();
      expect(r.status.general).toBe('done');
      expect(r.answer).toContain(`done ${ids.indexOf(id)}`);
    }
    expect(apiEngine.started).toEqual([]);
    const ran = workers.map((w) => w.engine.started.filter((id) => ids.includes(id)));
    // One at a time per worker: both took some, and each inquiry ran exactly once.
    expect(ran[0]!.length).toBeGreaterThan(0);
    expect(ran[1]!.length).toBeGreaterThan(0);
    expect([...ran[0]!, ...ran[1]!].sort()).toEqual([...ids].sort());
    // The worker serves no API, only its health and metrics.
    const health = await (await fetch(new URL('/healthz', workers[0]!.server.base))).json();
    expect(health).toMatchObject({ status: 'ok', role: 'worker' });
    expect((await fetch(new URL('/api/health', workers[0]!.server.base))).status).toBe(404);
  }, 30_000);

  it('a long-poll on the API wakes within milliseconds when a worker finishes', async () => {
    const session = await newSession();
    const lags: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await ask(session, 'sleep 200 then done');
      // poll_interval=30: only the notification can wake it in time
      const r = await api.api(`/inquiry/${id}/result?timeout=20&poll_interval=30`);
      const received = Date.now();
      const body = await r.json();
      expect(body.status.general).toBe('done');
      lags.push(received - Date.parse(body.completed_at));
    }
    lags.sort((a, b) => a - b);
    expect(lags[0]).toBeGreaterThanOrEqual(0);
    // The median, so that one scheduling hiccup does not decide it. The goal is 50 ms (a few ms on an
    // idle machine, see `npm run bench scale` for the figure); this checks the class, not the speed:
    // a bound far below the 30 s poll tick, which only the notification can meet, with room for a
    // saturated 2-core CI machine.
    expect(lags[2]).toBeLessThan(1_000);
    expect(lags[4]).toBeLessThan(5_000);
  }, 30_000);

  it('a stop on the API cancels the run on the worker at once', async () => {
    const session = await newSession();
    const id = await ask(session, 'hang');
    const runner = await until('a worker to start it', () => workers.find((w) => w.engine.started.includes(id)));
    const stoppedAt = Date.now();
    const r = await api.api(`/inquiry/${id}/stop`, { method: 'POST' });
    expect(r.status).toBe(200);
    await until('the worker to abort it', () => runner.engine.aborted.includes(id), 5_000);
    // heartbeats are 20 s apart: this was the notification
    expect(Date.now() - stoppedAt).toBeLessThan(1_000);
    const status = await (await api.api(`/inquiry/${id}/status`)).json();
    expect(status.status.general).toBe('stopped');
    await until('the worker to be free', () => runner.server.runtime.inquiries.queue.running === 0, 5_000);
  }, 30_000);

  it('when every notification connection is cut, runs go on and long-polls still wake', async () => {
    const session = await newSession();
    const id = await ask(session, 'sleep 1000 then done');
    await until('a worker to start it', () => workers.find((w) => w.engine.started.includes(id)));
    const reconnects = () => [api, ...workers.map((w) => w.server)].map((s) => s.runtime.shared!.listener.reconnects);
    const before = reconnects();
    await api.runtime.shared!.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'quarry-listener'`,
    );
    const t0 = Date.now();
    const body = await (await api.api(`/inquiry/${id}/result?timeout=20&poll_interval=30`)).json();
    expect(body.status.general).toBe('done');
    expect(Date.now() - t0).toBeLessThan(5_000);
    reconnects().forEach((n, i) => expect(n).toBeGreaterThan(before[i]!));
  }, 30_000);

  it('the waiting line counts the whole queue: beyond its depth any API answers 429', async () => {
    const session = await newSession();
    const running = [await ask(session, 'hang'), await ask(session, 'hang')];
    await until('both workers busy', () => workers.every((w) => w.server.runtime.inquiries.queue.running === 1));
    const waiting: string[] = [];
    for (let i = 0; i < 4; i++) waiting.push(await ask(session, 'hang'));
    expect(await api.runtime.inquiries.queue.waiting()).toBe(4);
    const refused = await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'hang' } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toMatch(/busy/);
    // The waiting ones first: a worker freed by a stop would otherwise start the next one.
    for (const id of [...waiting, ...running]) expect((await api.api(`/inquiry/${id}/stop`, { method: 'POST' })).status).toBe(200);
    // Stopped jobs still waiting are claimed and dropped without running.
    await until('the queue to empty', async () => (await api.runtime.inquiries.queue.waiting()) === 0, 15_000);
    for (const w of workers) for (const id of waiting) expect(w.engine.started).not.toContain(id);
  }, 40_000);
});

describe('accounts take turns in the Postgres queue', () => {
  it('a second account is not held back by the first one’s long queue', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-scale-fair-'));
    const common = { store: pg.url, concurrency: 1, queueDepth: 100 };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    let worker: TestServer | null = null;
    try {
      const { key: otherKey } = await api.runtime.keys.create((await api.runtime.store.accounts.create('other')).id, 'other');
      const submit = async (key: string, n: number) => {
        const session = (await (await api.api('/session/new', { method: 'POST', key })).json()).session_id;
        const ids: string[] = [];
        for (let i = 0; i < n; i++)
          ids.push(
            (
              await (
                await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', key, json: { query: 'sleep 20 then done' } })
              ).json()
            ).inquiry_id,
          );
        return ids;
      };
      const first = await submit(api.key, 6);
      const second = await submit(otherKey, 2);
      // Only now a worker starts: it takes the waiting jobs in turn order.
      const engine = scriptedEngine();
      worker = await startTestServer({ dataDir, engine, overrides: { ...common, role: 'worker' } });
      await until('all to run', () => engine.started.length === 8, 20_000);
      const owner = (id: string) => (second.includes(id) ? 'B' : first.includes(id) ? 'A' : '?');
      expect(engine.started.map(owner).join('')).toBe('ABABAAAA');
    } finally {
      await worker?.close();
      await api.close();
      await pg.stop();
    }
  }, 60_000);
});

describe('rate limits and the account cap across two API processes', () => {
  it('two APIs share one count per key, and one cap on the account’s inquiries in progress', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-scale-rl-'));
    const common = { store: pg.url, rateLimitMax: 8, rateLimitWindowMs: 60_000, accountMaxActive: 2 };
    const a = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    const b = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    try {
      // no worker runs: inquiries stay processing
      const sessionA = (await (await a.api('/session/new', { method: 'POST' })).json()).session_id;
      const sessionB = (await (await b.api('/session/new', { method: 'POST' })).json()).session_id;
      const submit = (s: TestServer, session: string) =>
        s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'hang' } });
      expect((await submit(a, sessionA)).status).toBe(200);
      expect((await submit(b, sessionB)).status).toBe(200);
      const capped = await submit(a, sessionA);
      expect(capped.status).toBe(429);
      expect((await capped.json()).detail).toMatch(/at most 2/);
      // 5 requests so far on this key; the limit is 8 per window for both APIs together
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) statuses.push((await a.api('/reports')).status);
      for (let i = 0; i < 3; i++) statuses.push((await b.api('/reports')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await b.api('/reports');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // another key (another account) has its own count
      const { key: api_key } = await a.runtime.keys.create((await a.runtime.store.accounts.create('other')).id, 'other');
      expect((await b.api('/reports', { key: api_key })).status).toBe(200);
    } finally {
      await b.close();
      await a.close();
      await pg.stop();
    }
  }, 60_000);
});

describe('a heartbeat while a worker is claiming a job', () => {
  it('does not cancel the run as lost: the job still shows its submitter as owner until the claim is written', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-scale-claim-'));
    // Heartbeats much closer together than the (slowed) claim: several read the job's owner before it is claimed.
    const common = { store: pg.url, heartbeatMs: 50, staleAfterMs: 10_000 };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    const engine = scriptedEngine();
    const worker = await startTestServer({ dataDir, engine, overrides: { ...common, role: 'worker' } });
    try {
      const repo = worker.runtime.store.inquiries;
      const claimQueued = repo.claimQueued.bind(repo);
      repo.claimQueued = async (...args: Parameters<typeof claimQueued>) => {
        await sleep(300);
        return claimQueued(...args);
      };
      const session = (await (await api.api('/session/new', { method: 'POST' })).json()).session_id;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          (
            await (
              await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: `sleep 50 then done ${i}` } })
            ).json()
          ).inquiry_id,
        );
      for (const id of ids) {
        const r = await (await api.api(`/inquiry/${id}/result?timeout=10&poll_interval=2`)).json();
        expect(r.status.general).toBe('done');
      }
      expect([...engine.started].sort()).toEqual([...ids].sort());
    } finally {
      await worker.close();
      await api.close();
      await pg.stop();
    }
  }, 60_000);
});

describe('a worker that fetched a job and died before claiming its inquiry', () => {
  it('the job is queued again after a lease, and another worker runs the inquiry once', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-scale-stalled-'));
    const common = { store: pg.url, heartbeatMs: 100, staleAfterMs: 1_000, concurrency: 1 };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    const deadEngine = scriptedEngine();
    const dead = await startTestServer({ dataDir, engine: deadEngine, overrides: { ...common, role: 'worker' } });
    let survivor: TestServer | null = null;
    try {
      // As good as dead from the queue's view: it holds the fetched job and never writes its claim.
      let fetched = false;
      dead.runtime.store.inquiries.claimQueued = () => ((fetched = true), new Promise<boolean>(() => undefined));
      const session = (await (await api.api('/session/new', { method: 'POST' })).json()).session_id;
      const id = (
        await (await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'sleep 50 then done' } })).json()
      ).inquiry_id;
      await until('the doomed worker to fetch it', () => fetched);
      const engine = scriptedEngine();
      survivor = await startTestServer({ dataDir, engine, overrides: { ...common, role: 'worker' } });
      const r = await (await api.api(`/inquiry/${id}/result?timeout=20&poll_interval=2`)).json();
      expect(r.status.general).toBe('done');
      expect(engine.started).toEqual([id]);
      expect(deadEngine.started).toEqual([]);
      expect((await api.runtime.store.inquiries.get(id))?.attempts).toBe(1);
    } finally {
      await survivor?.close();
      await dead.close();
      await api.close();
      await pg.stop();
    }
  }, 60_000);
});

describe('a worker process killed with SIGKILL mid-run', () => {
  it('its inquiries are queued again and another worker finishes each once', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-scale-kill-'));
    const lease = { heartbeatMs: 200, staleAfterMs: 1_000 };
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
        QUARRY_CONCURRENCY: '2',
        QUARRY_HEARTBEAT_MS: '200',
        QUARRY_STALE_AFTER_MS: '1000',
        QUARRY_LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let survivor: TestServer | null = null;
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
      });
      const session = (await (await api.api('/session/new', { method: 'POST' })).json()).session_id;
      const ids: string[] = [];
      for (let i = 0; i < 2; i++)
        ids.push(
          (
            await (
              await api.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: `sleep 1500 then done ${i}` } })
            ).json()
          ).inquiry_id,
        );
      await until('the doomed worker to start both', async () => {
        const rows = await Promise.all(ids.map((id) => api.runtime.store.inquiries.get(id)));
        return rows.every((r) => r?.started_at !== null && r?.owner !== api.runtime.inquiries.owner);
      });
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const engine = scriptedEngine();
      survivor = await startTestServer({ dataDir, engine, overrides: { store: pg.url, role: 'worker', ...lease } });
      for (const id of ids) {
        const r = await (await api.api(`/inquiry/${id}/result?timeout=30`)).json();
        expect(r.status.general).toBe('done');
        expect(r.answer).toContain(`done ${ids.indexOf(id)}`);
      }
      expect([...engine.started].sort()).toEqual([...ids].sort());
      for (const id of ids) expect((await api.runtime.store.inquiries.get(id))?.attempts).toBe(2);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await survivor?.close();
      await api.close();
      await pg.stop();
    }
  }, 60_000);
});
