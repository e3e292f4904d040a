/**
 * Issue 11, item 8: several processes on one data directory, and processes that die.
 *  - a second process arming the same scheduled report leaves no extra (stopped) inquiry;
 *  - recovery that ends a research interrupted too often keeps its stored operations;
 *  - a server killed with SIGKILL leaves no /tmp/quarry-duckdb-* folder behind once the next
 *    one starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../src/inquiries/service.js';
import { REPO_ROOT, TPCH_DIR } from '../helpers/paths.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { TEST_KEY, startTestServer } from '../helpers/server.js';
import { quarryArgs } from '../helpers/quarry-cli.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduled reports armed by two processes', () => {
  it('each due time starts one run, and the process that lost the race leaves nothing behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-two-schedulers-'));
    const a = await startTestServer({ dataDir, engine: scriptedEngine() });
    const b = await startTestServer({ dataDir, engine: scriptedEngine() });
    try {
      const created = await (
        await a.api('/reports', { method: 'POST', json: { name: 'pulse', question: 'end done', schedule: '0 0 1 1 *', timezone: 'UTC' } })
      ).json();
      // Both processes' schedulers fire the same due times at the same moment.
      const dues = [1, 2, 3, 4, 5].map((i) => Date.UTC(2026, 0, i));
      const started = await Promise.all(
        dues.flatMap((due) => [a.runtime.reports.fire(created.id, due), b.runtime.reports.fire(created.id, due)]),
      );
      expect(started.filter(Boolean)).toHaveLength(dues.length);

      const db = a.runtime.store.db;
      const runs = await db.selectFrom('report_runs').selectAll().where('report_id', '=', created.id).execute();
      expect(runs.map((r) => r.scheduled_for).sort()).toEqual(dues);
      const research = await db.selectFrom('inquiries').select(['id', 'status']).where('type', '=', 'research').execute();
      expect(research.filter((i) => i.status === 'stopped')).toEqual([]);
      expect(research.map((i) => i.id).sort()).toEqual(runs.map((r) => r.inquiry_id).sort());
      // no session without its inquiry either
      const sessions = await db.selectFrom('sessions').select('id').execute();
      const withInquiry = new Set((await db.selectFrom('inquiries').select('session_id').execute()).map((i) => i.session_id));
      expect(sessions.filter((x) => !withInquiry.has(x.id))).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('recovery of a research interrupted too often', () => {
  it('ends it failed and keeps the progress and operations it stored', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-research-recovery-'));
    const first = await startTestServer({ dataDir, engine: scriptedEngine() });
    const { inquiry_id } = await (await first.api('/research', { method: 'POST', json: { question: 'report progress then hang' } })).json();
    // by a deadline, not a count of polls (a loaded host starts the run late)
    for (const end = Date.now() + 30_000; Date.now() < end;) {
      const st = await (await first.api(`/inquiry/${inquiry_id}/status`)).json();
      if (st.operations?.length) break;
      await sleep(20);
    }
    await first.runtime.inquiries.shutdown(0);
    await first.runtime.store.db
      .updateTable('inquiries')
      // a run going on (started) when its process died, after MAX_ATTEMPTS - 1 such deaths already
      .set({ owner: 'proc_gone', attempts: MAX_ATTEMPTS, interruptions: MAX_ATTEMPTS - 1, started_at: Date.now() })
      .where('id', '=', inquiry_id)
      .execute();
    await first.close();

    const second = await startTestServer({ dataDir, engine: scriptedEngine() });
    try {
      const r = await (await second.api(`/inquiry/${inquiry_id}/result?timeout=30`)).json();
      expect(r.status.general).toBe('failed');
      expect(r.error).toMatch(/interrupted/);
      expect(r.operations).toEqual([{ kind: 'plan', status: 'done' }]);
      expect(r.progress).toBe(40);
    } finally {
      await second.close();
    }
  }, 90_000);
});

describe('a server killed with SIGKILL on a folder warehouse', () => {
  function serveIn(tmp: string, dataDir: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, quarryArgs('serve'), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        TMPDIR: tmp,
        QUARRY_DATA_DIR: dataDir,
        QUARRY_PORT: '0',
        QUARRY_BOOTSTRAP_KEY: TEST_KEY,
        QUARRY_LOG_LEVEL: 'info',
        QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return new Promise((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.includes('quarry is serving')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
  }

  it('leaves no views folder behind: the next start removes the dead one', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'quarry-tmp-'));
    const first = await serveIn(tmp, mkdtempSync(join(tmpdir(), 'quarry-data-')));
    const left = readdirSync(tmp).filter((n) => n.startsWith('quarry-duckdb-'));
    expect(left).toHaveLength(1);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(existsSync(join(tmp, left[0]!))).toBe(true); // a kill -9 skips every clean-up

    const second = await serveIn(tmp, mkdtempSync(join(tmpdir(), 'quarry-data-')));
    try {
      expect(existsSync(join(tmp, left[0]!))).toBe(false);
      expect(readdirSync(tmp).filter((n) => n.startsWith('quarry-duckdb-'))).toHaveLength(1); // the live one's own
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    }
    expect(readdirSync(tmp).filter((n) => n.startsWith('quarry-duckdb-'))).toEqual([]); // a clean stop removes its own
  }, 60_000);
});
