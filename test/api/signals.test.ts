/**
 * Stop signals as operators send them: `npm run quarry -- serve --role api|worker` in a process
 * group of its own, and SIGTERM to the whole group (Ctrl-C and most supervisors do that), sent
 * twice as a launcher relaying it makes it arrive. The one graceful path must run anyway:
 *  - an API holding an open long-poll answers it with a retryable 503 (Retry-After, {detail}) and
 *    is gone well within the grace period; the inquiry it took stays queued and is answered later;
 *  - a worker in the middle of a research inquiry hands it back (processing, no owner, its process
 *    row gone) within the grace period, and removes the DuckDB temp folder of its folder warehouse.
 * Times below are on a 2-core host shared with other test runs (2-4x slower than idle).
 */
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { testPool } from '../helpers/postgres.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/cluster.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { killStartedQuarryProcesses, startQuarryProcess, type QuarryProcess } from '../helpers/quarry-process.js';
import { postgresForFile, type FileDatabases } from '../helpers/shared-servers.js';

const KEY = 'signals-key-0123456789abcdef0123456789abcdef';
const GRACE_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM to the process group of npm-launched roles', () => {
  let postgres: FileDatabases;
  let db: pg.Pool;
  let tmp: string;
  let env: Record<string, string>;
  let front: QuarryProcess;

  beforeAll(async () => {
    postgres = await postgresForFile('signals');
    db = testPool(postgres.url);
    tmp = mkdtempSync(join(tmpdir(), 'quarry-signals-tmp-'));
    env = {
      QUARRY_STORE: postgres.url,
      QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-signals-')),
      // a folder warehouse: each process keeps its views database in $TMPDIR/quarry-duckdb-<pid>-*
      QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
      QUARRY_BOOTSTRAP_KEY: KEY,
      QUARRY_SHUTDOWN_GRACE_MS: String(GRACE_MS),
      QUARRY_RESEARCH_CONCURRENCY: '1',
      QUARRY_RESEARCH_PACE_MS: '500',
      QUARRY_HEARTBEAT_MS: '500',
      QUARRY_STALE_AFTER_MS: '10000',
      TMPDIR: tmp,
    };
    mkdirSync(tmp, { recursive: true });
    // The API the test talks to throughout; it migrates the store first.
    front = await startQuarryProcess(env, ['--role', 'api']);
  }, 120_000);

  afterAll(async () => {
    await front?.stop();
    await killStartedQuarryProcesses();
    await db?.end();
    await postgres?.stop();
  }, 30_000);

  const json = async (p: QuarryProcess, path: string, init: RequestInit & { json?: unknown } = {}) => (await p.api(path, init)).json();
  const row = async (id: string) =>
    (await db.query<{ status: string; owner: string | null }>('SELECT status, owner FROM inquiries WHERE id = $1', [id])).rows[0]!;
  const tempFoldersOf = (pid: number) => readdirSync(tmp).filter((f) => f.startsWith(`quarry-duckdb-${pid}-`));

  let queued: string;

  it('an API with an open long-poll answers it 503 + Retry-After and stops within the grace period', async () => {
    const api = await startQuarryProcess(env, ['--role', 'api'], { via: 'npm' });
    expect(tempFoldersOf(api.pid).length).toBe(1);
    const session = (await json(api, '/session/new', { method: 'POST' })).session_id as string;
    // No worker runs yet: the question waits in the queue, and the long-poll with it.
    queued = (await json(api, `/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'revenue by region in 1996' } }))
      .inquiry_id as string;
    const longPoll = api.api(`/inquiry/${queued}/result?timeout=300&poll_interval=30`);
    await until('the long-poll to be open', () => api.lines.some((l) => l.includes(`/inquiry/${queued}/result`)));
    await sleep(200);

    const sent = performance.now();
    api.signalGroup('SIGTERM');
    await sleep(50);
    api.signalGroup('SIGTERM'); // the same request arriving again (relayed by a launcher)
    const answer = await longPoll;
    const answeredMs = performance.now() - sent;
    await api.gone(GRACE_MS + 5000);
    const goneMs = performance.now() - sent;

    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await answer.json()).detail).toMatch(/shutting down/);
    expect(goneMs).toBeLessThan(GRACE_MS + 3000);
    expect(api.stderr.join('')).toMatch(/received SIGTERM: finishing running inquiries/);
    expect(api.stderr.join('')).not.toMatch(/stopping at once/);
    expect(tempFoldersOf(api.pid)).toEqual([]);
    // Not lost: still processing, answered by whichever process takes it.
    expect((await row(queued)).status).toBe('processing');
    console.log(
      `API: long-poll answered 503 after ${answeredMs.toFixed(0)} ms, process gone after ${goneMs.toFixed(0)} ms (busy 2-core host)`,
    );
  }, 90_000);

  it('a worker in the middle of a research inquiry hands it back, removes its temp folder and leaves the queue to others', async () => {
    const worker = await startQuarryProcess(env, ['--role', 'worker'], { via: 'npm' });
    // the question left by the stopped API is answered
    const done = await json(front, `/inquiry/${queued}/result?timeout=60`);
    expect(done.status.general).toBe('done');

    const { inquiry_id: research } = await json(front, '/research', {
      method: 'POST',
      json: { question: 'Why did revenue change in 1997 compared with 1996?', budget: { rounds: 1, queries: 8 } },
    });
    await until(
      'the research to be running on the worker',
      async () => (await json(front, `/inquiry/${research}/status`)).operations?.some((o: { kind: string }) => o.kind === 'query'),
      60_000,
    );
    expect(tempFoldersOf(worker.pid).length).toBe(1);
    const runner = (await row(research)).owner;
    expect((await db.query('SELECT pid FROM processes WHERE id = $1', [runner])).rows[0]?.pid).toBe(worker.pid);

    const sent = performance.now();
    worker.signalGroup('SIGTERM');
    await sleep(50);
    worker.signalGroup('SIGTERM');
    await worker.gone(GRACE_MS + 10_000);
    const goneMs = performance.now() - sent;

    const stderr = worker.stderr.join('');
    expect(stderr).toMatch(/received SIGTERM: finishing running inquiries/);
    expect(stderr).not.toMatch(/stopping at once/);
    expect(worker.logged('handed back unfinished inquiries for the next start')[0]).toMatchObject({ released: 1 });
    // handed back: still processing, no longer the stopped worker's (a live API may have queued it
    // again), and the worker no longer registered
    const after = await row(research);
    expect(after.status).toBe('processing');
    expect(after.owner).not.toBe(runner);
    expect((await db.query('SELECT 1 FROM processes WHERE id = $1', [runner])).rowCount).toBe(0);
    expect(tempFoldersOf(worker.pid)).toEqual([]);
    console.log(`worker: gone ${goneMs.toFixed(0)} ms after SIGTERM with a research running (grace ${GRACE_MS} ms; busy 2-core host)`);

    // ... and the next worker finishes it
    await startQuarryProcess(env, ['--role', 'worker'], { via: 'npm' });
    const finished = await json(front, `/inquiry/${research}/result?timeout=120`);
    expect(finished.status.general, finished.error).toBe('done');
  }, 240_000);
});
