/**
 * Issue 14: scheduled reports with several processes on Postgres run through one pg-boss
 * schedule, so each due time starts one run across all processes (no croner in any of them, no
 * inquiry made and deleted by the processes that lost). Waits for a real minute tick (≤ ~75 s).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPostgres } from '../helpers/postgres.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a per-minute report with two workers on one Postgres', () => {
  it('runs once per due time', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-scale-reports-'));
    const common = { store: pg.url };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    const workers: TestServer[] = [];
    try {
      for (let i = 0; i < 2; i++) workers.push(await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'worker' } }));
      const created = await (await api.api('/reports', { method: 'POST', json: { name: 'pulse', question: 'end done', schedule: '* * * * *', timezone: 'UTC' } })).json();
      let runs: { inquiry_id: string; scheduled_for: string; status: string }[] = [];
      const end = Date.now() + 100_000;
      while (Date.now() < end) {
        runs = (await (await api.api(`/reports/${created.id}/runs`)).json()).runs;
        if (runs.some((r) => r.status === 'done')) break;
        await sleep(500);
      }
      expect(runs.length).toBeGreaterThan(0);
      // let every process's clock have its chance at the same minute
      await sleep(3_000);
      runs = (await (await api.api(`/reports/${created.id}/runs`)).json()).runs;
      const dues = runs.map((r) => r.scheduled_for);
      expect(new Set(dues).size).toBe(dues.length);
      for (const due of dues) expect(Date.parse(due) % 60_000).toBe(0);
      const db = api.runtime.store.db;
      const research = await db.selectFrom('inquiries').select(['id', 'status']).where('type', '=', 'research').execute();
      expect(research.map((i) => i.id).sort()).toEqual(runs.map((r) => r.inquiry_id).sort());
      expect(research.filter((i) => i.status === 'stopped')).toEqual([]);
    } finally {
      for (const w of workers) await w.close();
      await api.close();
      await pg.stop();
    }
  }, 150_000);
});
