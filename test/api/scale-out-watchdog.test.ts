/**
 * Issue 26: nothing hangs on a live worker. An API process and worker processes on one real
 * PostgreSQL (full runtimes in this process, each with its own connections).
 *  - a heartbeat whose read of the rows comes back after the run's claim (a loaded event loop, a
 *    busy pool) does not take the run for lost: it ran once, was never cancelled, ended `done`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sleep } from '../helpers/cluster.js';
import { startPostgres } from '../helpers/postgres.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer } from '../helpers/server.js';

describe('a heartbeat whose read returns after the run was claimed', () => {
  it('does not cancel the run: every question ends done, each run once', async () => {
    const pg = await startPostgres();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-watchdog-beat-'));
    const common = { store: pg.url, heartbeatMs: 50, staleAfterMs: 10_000 };
    const api = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { ...common, role: 'api' } });
    const engine = scriptedEngine();
    const worker = await startTestServer({ dataDir, engine, overrides: { ...common, role: 'worker', concurrency: 2 } });
    try {
      // Every heartbeat's read of its runs' rows takes 200 ms to come back, as on a starved
      // process: with beats every 50 ms, a claim always lands while some read is on its way.
      const repo = worker.runtime.store.inquiries;
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
  }, 60_000);
});
