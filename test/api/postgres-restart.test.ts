/**
 * PostgreSQL restarted under a running deployment, as operators do (`pg_ctl restart -m fast`: every
 * backend ends its session with 57P01 "terminating connection due to administrator command"). A
 * real server process on a Postgres store and queue must outlive it, with questions in flight and
 * on a busy host: no unhandled 'error' event from a pg client, no unhandled rejection from pg-boss's
 * unawaited job completion, ready again once the database is back, questions answered again after
 * it, and nothing lost from before. Readiness (an API's /api/ready, a worker's /readyz) is false
 * while the database is down and true again once it is back.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/cluster.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { PG_BIN, startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { TEST_KEY } from '../helpers/server.js';
import { scriptedServerArgs } from '../helpers/quarry-cli.js';

const run = promisify(execFile);

/** `pg_ctl restart -m fast` on the test server's data, as the postgres user when we are root. */
async function restartFast(pg: TestPostgres): Promise<void> {
  // -l: the restarted server writes to its log, not to pg_ctl's output (which would stay open).
  const args = ['-D', join(pg.dir, 'data'), '-l', join(pg.dir, 'log'), '-m', 'fast', '-w', '-t', '30', 'restart'];
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root) await run('runuser', ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), ...args]);
  else await run(join(PG_BIN, 'pg_ctl'), args);
}

describe('PostgreSQL restarted under a running server (store, queue, events on Postgres)', () => {
  let pg: TestPostgres;
  let child: ChildProcess;
  let url: string;
  const exits: (number | null)[] = [];
  const stderr: string[] = [];
  const api = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${url}/api${path}`, {
      ...init,
      headers: { 'x-api-key': TEST_KEY, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  const ask = async (session: string, query: string) =>
    (await (await api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query } })).json()).inquiry_id as string;
  const ready = async () => (await fetch(`${url}/api/ready`).catch(() => null))?.status === 200;

  /** A scripted `quarry serve` child of `role` on the test PostgreSQL; resolves to its URL. */
  const startChild = (role: 'all' | 'worker'): Promise<{ child: ChildProcess; url: string }> => {
    const c = spawn(process.execPath, scriptedServerArgs(), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        QUARRY_STORE: pg.url,
        QUARRY_ROLE: role,
        QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-pg-restart-')),
        QUARRY_PORT: '0',
        QUARRY_BOOTSTRAP_KEY: TEST_KEY,
        QUARRY_LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.on('exit', (code) => exits.push(code));
    c.stderr!.on('data', (d) => stderr.push(String(d)));
    return new Promise((resolve, reject) => {
      createInterface({ input: c.stdout! }).once('line', (line) => resolve({ child: c, url: JSON.parse(line).url }));
      c.once('exit', (code) => reject(new Error(`the ${role} server exited with ${code}: ${stderr.join('')}`)));
    });
  };
  let worker: { child: ChildProcess; url: string };

  beforeAll(async () => {
    // Acknowledged commits must survive halt() (`-m immediate`), as in production: with the test
    // default (synchronous_commit=off) the question submitted just before the outage could vanish.
    pg = await startPostgres({ durableCommits: true });
    // together: migrations and queue set-up take an advisory lock
    [{ child, url }, worker] = await Promise.all([startChild('all'), startChild('worker')]);
  }, 60_000);
  afterAll(async () => {
    for (const c of [child, worker?.child]) if (c && c.exitCode === null) c.kill('SIGKILL');
    await pg?.stop();
  });

  it('the process outlives the restart, readiness follows the database, and questions are answered again', async () => {
    const session = (await (await api('/session/new', { method: 'POST' })).json()).session_id as string;
    const before = await ask(session, 'end done before');
    expect((await (await api(`/inquiry/${before}/result?timeout=30`)).json()).status.general).toBe('done');
    // Several running across the restart: the process must outlive their queue and store calls
    // failing. (That each of them also ends needs the store-side watchdog of issue 26: an inquiry
    // whose terminal write or job completion fell into the outage can stay processing.)
    await Promise.all(Array.from({ length: 8 }, (_, i) => ask(session, `sleep ${200 * i} then done across ${i}`)));

    await restartFast(pg);
    const back = performance.now();
    await until('the server to be ready again', ready, 20_000).catch((err: Error) => {
      throw new Error(`${err.message}; exits ${JSON.stringify(exits)}; stderr: ${stderr.join('').slice(-6000)}`);
    });
    const readyAfterMs = performance.now() - back;

    expect(exits, stderr.join('')).toEqual([]);
    expect(stderr.join('')).not.toMatch(/Unhandled 'error' event/);
    const after = await ask(session, 'end done after');
    expect((await (await api(`/inquiry/${after}/result?timeout=30`)).json()).status.general).toBe('done');
    expect((await (await api(`/inquiry/${before}/status`)).json()).answer).toContain('before');
    console.log(`ready again ${readyAfterMs.toFixed(0)} ms after PostgreSQL was back`);
    expect(exits).toEqual([]);
  }, 120_000);

  it('readiness is false on both roles while PostgreSQL is down and true again after', async () => {
    const probe = async (u: string) => {
      const r = await fetch(u).catch(() => null);
      return r ? { status: r.status, body: (await r.json()) as { checks: { name: string; ok: boolean }[] } } : null;
    };
    const apiReady = () => probe(`${url}/api/ready`);
    const workerReady = () => probe(`${worker.url}/readyz`);
    await until(
      'both ready before the outage',
      async () => (await apiReady())?.status === 200 && (await workerReady())?.status === 200,
      20_000,
    );

    await pg.halt();
    try {
      const api = await until(
        'the API to report not ready',
        async () => ((r) => (r?.status === 503 ? r : undefined))(await apiReady()),
        20_000,
      );
      const wk = await until(
        'the worker to report not ready',
        async () => ((r) => (r?.status === 503 ? r : undefined))(await workerReady()),
        20_000,
      );
      expect(api.body.checks.find((c) => c.name === 'store')?.ok).toBe(false);
      expect(wk.body.checks.find((c) => c.name === 'store')?.ok).toBe(false);
    } finally {
      await pg.resume();
    }
    await until('both ready again', async () => (await apiReady())?.status === 200 && (await workerReady())?.status === 200, 20_000);
    expect(exits, stderr.join('')).toEqual([]);
    const session = (await (await api('/session/new', { method: 'POST' })).json()).session_id as string;
    const after = await ask(session, 'end done after the outage');
    expect((await (await api(`/inquiry/${after}/result?timeout=30`)).json()).status.general).toBe('done');
  }, 120_000);

  it('an answer computed while PostgreSQL is down is written once it is back, not lost', async () => {
    const session = (await (await api('/session/new', { method: 'POST' })).json()).session_id as string;
    const id = await ask(session, 'sleep 1500 then done across the outage');
    await new Promise((r) => setTimeout(r, 400));
    await pg.halt();
    try {
      await new Promise((r) => setTimeout(r, 3000)); // the run ends meanwhile
    } finally {
      await pg.resume();
    }
    // written as soon as the database answers again (without the retry: lost until the watchdog re-ran it, minutes later)
    const status = await until(
      'the inquiry to end',
      async () => {
        const r = await api(`/inquiry/${id}/status`).catch(() => null);
        const body = r?.status === 200 ? ((await r.json()) as { status: { general: string }; answer: string }) : undefined;
        return body && body.status.general !== 'processing' ? body : undefined;
      },
      20_000,
    );
    expect(status.status.general).toBe('done');
    expect(status.answer).toContain('across the outage');
    expect(exits, stderr.join('')).toEqual([]);
  }, 120_000);
});
