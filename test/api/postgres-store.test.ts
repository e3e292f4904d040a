/**
 * The whole service with its state on PostgreSQL (QUARRY_STORE=postgres://...): accounts and keys
 * made by the CLI, questions answered by the real engine over a listening server, sessions,
 * reports, research checkpoints in Postgres and pruned when the inquiry ends (done, or stopped
 * mid-run; the same on SQLite), and state that outlives the process.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { Cron } from 'croner';
import pg from 'pg';
import { testPool } from '../helpers/postgres.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartupError, loadConfig } from '../../src/config.js';
import { createRuntime } from '../../src/runtime.js';
import type { StoreKind } from '../../src/store/db.js';
import { connectHttp, ok } from '../helpers/mcp.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { postgresForFile, type FileDatabases } from '../helpers/shared-servers.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { STORE_KINDS } from '../helpers/stores.js';
import { migrations as MIGRATIONS } from '../../src/store/migrations.js';
import { quarryArgs } from '../helpers/quarry-cli.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quarry(args: string[], env: Record<string, string>) {
  return run(process.execPath, quarryArgs(...args), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
}

let postgres: FileDatabases;
beforeAll(async () => {
  postgres = await postgresForFile('quarry_e2e');
});
afterAll(() => postgres?.stop());

const freshDatabase = (): Promise<string> => postgres.createDatabase('quarry_e2e');

async function json(res: Response | Promise<Response>, status = 200) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(status);
  return body;
}

describe('the service with QUARRY_STORE=postgres://...', () => {
  let url: string;
  let dataDir: string;
  let server: TestServer;
  let key: string;
  afterAll(() => server?.close());

  it('accounts and keys from the CLI, a question long-polled to done, sessions, a report; nothing written to SQLite', async () => {
    url = await freshDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'quarry-pgstore-'));
    const env = { QUARRY_STORE: url, QUARRY_DATA_DIR: dataDir };
    const account = (await quarry(['accounts', 'create', '--name', 'acme'], env)).stdout.trim();
    expect(account).toMatch(/^acc_/);
    key = (await quarry(['keys', 'create', '--name', 'ci', '--account', account], env)).stdout.trim();
    expect(key).toMatch(/^qk_/);
    const otherAccount = (await quarry(['accounts', 'create', '--name', 'other'], env)).stdout.trim();
    const otherKey = (await quarry(['keys', 'create', '--name', 'ci', '--account', otherAccount], env)).stdout.trim();

    server = await startTestServer({ dataDir, overrides: { store: url, demoScale: 0.01 } });
    expect(server.runtime.store.backend).toMatchObject({ kind: 'postgres', url });
    const as = { key };

    const { session_id } = await json(server.api('/session/new', { method: 'POST', ...as }));
    const { inquiry_id } = await json(
      server.api(`/session/${session_id}/inquiry/agent`, { method: 'POST', json: { query: 'revenue by region in 1997' }, ...as }),
    );
    const result = await json(server.api(`/inquiry/${inquiry_id}/result?timeout=30&poll_interval=2`, as));
    expect(result.status.general).toBe('done');
    expect(result.data.data).toHaveLength(5);
    expect(result.sql_query).toMatch(/select/i);
    // a follow-up in the same session sees the first (history read back from Postgres)
    const follow = await json(
      server.api(`/session/${session_id}/inquiry/agent`, { method: 'POST', json: { query: 'and in 1996?' }, ...as }),
    );
    expect((await json(server.api(`/inquiry/${follow.inquiry_id}/result?timeout=30`, as))).status.general).toBe('done');

    // sessions are listed for the key's account; another account sees none of them
    const mcpUrl = server.base.replace(/\/api$/, '/mcp');
    const { client } = await connectHttp(mcpUrl, { 'x-api-key': key });
    const other = await connectHttp(mcpUrl, { 'x-api-key': otherKey });
    try {
      const threads = await ok(client, 'get_recent_threads', { limit: 10 });
      expect(threads.threads.map((t: { session_id: string }) => t.session_id)).toEqual([session_id]);
      expect(threads.threads[0]).toMatchObject({ total_inquiries: 2, last_inquiry_id: follow.inquiry_id, last_status: 'done' });
      expect(Date.parse(threads.threads[0].created_at)).toBeGreaterThan(Date.now() - 120_000);
      expect((await ok(other.client, 'get_recent_threads', {})).threads).toEqual([]);
    } finally {
      await client.close();
      await other.client.close();
    }

    const report = await json(
      server.api('/reports', {
        method: 'POST',
        json: {
          name: 'pulse',
          question: 'How did revenue develop in 1997?',
          schedule: '0 8 * * 1',
          timezone: 'Europe/Zurich',
          budget: { rounds: 1, queries: 2 },
        },
        ...as,
      }),
    );
    expect(report).toMatchObject({ id: expect.stringMatching(/^rep_/), timezone: 'Europe/Zurich', last_run_at: null });
    expect((await json(server.api('/reports', as))).reports.map((r: { id: string }) => r.id)).toEqual([report.id]);
    // a due run through the scheduler's own path: recorded once in Postgres, ends done. The latest
    // due time before now, so the shared clock's next tick finds nothing missed since it to catch up.
    const due = new Cron('0 8 * * 1', { timezone: 'Europe/Zurich' }).previousRuns(1)[0]!.getTime();
    expect(await server.runtime.reports.fire(report.id, due)).toBeTruthy();
    expect(await server.runtime.reports.fire(report.id, due)).toBeFalsy();
    const runs = (await json(server.api(`/reports/${report.id}/runs`, as))).runs;
    expect(runs).toHaveLength(1);
    expect((await json(server.api(`/inquiry/${runs[0].inquiry_id}/result?timeout=60`, as))).status.general).toBe('done');

    // the state is in Postgres, with epoch-ms times as numbers; no SQLite store was created
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const counts = (
      await c.query(
        `select (select count(*) from accounts)::int as accounts, (select count(*) from inquiries where account_id = $1)::int as inquiries, (select count(*) from report_runs)::int as runs`,
        [account],
      )
    ).rows[0];
    await c.end();
    expect(counts).toEqual({ accounts: 2, inquiries: 3, runs: 1 });
    expect(typeof (await server.runtime.store.inquiries.get(inquiry_id))!.finished_at).toBe('number');
    expect(existsSync(join(dataDir, 'quarry.sqlite'))).toBe(false);
    expect(existsSync(join(dataDir, 'checkpoints.sqlite'))).toBe(false);
  }, 180_000);

  it('a second process on the same database serves what the first stored', async () => {
    await server.close();
    server = await startTestServer({
      dataDir: mkdtempSync(join(tmpdir(), 'quarry-pgstore-2-')),
      overrides: { store: url, demoScale: 0.01 },
    });
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { id } = (await c.query(`select id from inquiries where type = 'agent' order by created_at limit 1`)).rows[0];
    const migrations = (await c.query('select count(*)::int as n from kysely_migration')).rows[0].n;
    await c.end();
    expect(migrations).toBe(Object.keys(MIGRATIONS).length);
    // the key made by the CLI and the result, both read back from Postgres
    const status = await json(server.api(`/inquiry/${id}/status`, { key }));
    expect(status).toMatchObject({ status: { general: 'done' } });
  }, 120_000);
});

describe('two processes on one Postgres store', () => {
  it("a due report time starts one run across both, and a dead process's inquiry is taken over and finished once", async () => {
    const url = await freshDatabase();
    const start = () =>
      startTestServer({
        dataDir: mkdtempSync(join(tmpdir(), 'quarry-pg-two-')),
        engine: scriptedEngine(),
        overrides: { store: url, heartbeatMs: 200, staleAfterMs: 1000 },
      });
    const a = await start();
    const b = await start();
    try {
      const created = await json(
        a.api('/reports', { method: 'POST', json: { name: 'pulse', question: 'end done', schedule: '0 0 1 1 *', timezone: 'UTC' } }),
      );
      const dues = [1, 2, 3, 4, 5].map((i) => Date.UTC(2026, 0, i));
      const started = await Promise.all(
        dues.flatMap((due) => [a.runtime.reports.fire(created.id, due), b.runtime.reports.fire(created.id, due)]),
      );
      expect(started.filter(Boolean)).toHaveLength(dues.length);
      const db = b.runtime.store.db;
      const runs = await db.selectFrom('report_runs').selectAll().where('report_id', '=', created.id).execute();
      expect(runs.map((r) => r.scheduled_for).sort()).toEqual(dues);
      const research = await db.selectFrom('inquiries').select(['id', 'status']).where('type', '=', 'research').execute();
      expect(research.map((i) => i.id).sort()).toEqual(runs.map((r) => r.inquiry_id).sort());
      expect(research.filter((i) => i.status === 'stopped')).toEqual([]);

      // an inquiry whose owner died (its lease ran out) is taken over by one of the live processes
      const { session_id } = await json(a.api('/session/new', { method: 'POST' }));
      const { inquiry_id } = await json(a.api(`/session/${session_id}/inquiry/agent`, { method: 'POST', json: { query: 'hang' } }));
      await a.runtime.inquiries.shutdown(0); // a stops taking work and hands it back ...
      const longAgo = Date.now() - 60_000;
      await db
        .insertInto('processes')
        .values({ id: 'proc_dead', pid: 2, host: 'gone', started_at: longAgo, lease_until: longAgo })
        .execute();
      await db
        .updateTable('inquiries')
        .set({ owner: 'proc_dead', question: 'sleep 300 then done', attempts: 1 })
        .where('id', '=', inquiry_id)
        .execute(); // ... as if it had died
      const result = await json(b.api(`/inquiry/${inquiry_id}/result?timeout=20`));
      expect(result.status.general).toBe('done');
      const row = (await b.runtime.store.inquiries.get(inquiry_id))!;
      expect(row).toMatchObject({ status: 'done', owner: null, attempts: 2 });
      expect(typeof row.finished_at).toBe('number');
    } finally {
      await b.close();
      await a.close();
    }
  }, 120_000);
});

describe('a state store that cannot be opened', () => {
  it('stops start-up naming QUARRY_STORE, without its password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-pgstore-down-'));
    const down = `postgres://quarry:s3cret-pw@127.0.0.1:${postgres.port + 1}/quarry`; // nothing listens there
    const config = loadConfig({ env: {}, file: join(dataDir, 'none.yaml'), overrides: { dataDir, store: down } });
    const err = await createRuntime(config, { logger: pino({ level: 'silent' }), engine: async () => scriptedEngine() }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartupError);
    expect(String((err as Error).message)).toMatch(
      /the state store QUARRY_STORE=postgres:\/\/quarry:\*\*\*@127\.0\.0\.1:\d+\/quarry cannot be opened/,
    );
    expect(String((err as Error).message)).not.toContain('s3cret');
  });
});

describe.each(STORE_KINDS)('research checkpoints with the state on %s', (kind: StoreKind) => {
  let server: TestServer;
  let countCheckpoints: (threadId: string) => Promise<number>;
  let closeCounter = async () => {};
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `quarry-cp-${kind}-`));
    const url = kind === 'postgres' ? await freshDatabase() : undefined;
    // paced sub-questions: the investigation runs long enough to be seen checkpointing and to be stopped mid-run
    server = await startTestServer({
      dataDir,
      overrides: { demoScale: 0.01, researchPaceMs: 150, researchConcurrency: 1, ...(url ? { store: url } : {}) },
    });
    if (url) {
      const pool = testPool(url, 1);
      countCheckpoints = async (id) =>
        (await pool.query('select count(*)::int as n from checkpoints where thread_id = $1', [id])).rows[0].n;
      closeCounter = () => pool.end();
    } else {
      countCheckpoints = async (id) => {
        const db = new Database(join(dataDir, 'checkpoints.sqlite'), { readonly: true, fileMustExist: true });
        try {
          return (db.prepare('select count(*) as n from checkpoints where thread_id = ?').get(id) as { n: number }).n;
        } finally {
          db.close();
        }
      };
    }
  });
  afterAll(async () => {
    await server?.close();
    await closeCounter();
  });

  async function untilCheckpointed(id: string): Promise<number> {
    for (const end = Date.now() + 30_000; Date.now() < end;) {
      const n = await countCheckpoints(id).catch(() => 0);
      if (n > 0) return n;
      await sleep(25);
    }
    return 0;
  }

  it('are written while the research runs and pruned once it is done', async () => {
    const { inquiry_id } = await json(
      server.api('/research', { method: 'POST', json: { question: 'Why did revenue change in 1997 compared with 1996?' } }),
    );
    expect(await untilCheckpointed(inquiry_id)).toBeGreaterThan(0);
    expect((await json(server.api(`/inquiry/${inquiry_id}/result?timeout=90`))).status.general).toBe('done');
    for (let i = 0; i < 100 && (await countCheckpoints(inquiry_id)) > 0; i++) await sleep(20);
    expect(await countCheckpoints(inquiry_id)).toBe(0);
  }, 120_000);

  it('are pruned when the research is stopped mid-run, including what the run wrote after the stop', async () => {
    const { inquiry_id } = await json(
      server.api('/research', { method: 'POST', json: { question: 'Why did revenue change in 1997 compared with 1996?' } }),
    );
    expect(await untilCheckpointed(inquiry_id)).toBeGreaterThan(0);
    const stopped = await json(server.api(`/inquiry/${inquiry_id}/stop`, { method: 'POST' }));
    expect(stopped.status.general).toBe('stopped');
    for (let i = 0; i < 200 && (await countCheckpoints(inquiry_id)) > 0; i++) await sleep(25);
    expect(await countCheckpoints(inquiry_id)).toBe(0);
    // and it stays so once the run has wound down
    await sleep(500);
    expect(await countCheckpoints(inquiry_id)).toBe(0);
  }, 120_000);
});
